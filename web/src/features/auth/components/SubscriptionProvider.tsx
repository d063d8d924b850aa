// Imports the full Firestore SDK: only ever load this module lazily (through ProtectedRoute).
import { doc, onSnapshot } from 'firebase/firestore';
import { useEffect, useState, type ReactNode } from 'react';
import { userDocPath } from '@model/paths';
import { graceDeadlineMillis, hasDealAccess, parseUser, type UserDoc } from '@model/user';
import { db } from '@/lib/firestore';
import { createUserDocument } from '../api/user-document-lazy';
import { isUserDocumentConfirmed, markUserDocumentConfirmed } from '../api/user-document-presence';
import { SubscriptionContext, type SubscriptionState } from '@/hooks/useSubscription';

const LOADING: SubscriptionState = { status: 'loading', active: false, user: null, error: null };

function useLiveSubscription(uid: string): SubscriptionState {
  // Tagged with the uid it belongs to, so a change of user reads as loading instead of the previous user's state.
  const [latest, setLatest] = useState<{ uid: string; state: SubscriptionState } | null>(null);

  useEffect(
    () =>
      onSnapshot(
        doc(db, userDocPath(uid)),
        (snapshot) => {
          // Protected pages skip UserDocumentSync's read (docs/reference.md#signing-in): the server's answer here
          // decides instead. A cached "missing" is not trusted; an already confirmed document is not recreated.
          if (snapshot.exists()) markUserDocumentConfirmed(uid);
          else if (!snapshot.metadata.fromCache && !isUserDocumentConfirmed(uid))
            void createUserDocument(uid);
          const user = snapshot.exists() ? parseUser(uid, snapshot.data()) : null;
          setLatest({ uid, state: { status: 'ready', active: false, user, error: null } });
        },
        (error) => {
          console.error('auth.subscription_listener_failed: could not watch the user document', {
            uid,
            error,
          });
          setLatest({ uid, state: { status: 'error', active: false, user: null, error } });
        },
      ),
    [uid],
  );

  const state = latest?.uid === uid ? latest.state : LOADING;
  const active = useDealAccess(state.status === 'ready' ? state.user : null);
  return state.status === 'ready' ? { ...state, active } : state;
}

/**
 * hasDealAccess (the rules' definition) now, and again when a grace period runs out: the deals lock at the
 * deadline without a reload, as the rules start refusing them.
 */
function useDealAccess(user: UserDoc | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const deadline = user === null ? null : graceDeadlineMillis(user);
  useEffect(() => {
    // Nothing to wait for, or already judged at or after the deadline.
    if (deadline === null || now >= deadline) return undefined;
    // A deadline already past (a document that arrived late) is judged at once. setTimeout's limit is about
    // 24.8 days; a longer wait is re-armed when it ends.
    const wait = Math.min(Math.max(deadline - Date.now(), 0), 2 ** 31 - 1);
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [deadline, now]);
  return hasDealAccess(user, now);
}

export function SubscriptionProvider({ uid, children }: { uid: string; children: ReactNode }) {
  const state = useLiveSubscription(uid);
  return <SubscriptionContext.Provider value={state}>{children}</SubscriptionContext.Provider>;
}
