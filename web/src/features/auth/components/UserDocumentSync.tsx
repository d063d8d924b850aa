import { useEffect } from 'react';
import { useUser } from 'reactfire';
import { ensureUserDocument } from '../api/user-document-lazy';

/** On any auth-state change to signed in, make sure users/{uid} exists (spec §4). Renders nothing. */
export function UserDocumentSync() {
  const { data: user } = useUser();
  const uid = user?.uid;
  useEffect(() => {
    if (uid) void ensureUserDocument(uid);
  }, [uid]);
  return null;
}
