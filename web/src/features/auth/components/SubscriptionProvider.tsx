// Watches users/{uid} with the full Firestore SDK, which it loads itself (api/watch-user-document.ts) once the
// page has rendered: the pages' own reads use Firestore Lite and do not wait for it.
import type { DocumentSnapshot, FirestoreError } from 'firebase/firestore';
import { useEffect, useState, type ReactNode } from 'react';
import { parseUser } from '@model/user';
import { rememberSubscriptionActive, wasSubscriptionActive } from '@/lib/subscriber-hint';
import { createUserDocument } from '../api/user-document-lazy';
import { isUserDocumentConfirmed, markUserDocumentConfirmed } from '../api/user-document-presence';
import { SubscriptionContext, type SubscriptionState } from '../hooks/useSubscription';

const LOADING: SubscriptionState = { status: 'loading', active: false, user: null, error: null };
/**
 * Until the user document arrives, a user this device last saw with an active subscription is taken to still have
 * it, so the subscriber's pages render (and start their reads) at once. Only a head start: the security rules
 * refuse a lapsed subscriber's reads, and the document, when it arrives, decides.
 */
const ASSUMED_ACTIVE: SubscriptionState = { status: 'ready', active: true, user: null, error: null };

function useLiveSubscription(uid: string): SubscriptionState {
  // Tagged with the uid it belongs to, so a change of user reads as loading instead of the previous user's state.
  const [latest, setLatest] = useState<{ uid: string; state: SubscriptionState } | null>(null);

  useEffect(() => {
    const onNext = (snapshot: DocumentSnapshot) => {
      // Protected pages skip UserDocumentSync's read (spec §4 create-if-missing): the server's answer here
      // decides instead. A cached "missing" is not trusted; an already confirmed document is not recreated.
      if (snapshot.exists()) markUserDocumentConfirmed(uid);
      else if (!snapshot.metadata.fromCache && !isUserDocumentConfirmed(uid)) void createUserDocument(uid);
      const user = snapshot.exists() ? parseUser(uid, snapshot.data()) : null;
      if (!snapshot.metadata.fromCache) rememberSubscriptionActive(uid, user?.subscription_active === true);
      setLatest({
        uid,
        state: { status: 'ready', active: user?.subscription_active === true, user, error: null },
      });
    };
    const onError = (error: FirestoreError | Error) => {
      console.error('auth.subscription_listener_failed: could not watch the user document', { uid, error });
      setLatest({ uid, state: { status: 'error', active: false, user: null, error } });
    };
    let stop: (() => void) | null = null;
    let stopped = false;
    import('../api/watch-user-document').then(
      ({ watchUserDocument }) => {
        if (!stopped) stop = watchUserDocument(uid, onNext, onError);
      },
      (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [uid]);

  if (latest?.uid === uid) return latest.state;
  return wasSubscriptionActive(uid) ? ASSUMED_ACTIVE : LOADING;
}

export function SubscriptionProvider({ uid, children }: { uid: string; children: ReactNode }) {
  const state = useLiveSubscription(uid);
  return <SubscriptionContext.Provider value={state}>{children}</SubscriptionContext.Provider>;
}
