// Watches users/{uid} with the full Firestore SDK, which it loads itself (lib/watch-user-document.ts) once the
// page has rendered, and, when the page's first content is on its way (lib/first-content.ts), once that is painted:
// the pages' own reads use Firestore Lite and neither wait for it nor share the network with it.
import type { DocumentSnapshot, FirestoreError } from 'firebase/firestore';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { graceDeadlineMillis, hasDealAccess, parseUser, type UserDoc } from '@bargains/model/user';
import { afterFirstContent } from '@/lib/first-content';
import { rememberSubscriptionActive, wasSubscriptionActive } from '@/lib/subscriber-hint';
import { createUserDocument } from '@/lib/user-document-lazy';
import { isUserDocumentConfirmed, markUserDocumentConfirmed } from '@/lib/user-document-presence';
import { SubscriptionContext, type SubscriptionState } from '@/subscription/hooks/useSubscription';

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
      // Protected pages skip UserDocumentSync's read (docs/reference.md#signing-in): the server's answer here
      // decides instead. A cached "missing" is not trusted; an already confirmed document is not recreated.
      if (snapshot.exists()) markUserDocumentConfirmed(uid);
      else if (!snapshot.metadata.fromCache && !isUserDocumentConfirmed(uid)) void createUserDocument(uid);
      const user = snapshot.exists() ? parseUser(uid, snapshot.data()) : null;
      if (!snapshot.metadata.fromCache)
        rememberSubscriptionActive(uid, user !== null && hasDealAccess(user, Date.now()));
      setLatest({
        uid,
        // `active` is decided below by useDealAccess (hasDealAccess, again at a grace deadline).
        state: { status: 'ready', active: false, user, error: null },
      });
    };
    const onError = (error: FirestoreError | Error) => {
      console.error('auth.subscription_listener_failed: could not watch the user document', { uid, error });
      setLatest({ uid, state: { status: 'error', active: false, user: null, error } });
    };
    let stop: (() => void) | null = null;
    let stopped = false;
    afterFirstContent()
      .then(() => import('@/lib/watch-user-document'))
      .then(
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

  // The device's hint is read once per user, not on every render while the document is on its way.
  const assumedActive = useMemo(() => wasSubscriptionActive(uid), [uid]);
  const state = latest?.uid === uid ? latest.state : null;
  const active = useDealAccess(state?.status === 'ready' ? state.user : null);
  if (state === null) return assumedActive ? ASSUMED_ACTIVE : LOADING;
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
