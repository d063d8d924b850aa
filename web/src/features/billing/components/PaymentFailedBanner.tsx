// The failed-renewal banner on every signed-in page: the failed amount, the deadline, and a button to the billing
// portal. It reads the user document the webhook mirrors; the watcher below listens to it, so the banner goes away
// by itself when the card is fixed (invoice.paid → active).
import { useEffect, useState } from 'react';
import { Button } from '@/components/Button';
import type { UserDoc } from '@bargains/model/user';
import { createPortalSession } from '@/subscription/api/billing-api';
import { paymentFailure } from '@/subscription/lib/billing-copy';
import { leaveAppFor } from '@/lib/leave-app';

type Pending = 'idle' | 'opening' | 'failed';

export function PaymentFailedBanner({ user, nowMillis }: { user: UserDoc | null; nowMillis: number }) {
  const [pending, setPending] = useState<Pending>('idle');
  const failure = paymentFailure(user, nowMillis);

  // Back from the portal, the browser may restore this page as it was left (busy): make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  if (failure === null) return null;
  const amount = failure.amount === null ? 'Your renewal payment' : `Your ${failure.amount} renewal payment`;

  const updateCard = async () => {
    setPending('opening');
    try {
      const result = await createPortalSession();
      if (result.kind === 'portal') {
        leaveAppFor(result.url);
        return;
      }
    } catch (error) {
      console.error('billing.banner_portal_failed', error);
    }
    setPending('failed');
  };

  return (
    <section className="payment-banner" role="alert" aria-label="Payment failed">
      <p className="payment-banner__text">
        <strong>{amount} failed.</strong>{' '}
        {failure.locked
          ? `Your deals are paused since ${failure.deadline}: update your card to get them back.`
          : `Update your card by ${failure.deadline} to keep your deals.`}
      </p>
      <Button
        className="payment-banner__action"
        loading={pending === 'opening'}
        disabled={pending === 'opening'}
        onClick={() => void updateCard()}
      >
        {pending === 'opening' ? 'Opening billing...' : 'Update card'}
      </Button>
      {pending === 'failed' && (
        <p className="payment-banner__error">
          We couldn’t open billing just now. Please try again in a moment.
        </p>
      )}
    </section>
  );
}
