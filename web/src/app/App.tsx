import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary, ErrorFallback } from '@/components/ErrorBoundary';
import { SiteFrame } from '@/components/layout/SiteFrame';
import { PageSpinner } from '@/components/Spinner';

// Firebase (app + Auth), reactfire and the route table load as a separate chunk, requested at once: the header
// paints from the small entry chunk while the auth layer downloads, and the entry stays inside the JS budget.
const AppRoot = lazy(() => import('./AppRoot'));

export function App() {
  return (
    <BrowserRouter>
      <ErrorBoundary
        name="app"
        fallback={(error) => (
          <SiteFrame view="loading">
            <ErrorFallback error={error} />
          </SiteFrame>
        )}
      >
        <Suspense
          fallback={
            <SiteFrame view="loading">
              <PageSpinner />
            </SiteFrame>
          }
        >
          <AppRoot />
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
