// /dashboard (lazy route chunk): the deals for subscribers, the subscribe screen for everybody else.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Page } from '@/components/layout/Page';
import { PageSpinner } from '@/components/Spinner';
import { readPending as emailPromptPending } from '@/features/account/lib/email-prompt-state';
import { useSubscription } from '@/subscription/hooks/useSubscription';
import { ActivatingSubscription } from '@/features/billing/components/ActivatingSubscription';
import { SubscribeScreen } from '@/features/billing/components/SubscribeScreen';
import { isCheckoutReturn } from '@/features/billing/lib/checkout-return';
import { useAuthState } from '@/lib/auth-state';
import { keepDashboardSession } from '@/lib/dashboard-session';
import { afterFirstContent } from '@/lib/first-content';
import { liteDb } from '@/lib/firestore-lite';
import { prefetchSubscriberFirstPage } from '@/features/dashboard/api/subscriber-prefetch';
import { DealBrowser } from '@/features/dashboard/components/DealBrowser';
import { DealsPage } from '@/features/dashboard/components/DealsPage';
import { useListParams } from '@/features/dashboard/hooks/useListParams';
import { useSavedDeals } from '@/features/dashboard/hooks/useSavedDeals';
import { useSubscriberLocation } from '@/features/near-you/hooks/useSubscriberLocation';
import { DealCountryContext } from '@/lib/deal-country';
import '@/features/dashboard/dashboard.css';

// The prompt reads and writes with the full Firestore SDK: loaded only for a subscriber who still owes an answer,
// so a usual visit's first deal page needs Firestore Lite only.
const FirstRunEmailPrompt = lazy(() =>
  import('@/features/account/components/FirstRunEmailPrompt').then((module) => ({
    default: module.FirstRunEmailPrompt,
  })),
);
/**
 * Route preloading (src/app/routes.tsx): once the auth check has finished, a user this device last saw with an
 * active subscription gets the first deal page requested now, side by side with the user document (at once if
 * the dashboard document's own entry already asked for it, or the server drew it).
 */
export function prefetch(): void {
  prefetchSubscriberFirstPage();
}

export default function DashboardPage() {
  return (
    <ErrorBoundary name="dashboard">
      <DashboardContent />
    </ErrorBoundary>
  );
}

function DashboardContent() {
  const subscription = useSubscription();
  const { user } = useAuthState();
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
  const saved = useSavedDeals(liteDb, uid);
  // The Near you location's country: deals that do not apply there stay out of the list (one read).
  const country = useSubscriberLocation(liteDb, uid).location?.country ?? null;
  // localStorage read once, when the deals mount (not on every render); the prompt keeps track from then on.
  const [emailPromptOwed] = useState(() => uid !== null && emailPromptPending(uid));
  useEffect(() => {
    if (uid === null) return;
    // The next visit's first deals then come drawn in the HTML (lib/dashboard-session.ts). After this visit's own
    // first deals: the request must not compete with them. A failure costs only the next visit's head start.
    void afterFirstContent()
      .then(() => keepDashboardSession(uid))
      .catch((error: unknown) =>
        console.warn('dashboard_session.keep_failed: no session cookie for the next visit', { error }),
      );
  }, [uid]);
  return (
    <DealsPage>
      {uid && (checkoutReturn || emailPromptOwed) ? (
        <Suspense fallback={null}>
          <FirstRunEmailPrompt uid={uid} checkoutReturn={checkoutReturn} />
        </Suspense>
      ) : null}
      <DealCountryContext.Provider value={country}>
        <DealBrowser db={liteDb} uid={uid} params={params} onParamsChange={setParams} saved={saved} />
      </DealCountryContext.Provider>
    </DealsPage>
  );
}
