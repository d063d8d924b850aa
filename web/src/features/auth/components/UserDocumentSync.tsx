import { useEffect } from 'react';
import { useAuthState } from '@/lib/auth-state';
import { ensureUserDocumentUnlessConfirmed } from '@/lib/user-document-lazy';

interface UserDocumentSyncProps {
  /**
   * True for paths whose page watches users/{uid} itself (the protected routes, through SubscriptionProvider):
   * there the listener's first snapshot decides whether to create the document, so it is not read twice.
   */
  isWatchedPath: (pathname: string) => boolean;
}

/** On any auth-state change to signed in, make sure users/{uid} exists (docs/reference.md#signing-in). Renders nothing. */
export function UserDocumentSync({ isWatchedPath }: UserDocumentSyncProps) {
  const { user } = useAuthState();
  const uid = user?.uid;
  useEffect(() => {
    if (uid && !isWatchedPath(window.location.pathname)) void ensureUserDocumentUnlessConfirmed(uid);
  }, [uid, isWatchedPath]);
  return null;
}
