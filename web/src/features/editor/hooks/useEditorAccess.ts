import { useEffect, useState } from 'react';
import { useAuthState } from '@/lib/auth-state';
import { readEditorClaim } from '../lib/editor-claim';

/**
 * The signed-in user's editor role: 'checking' while a fresh ID token is fetched, then 'editor' or 'not-editor'
 * (signed out counts as not an editor); 'failed' when the token could not be fetched (offline, session ended).
 */
export type EditorAccess =
  | { status: 'checking' }
  | { status: 'editor' }
  | { status: 'not-editor' }
  | { status: 'failed'; error: unknown };

export function useEditorAccess(): EditorAccess {
  const { user } = useAuthState();
  const [checked, setChecked] = useState<{ uid: string; access: EditorAccess } | null>(null);

  useEffect(() => {
    if (!user) return;
    let current = true;
    readEditorClaim(user).then(
      (editor) => {
        if (current) setChecked({ uid: user.uid, access: { status: editor ? 'editor' : 'not-editor' } });
      },
      (error: unknown) => {
        console.warn('editor.access_check_failed', error);
        if (current) setChecked({ uid: user.uid, access: { status: 'failed', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [user]);

  if (!user) return { status: 'not-editor' };
  return checked?.uid === user.uid ? checked.access : { status: 'checking' };
}
