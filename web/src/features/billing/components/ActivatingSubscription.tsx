import { useEffect, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { SupportEmailLink } from '@/components/SupportEmailLink';
import { SubscribeScreen } from './SubscribeScreen';
import '../billing.css';

/** Payment confirmations (webhooks) normally arrive within seconds; after this, say so instead of spinning. */
const ACTIVATION_PATIENCE_MS = 30_000;

/**
 * Shown on /dashboard right after checkout until the webhook flips subscription_active (the parent watches
 * the flag live and replaces this with the deals). After a while it explains the delay and offers the
 * status check, while still waiting for the flag.
 */
export function ActivatingSubscription({ patienceMs = ACTIVATION_PATIENCE_MS }: { patienceMs?: number }) {
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), patienceMs);
    return () => clearTimeout(timer);
  }, [patienceMs]);

  if (!waitedTooLong) {
    return (
      <div className="activating card" role="status" aria-live="polite">
        <Spinner size="large" label="Activating your subscription" />
        <h2 className="activating__title">Activating your subscription…</h2>
        <p className="muted">
          Thanks for your payment! We are waiting for the confirmation from our payment provider. Your
          bargains will appear here automatically, usually within a few seconds.
        </p>
      </div>
    );
  }
  return (
    <SubscribeScreen
      notice={
        <Alert tone="info">
          <strong>Your subscription is not active yet.</strong> The payment confirmation is taking longer than
          usual; this page updates by itself as soon as it arrives. If you paid and nothing changes within a
          few minutes, use Refresh Subscription Status below or write to <SupportEmailLink />. If you did not
          finish the payment, you can subscribe below.
        </Alert>
      }
    />
  );
}
