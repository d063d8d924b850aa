// Loaded lazily by the route table: it brings the full Firestore SDK, which public pages must not download.
import { FirestoreProvider, useSigninCheck } from 'reactfire';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/Spinner';
import { db } from '@/lib/firestore';
import { isSubscriptionFreePath } from '../access';
import { useSubscription } from '../hooks/useSubscription';
import { SubscriptionProvider } from './SubscriptionProvider';

/**
 * Layout route for every protected page (spec §4 Access control): a spinner while auth or the subscription
 * loads; signed out → /login (remembering where the user was going); no active subscription → /dashboard
 * from any protected path other than /dashboard and /account. Provides Firestore (reactfire) and
 * useSubscription() to the pages below.
 */
export default function ProtectedRoute() {
  const { status, data } = useSigninCheck();
  const location = useLocation();

  if (status === 'loading') return <PageSpinner label="Checking your sign-in" />;
  if (status === 'error' || !data.signedIn)
    return <Navigate to="/login" replace state={{ from: location }} />;

  return (
    <FirestoreProvider sdk={db}>
      <SubscriptionProvider uid={data.user.uid}>
        <SubscriptionGate />
      </SubscriptionProvider>
    </FirestoreProvider>
  );
}

function SubscriptionGate() {
  const subscription = useSubscription();
  const { pathname } = useLocation();
  if (subscription.status === 'loading') return <PageSpinner label="Checking your subscription" />;
  if (!subscription.active && !isSubscriptionFreePath(pathname)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
