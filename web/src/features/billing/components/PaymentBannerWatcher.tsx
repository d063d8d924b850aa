// Loaded lazily by the layout for a signed-in user (it brings the full Firestore SDK): listens to users/{uid} and
// shows the failed-renewal banner on every page, public ones included. On protected pages the SDK shares this
// listener's watch with SubscriptionProvider's (same document, one stream).
import { useEffect, useState } from 'react';
import { parseUser, type UserDoc } from '@bargains/model/user';
import { watchUserDocument } from '@/lib/watch-user-document';
import { PaymentFailedBanner } from './PaymentFailedBanner';
import '../payment-banner.css';

/** Re-render at least this often, so "update by …" turns into "paused since …" at the deadline. */
const CLOCK_TICK_MS = 60_000;

export default function PaymentBannerWatcher({ uid }: { uid: string }) {
  const [user, setUser] = useState<{ uid: string; doc: UserDoc | null } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(
    () =>
      watchUserDocument(
        uid,
        (snapshot) => setUser({ uid, doc: snapshot.exists() ? parseUser(uid, snapshot.data()) : null }),
        // The banner is an extra: a failed listener hides it (the pages report their own read errors).
        (error) => console.error('billing.banner_listener_failed', { uid, error }),
      ),
    [uid],
  );
  const pastDue = user?.uid === uid && user.doc?.subscription_status === 'past_due';
  useEffect(() => {
    if (!pastDue) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, [pastDue]);

  return <PaymentFailedBanner user={user?.uid === uid ? user.doc : null} nowMillis={now} />;
}
