import { useEffect } from 'react';
import { useRoutes } from 'react-router-dom';
import { ErrorBoundary, ErrorFallback } from '@/components/ErrorBoundary';
import { SiteChrome } from '@/components/layout/SiteChrome';
import { UserDocumentSync } from '@/features/auth/components/UserDocumentSync';
import type { AuthSession } from '@/lib/auth-session';
import { AppRouter } from './AppRouter';
import { AuthStateProvider } from './AuthStateProvider';
import { appRoutes, isProtectedPath } from './routes';

/** The app, rendered once the first auth check has finished (docs/reference.md#signing-in; see src/main.tsx). */
export function App({ session }: { session: AuthSession }) {
  useEffect(() => {
    // The snapshot has been replaced by the live app: a marker for tests and for anyone debugging a page.
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <AppRouter>
      <ErrorBoundary name="app" fallback={(error) => <AppFailure error={error} />}>
        <AuthStateProvider session={session}>
          <UserDocumentSync isWatchedPath={isProtectedPath} />
          <AppRoutes />
        </AuthStateProvider>
      </ErrorBoundary>
    </AppRouter>
  );
}

function AppRoutes() {
  return useRoutes(appRoutes);
}

/** Shown instead of the app when the auth layer could not load (offline, a failed deploy). */
export function BootFailure({ error }: { error: unknown }) {
  return (
    <AppRouter>
      <AppFailure error={error instanceof Error ? error : new Error(String(error))} />
    </AppRouter>
  );
}

/** The error view (docs/reference.md#messages) inside the site frame, for when the app as a whole cannot render (no auth state). */
function AppFailure({ error }: { error: Error }) {
  return (
    <SiteChrome view="loading">
      <ErrorFallback error={error} />
    </SiteChrome>
  );
}
