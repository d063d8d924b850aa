// /dashboard (lazy route chunk): the deals for subscribers, the subscribe screen for everybody else.
import { useUser } from 'reactfire';
import { useLocation } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Page } from '@/components/layout/Page';
import { PageSpinner } from '@/components/Spinner';
import { FirstRunEmailPrompt } from '@/features/account/components/FirstRunEmailPrompt';
import { useSubscription } from '@/hooks/useSubscription';
import { ActivatingSubscription } from '@/features/billing/components/ActivatingSubscription';
import { SubscribeScreen } from '@/features/billing/components/SubscribeScreen';
import { isCheckoutReturn } from '@/features/billing/lib/checkout-return';
import { db } from '@/lib/firestore';
import { DealBrowser } from '@/features/dashboard/components/DealBrowser';
import { useListParams } from '@/features/dashboard/hooks/useListParams';
import { useSavedDeals } from '@/features/dashboard/hooks/useSavedDeals';
import '@/features/dashboard/dashboard.css';

export default function DashboardPage() {
  return (
    <ErrorBoundary name="dashboard">
      <DashboardContent />
    </ErrorBoundary>
  );
}

function DashboardContent() {
  const subscription = useSubscription();
  const { data: user } = useUser();
  const location = useLocation();

  if (subscription.status === 'loading') return <PageSpinner label="Checking your subscription" />;

  if (subscription.status === 'error') {
    return (
      <Page title="Your Bargains" width="narrow">
        <Alert>Failed to check your subscription: {subscription.error.message}</Alert>
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
      </Page>
    );
  }

  if (!subscription.active) {
    const activating = isCheckoutReturn(location.state);
    return (
      <Page
        title={activating ? 'Activating your subscription' : 'Subscribe'}
        heading={activating ? 'Welcome aboard!' : 'Unlock your bargains'}
        lead={activating ? undefined : 'Subscribe to see every curated coupon, discount and deal.'}
        width="narrow"
      >
        {activating ? <ActivatingSubscription /> : <SubscribeScreen />}
      </Page>
    );
  }

  return <SubscriberDeals uid={user?.uid ?? null} checkoutReturn={isCheckoutReturn(location.state)} />;
}

/** The deal browser with its state in the URL and the user's saved deals (hooks only a subscriber runs). */
function SubscriberDeals({ uid, checkoutReturn }: { uid: string | null; checkoutReturn: boolean }) {
  const { params, setParams } = useListParams();
  const saved = useSavedDeals(db, uid);
  return (
    // The header's container width, so the grid's edges line up with the brand and the footer.
    <Page title="Your Bargains" lead="Live deals, hand-picked and checked for you.">
      {uid ? <FirstRunEmailPrompt uid={uid} checkoutReturn={checkoutReturn} /> : null}
      <DealBrowser db={db} uid={uid} params={params} onParamsChange={setParams} saved={saved} />
    </Page>
  );
}
