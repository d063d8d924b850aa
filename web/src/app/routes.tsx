// The route table (spec §2 Routes). Every page is its own lazy chunk; add a route with `page(() => import(...))`.
import { lazy, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from './AppLayout';

type PageModule = { default: ComponentType };

interface PageRoute {
  element: React.ReactNode;
  handle: { preload: () => Promise<PageModule> };
}

function page(load: () => Promise<PageModule>): PageRoute {
  const Component = lazy(load);
  return { element: <Component />, handle: { preload: load } };
}

const PROTECTED_ROUTE_ID = 'protected';

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, ...page(() => import('@/features/marketing/pages/LandingPage')) },
      { path: 'signup', ...page(() => import('@/features/auth/pages/SignupPage')) },
      { path: 'login', ...page(() => import('@/features/auth/pages/LoginPage')) },
      { path: 'pricing', ...page(() => import('@/features/marketing/pages/PricingPage')) },
      { path: 'how-it-works', ...page(() => import('@/features/marketing/pages/HowItWorksPage')) },
      { path: 'return-policy', ...page(() => import('@/features/marketing/pages/ReturnPolicyPage')) },
      { path: 'privacy-policy', ...page(() => import('@/features/marketing/pages/PrivacyPolicyPage')) },
      { path: 'terms-of-service', ...page(() => import('@/features/marketing/pages/TermsOfServicePage')) },
      { path: 'contact', ...page(() => import('@/features/marketing/pages/ContactPage')) },
      { path: 'success', ...page(() => import('@/features/checkout/pages/SuccessPage')) },
      { path: 'cancel', ...page(() => import('@/features/checkout/pages/CancelPage')) },
      { path: 'blog', ...page(() => import('@/features/blog/pages/BlogListPage')) },
      { path: 'blog/:id', ...page(() => import('@/features/blog/pages/BlogPostPage')) },
      {
        // Protected pages (spec §4): ProtectedRoute brings the full Firestore SDK and useSubscription().
        id: PROTECTED_ROUTE_ID,
        ...page(() => import('@/features/auth/components/ProtectedRoute')),
        children: [
          { path: 'dashboard', ...page(() => import('@/features/dashboard/pages/DashboardPage')) },
          { path: 'account', ...page(() => import('@/features/account/pages/AccountPage')) },
        ],
      },
      { path: '*', ...page(() => import('@/features/marketing/pages/NotFoundPage')) },
    ],
  },
];

/** Starts loading the chunks of the pages that will render for `pathname`; a failure shows when the page renders. */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(appRoutes, pathname) ?? []) {
    const handle = match.route.handle as PageRoute['handle'] | undefined;
    handle?.preload().catch(() => undefined);
  }
}

/** True when `pathname` renders under ProtectedRoute, whose listener watches the user document. */
export function isProtectedPath(pathname: string): boolean {
  return (matchRoutes(appRoutes, pathname) ?? []).some((match) => match.route.id === PROTECTED_ROUTE_ID);
}
