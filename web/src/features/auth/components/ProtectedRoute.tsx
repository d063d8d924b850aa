// Loaded lazily by the route table. The full Firestore SDK (for the live user document) is loaded by
// SubscriptionProvider after the first render; the pages read with Firestore Lite.
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/Spinner';
import { auth } from '@/lib/auth';
import { useAuthState } from '@/lib/auth-state';
import { firebaseApp } from '@/lib/firebase-app';
import { isSubscriptionFreePath } from '../access';
import { useSubscription } from '@/subscription/hooks/useSubscription';
import { SubscriptionProvider } from '@/subscription/components/SubscriptionProvider';

/**
 * Layout route for every protected page (docs/reference.md#access-control): signed out → /login (remembering where the
 * user was going); a spinner while the subscription loads; no active subscription → /dashboard from any
 * protected path other than /dashboard and /account. Provides the Firebase app and Auth (reactfire) and
 * useSubscription() to the pages below. The auth check itself has finished before the app renders.
 */
export default function ProtectedRoute() {
  const { user } = useAuthState();
  const location = useLocation();

  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;

  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <SubscriptionProvider uid={user.uid}>
          <SubscriptionGate />
        </SubscriptionProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}

function SubscriptionGate() {
  const subscription = useSubscription();
  const { pathname } = useLocation();
  if (subscription.status === 'loading') return <PageSpinner label="Checking your subscription" />;
  if (!subscription.active && !isSubscriptionFreePath(pathname)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
