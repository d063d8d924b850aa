import type { ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { monthlyPriceLabel } from '@/config/product';
import { useCheckout } from '@/subscription/hooks/useCheckout';
import { useSubscriptionStatus } from '@/subscription/hooks/useSubscriptionStatus';
import { SubscriptionStatusDetails } from './SubscriptionStatusDetails';
import '../billing.css';

const INCLUDED = [
  'Curated coupons, discounts and deals',
  'New bargains every day',
  'Cancel anytime, no hidden fees',
];

interface SubscribeScreenProps {
  /** Shown above the offer, e.g. why the subscription is not active yet. */
  notice?: ReactNode;
}

/** What a signed-in user without an active subscription sees on /dashboard (docs/reference.md#billing). */
export function SubscribeScreen({ notice }: SubscribeScreenProps) {
  const checkout = useCheckout();
  const status = useSubscriptionStatus();

  return (
    <div className="subscribe">
      {notice}
      <section className="subscribe__offer card" aria-labelledby="subscribe-title">
        <h2 id="subscribe-title" className="subscribe__title">
          Premium Access
        </h2>
        <p className="subscribe__price">
          <span className="subscribe__amount">{monthlyPriceLabel}</span>
          <span className="subscribe__period">/month</span>
        </p>
        <ul className="subscribe__included">
          {INCLUDED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Button size="large" block loading={checkout.busy} onClick={() => void checkout.startCheckout()}>
          {checkout.state === 'idle' ? 'Subscribe Now' : 'Opening secure checkout…'}
        </Button>
        {checkout.error && <Alert>{checkout.error}</Alert>}
        <p className="subscribe__note">You will be taken to our payment provider's secure checkout page.</p>
      </section>
      <section className="subscribe__status" aria-labelledby="subscribe-status-title">
        <h2 id="subscribe-status-title" className="subscribe__status-title">
          Already subscribed?
        </h2>
        <p className="muted">Check what our records show for your subscription.</p>
        <Button
          variant="secondary"
          loading={status.phase === 'loading'}
          onClick={() => void status.refresh()}
        >
          Refresh Subscription Status
        </Button>
        <div aria-live="polite">
          {status.phase === 'error' && (
            <Alert>Failed to get subscription status: {status.error.message}</Alert>
          )}
          {status.data && <SubscriptionStatusDetails subscription={status.data} />}
        </div>
      </section>
    </div>
  );
}
