import { Suspense, useEffect, useRef } from 'react';
import { useSigninCheck } from 'reactfire';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { SiteFrame } from '@/components/layout/SiteFrame';
import type { AuthView } from '@/components/layout/nav-items';
import { PageSpinner } from '@/components/Spinner';
import { signOutUser } from '@/features/auth/api/auth-actions';

/** The one layout of spec §2. Pages render only after the first auth check (spec §4). */
export function AppLayout() {
  const { status, data } = useSigninCheck();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useNewPageFocus(pathname);

  const view: AuthView =
    status === 'loading' ? 'loading' : status === 'success' && data.signedIn ? 'signed-in' : 'signed-out';

  const handleSignOut = async () => {
    try {
      await signOutUser();
      navigate('/', { replace: true });
    } catch {
      // Already logged by signOutUser; the header stays as it is and the user can try again.
    }
  };

  return (
    <SiteFrame view={view} onSignOut={handleSignOut}>
      {view === 'loading' ? (
        <PageSpinner />
      ) : (
        <ErrorBoundary key={pathname} name="page">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      )}
    </SiteFrame>
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
