import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { SiteChrome } from '@/components/layout/SiteChrome';
import { PageSpinner } from '@/components/Spinner';
import { useAuthState } from '@/lib/auth-state';
import { afterFirstContent } from '@/lib/first-content';

// The full Firestore SDK comes with it: only signed-in users load it, and after the page's first content
// (lib/first-content.ts), which it must not share the network with.
const PaymentBannerWatcher = lazy(() =>
  afterFirstContent().then(() => import('@/features/billing/components/PaymentBannerWatcher')),
);

/** The one layout of docs/reference.md#routes. The app renders after the first auth check (docs/reference.md#signing-in, src/main.tsx). */
export function AppLayout() {
  const { view, user } = useAuthState();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useNewPageFocus(pathname);

  const handleSignOut = async () => {
    try {
      const { signOutUser } = await import('@/lib/sign-out');
      await signOutUser();
      navigate('/', { replace: true });
    } catch {
      // Already logged by signOutUser; the header stays as it is and the user can try again.
    }
  };

  return (
    <SiteChrome view={view} onSignOut={handleSignOut}>
      {user && (
        <ErrorBoundary name="payment-banner" fallback={() => null}>
          <Suspense fallback={null}>
            <PaymentBannerWatcher uid={user.uid} />
          </Suspense>
        </ErrorBoundary>
      )}
      <ErrorBoundary key={pathname} name="page">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </SiteChrome>
  );
}

/**
 * After an in-app navigation, start the new page at the top and move focus to the main landmark so keyboard
 * and screen-reader users continue from the new content (the first load keeps the browser's default).
 */
function useNewPageFocus(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, behavior: 'instant' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
