// Imports the full Firestore SDK: only ever load this module lazily (through ProtectedRoute).
import { doc, onSnapshot } from 'firebase/firestore';
import { useEffect, useState, type ReactNode } from 'react';
import { userDocPath } from '@model/paths';
import { parseUser } from '@model/user';
import { db } from '@/lib/firestore';
import { rememberSubscriptionActive } from '@/lib/subscriber-hint';
import { createUserDocument } from '../api/user-document-lazy';
import { isUserDocumentConfirmed, markUserDocumentConfirmed } from '../api/user-document-presence';
import { SubscriptionContext, type SubscriptionState } from '../hooks/useSubscription';

const LOADING: SubscriptionState = { status: 'loading', active: false, user: null, error: null };

function useLiveSubscription(uid: string): SubscriptionState {
  // Tagged with the uid it belongs to, so a change of user reads as loading instead of the previous user's state.
  const [latest, setLatest] = useState<{ uid: string; state: SubscriptionState } | null>(null);

  useEffect(
    () =>
      onSnapshot(
        doc(db, userDocPath(uid)),
        (snapshot) => {
          // Protected pages skip UserDocumentSync's read (spec §4 create-if-missing): the server's answer here
          // decides instead. A cached "missing" is not trusted; an already confirmed document is not recreated.
          if (snapshot.exists()) markUserDocumentConfirmed(uid);
          else if (!snapshot.metadata.fromCache && !isUserDocumentConfirmed(uid))
            void createUserDocument(uid);
          const user = snapshot.exists() ? parseUser(uid, snapshot.data()) : null;
          if (!snapshot.metadata.fromCache)
            rememberSubscriptionActive(uid, user?.subscription_active === true);
          setLatest({
            uid,
            state: { status: 'ready', active: user?.subscription_active === true, user, error: null },
          });
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

  return latest?.uid === uid ? latest.state : LOADING;
}

export function SubscriptionProvider({ uid, children }: { uid: string; children: ReactNode }) {
  const state = useLiveSubscription(uid);
  return <SubscriptionContext.Provider value={state}>{children}</SubscriptionContext.Provider>;
}
