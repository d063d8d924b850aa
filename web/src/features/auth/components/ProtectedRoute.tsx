// Loaded lazily by the route table: it brings the full Firestore SDK, which public pages must not download.
import { AuthProvider, FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/Spinner';
import { auth } from '@/lib/auth';
import { useAuthState } from '@/lib/auth-state';
import { firebaseApp } from '@/lib/firebase-app';
import { db } from '@/lib/firestore';
import { isSubscriptionFreePath } from '../access';
import { useSubscription } from '@/hooks/useSubscription';
import { SubscriptionProvider } from './SubscriptionProvider';

/**
 * Layout route for every protected page (docs/reference.md#access-control): signed out → /login (remembering where the
 * user was going); a spinner while the subscription loads; no active subscription → /dashboard from any
 * protected path other than /dashboard and /account. Provides the Firebase SDKs (reactfire) and
 * useSubscription() to the pages below. The auth check itself has finished before the app renders.
 */
export default function ProtectedRoute() {
  const { user } = useAuthState();
  const location = useLocation();

  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;

  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <FirestoreProvider sdk={db}>
          <SubscriptionProvider uid={user.uid}>
            <SubscriptionGate />
          </SubscriptionProvider>
        </FirestoreProvider>
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
