import { useContext, useEffect, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Section } from '@/components/layout/Page';
import { Spinner } from '@/components/Spinner';
import { cancelSubscription, createPortalSession, resumeSubscription } from '@/subscription/api/billing-api';
import { useCheckout } from '@/subscription/hooks/useCheckout';
import { useSubscriptionStatus } from '@/subscription/hooks/useSubscriptionStatus';
import { leaveAppFor } from '@/lib/leave-app';
import { subscriptionDisplay } from '@/subscription/lib/subscription-display';
import { failedRenewalText, nextChargeText, paymentMethodText } from '@/subscription/lib/billing-copy';
import { SubscriptionContext } from '@/subscription/hooks/useSubscription';
import { subscriptionStatusView } from '@bargains/model/subscription-status';
import { ACCOUNT_MESSAGES, CANCEL_CONFIRMATION } from '../lib/account-messages';

type Pending = 'cancel' | 'resubscribe' | 'portal' | null;
type Message = { tone: 'success' | 'error'; text: string } | null;

type SubscriptionStatus = ReturnType<typeof useSubscriptionStatus>;

/** get_subscription_status's answer, kept in step with the live mirror, and the mirror's own billing lines. */
function useSubscriptionFacts() {
  const status = useSubscriptionStatus({ loadOnMount: true });
  // The webhook's live mirror (ProtectedRoute's listener): the next charge without asking Stripe.
  const live = useContext(SubscriptionContext);
  const nextCharge = nextChargeText(live?.user ?? null);
  const failure = failedRenewalText(live?.user ?? null, live?.active ?? false);
  const card = paymentMethodText(live?.user ?? null);
  // The status line comes from get_subscription_status, which answers from this same mirror. When the mirror says
  // something else than the line shows (a renewal failed, the card was fixed while the page is open), ask again so
  // the status and the offered button follow without a reload. Keyed by the mirror's view: one change asks once,
  // even if an answer still lags behind the snapshot.
  const { data, refresh } = status;
  const mirrorView = live?.user ? subscriptionStatusView(live.user) : null;
  const staleFor =
    mirrorView !== null &&
    data !== null &&
    (mirrorView.status !== data.status || mirrorView.current_period_end !== data.current_period_end)
      ? `${mirrorView.status}|${mirrorView.current_period_end}`
      : null;
  useEffect(() => {
    if (staleFor !== null) void refresh();
  }, [staleFor, refresh]);
  return { status, nextCharge, failure, card };
}

/** Cancel, Resubscribe and Manage billing, with the action under way and its outcome. */
function useSubscriptionActions(status: SubscriptionStatus) {
  const checkout = useCheckout();
  const [pending, setPending] = useState<Pending>(null);
  const [message, setMessage] = useState<Message>(null);

  const cancel = async () => {
    if (!window.confirm(CANCEL_CONFIRMATION)) return;
    setPending('cancel');
    setMessage(null);
    try {
      await cancelSubscription();
    } catch (error) {
      console.error('account.cancel_failed', error);
      setMessage({ tone: 'error', text: ACCOUNT_MESSAGES.cancelFailed });
      setPending(null);
      return;
    }
    await status.refresh();
    setMessage({ tone: 'success', text: ACCOUNT_MESSAGES.canceled });
    setPending(null);
  };

  // Resumes a canceled subscription that still runs; with nothing to resume (409) it checks the status
  // and, unless the subscription is in fact active, starts a new checkout.
  const resubscribe = async () => {
    setPending('resubscribe');
    setMessage(null);
    try {
      const result = await resumeSubscription();
      if (result.kind === 'resumed') {
        status.show(result.subscription);
        setMessage({ tone: 'success', text: ACCOUNT_MESSAGES.resumed });
        return;
      }
      const current = await status.refresh();
      if (current?.status === 'active') {
        setMessage({ tone: 'success', text: ACCOUNT_MESSAGES.alreadyActive });
        return;
      }
      await checkout.startCheckout();
    } catch (error) {
      console.error('account.resubscribe_failed', error);
      setMessage({ tone: 'error', text: ACCOUNT_MESSAGES.resumeFailed });
    } finally {
      setPending(null);
    }
  };

  // Back from the portal, the browser may restore this page as it was left (busy): make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // The card, invoices and receipts live on Stripe's billing portal; the page stays busy until the browser leaves.
  const manageBilling = async () => {
    setPending('portal');
    setMessage(null);
    try {
      const result = await createPortalSession();
      if (result.kind === 'portal') {
        leaveAppFor(result.url);
        return;
      }
      setMessage({ tone: 'error', text: ACCOUNT_MESSAGES.noBilling });
    } catch (error) {
      console.error('account.portal_failed', error);
      setMessage({ tone: 'error', text: ACCOUNT_MESSAGES.portalFailed });
    }
    setPending(null);
  };

  return { checkout, pending, message, cancel, resubscribe, manageBilling };
}

/** The section before the first status answer: a spinner, or the load failure with Try Again. */
function SubscriptionLoading({ status }: { status: SubscriptionStatus }) {
  return (
    <Section title="Subscription" id="subscription">
      {status.phase === 'error' ? (
        <>
          <Alert>{ACCOUNT_MESSAGES.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void status.refresh()}>
            Try Again
          </Button>
        </>
      ) : (
        <Spinner label="Loading your subscription" />
      )}
    </Section>
  );
}

/** Status, payment method, the period line (or the next charge) and a failed renewal's notice. */
function SubscriptionFacts({
  data,
  nextCharge,
  failure,
  card,
}: {
  data: NonNullable<SubscriptionStatus['data']>;
  nextCharge: string | null;
  failure: string | null;
  card: string | null;
}) {
  const display = subscriptionDisplay(data.status, data.current_period_end);
  return (
    <>
      <dl className="account-facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="subscription-status">{display.statusLabel ?? 'No subscription'}</dd>
        </div>
        {card && (
          <div>
            <dt>Payment method</dt>
            <dd data-testid="payment-method">{card}</dd>
          </div>
        )}
      </dl>
      {/* The spec's period line for its status, and after it the mirror's words on what happens next. The spec
          names no line for 'active': there the next charge ("Renews on …") takes the period line's place. */}
      {data.status === 'active' && nextCharge ? (
        <p className="account-period" data-testid="next-charge">
          {nextCharge}
        </p>
      ) : (
        display.periodText && (
          <p className="account-period" data-testid="subscription-period">
            {display.periodText}
            {nextCharge ? <span data-testid="next-charge"> · {nextCharge}</span> : null}
          </p>
        )
      )}
      {failure ? (
        <p className="account-period account-period--failed" data-testid="renewal-failed">
          {failure}
        </p>
      ) : null}
    </>
  );
}

/** Status and period end by the rules of docs/reference.md#billing, with Cancel Subscription or Resubscribe. */
export function SubscriptionSection() {
  const { status, nextCharge, failure, card } = useSubscriptionFacts();
  const { checkout, pending, message, cancel, resubscribe, manageBilling } = useSubscriptionActions(status);
  const { data } = status;

  if (data === null) return <SubscriptionLoading status={status} />;

  const display = subscriptionDisplay(data.status, data.current_period_end);
  const busy = pending !== null || checkout.busy;
  const resubscribing = pending === 'resubscribe' || checkout.busy;
  return (
    <Section title="Subscription" id="subscription">
      <SubscriptionFacts data={data} nextCharge={nextCharge} failure={failure} card={card} />
      {status.phase === 'error' && <Alert>{ACCOUNT_MESSAGES.loadFailed}</Alert>}
      <div className="button-row">
        {display.action === 'cancel' && (
          <Button
            variant="secondary"
            loading={pending === 'cancel'}
            disabled={busy}
            onClick={() => void cancel()}
          >
            {pending === 'cancel' ? 'Canceling...' : 'Cancel Subscription'}
          </Button>
        )}
        {display.action === 'resubscribe' && (
          <Button loading={resubscribing} disabled={busy} onClick={() => void resubscribe()}>
            {resubscribing ? 'Resubscribing...' : 'Resubscribe'}
          </Button>
        )}
        {data.status !== null && (
          <Button
            variant="secondary"
            loading={pending === 'portal'}
            disabled={busy}
            onClick={() => void manageBilling()}
          >
            {pending === 'portal' ? 'Opening billing...' : 'Manage billing'}
          </Button>
        )}
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {checkout.error && <Alert>{checkout.error}</Alert>}
    </Section>
  );
}
