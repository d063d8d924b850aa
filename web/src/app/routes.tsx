// The route table (docs/reference.md#routes). Every page is its own lazy chunk, found by its file name under
// src/features/<feature>/pages/ (add a route with `page('<feature>/<Page>')`), or under src/app/pages/ for a
// page that composes several features (`page('app/<Page>')`).
import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import { nextTask } from '@/lib/next-task';
import { AppLayout } from './AppLayout';

type PageModule = {
  default: ComponentType;
  /** Starts the page's first data read while the app boots (pages that read Firestore). */
  prefetch?: (params: Params) => void;
};
type PageLoader = () => Promise<PageModule>;

const PAGE_MODULES = import.meta.glob<PageModule>([
  '/src/features/*/pages/*.tsx',
  '/src/app/pages/*.tsx',
  '!**/*.test.tsx',
]);

/**
 * Modules a page's chunk imports that take long to evaluate on a phone (zod, the blog's schemas, DOMPurify: the
 * blog's chunks took about 20 ms of a desktop core, a long task at 4x CPU throttling). Each re-exports from what the
 * page imports anyway, so importing it first evaluates that part in a task of its own.
 */
const WARM_UP_MODULES = import.meta.glob(['/src/app/warm-up/*.ts']);
type WarmUpName = 'zod-core' | 'zod-mini' | 'blog-schemas' | 'blog-sanitizer';

interface WarmUp {
  load: () => Promise<unknown>;
  /** The module's source file, relative to web/ (the build manifest's key for its chunk). */
  source: string;
}

function warmUp(name: WarmUpName): WarmUp {
  const source = `src/app/warm-up/${name}.ts`;
  const load = WARM_UP_MODULES[`/${source}`];
  if (!load) throw new Error(`No warm-up module ${source}`);
  return { load, source };
}

/** zod's core, then its schema constructors: each alone is a few milliseconds of a desktop core. */
const ZOD = [warmUp('zod-core'), warmUp('zod-mini')];

interface PageHandle {
  /** Loads the page's chunk; the page then renders without suspending (no spinner over a snapshot). */
  preload: () => Promise<PageModule>;
  /** The page's source file, relative to web/ (the build manifest's key for its chunk). */
  source: string;
  /** Evaluated in order before the page's chunk when the route loads, each in a task of its own. */
  warmUps: readonly WarmUp[];
}

interface PageRoute {
  element: React.ReactNode;
  handle: PageHandle;
}

function preloadable(source: string, load: PageLoader, warmUps: readonly WarmUp[] = []): PageRoute {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const LazyPage = lazy(preload);
  function RoutePage() {
    return loaded ? createElement(loaded) : <LazyPage />;
  }
  return { element: <RoutePage />, handle: { preload, source, warmUps } };
}

function page(name: `${string}/${string}`, warmUps: readonly WarmUp[] = []): PageRoute {
  const [feature, file] = name.split('/');
  const source =
    feature === 'app' ? `src/app/pages/${file}.tsx` : `src/features/${feature}/pages/${file}.tsx`;
  const load = PAGE_MODULES[`/${source}`];
  if (!load) throw new Error(`No page module ${source}`);
  return preloadable(source, load, warmUps);
}

const PROTECTED_ROUTE_ID = 'protected';

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, ...page('app/LandingPage') },
      { path: 'signup', ...page('auth/SignupPage') },
      { path: 'login', ...page('auth/LoginPage') },
      { path: 'pricing', ...page('marketing/PricingPage') },
      { path: 'how-it-works', ...page('marketing/HowItWorksPage') },
      { path: 'return-policy', ...page('marketing/ReturnPolicyPage') },
      { path: 'privacy-policy', ...page('marketing/PrivacyPolicyPage') },
      { path: 'terms-of-service', ...page('marketing/TermsOfServicePage') },
      { path: 'contact', ...page('marketing/ContactPage') },
      { path: 'success', ...page('billing/SuccessPage') },
      { path: 'cancel', ...page('billing/CancelPage') },
      { path: 'blog', ...page('blog/BlogListPage', [...ZOD, warmUp('blog-schemas')]) },
      {
        path: 'blog/:id',
        ...page('blog/BlogPostPage', [...ZOD, warmUp('blog-schemas'), warmUp('blog-sanitizer')]),
      },
      {
        // Protected pages (docs/reference.md#access-control): ProtectedRoute brings useSubscription() (the live user document).
        id: PROTECTED_ROUTE_ID,
        ...preloadable(
          'src/features/auth/components/ProtectedRoute.tsx',
          () => import('@/features/auth/components/ProtectedRoute'),
        ),
        children: [
          { path: 'dashboard', ...page('app/DashboardPage') },
          { path: 'account', ...page('app/AccountPage') },
          { path: 'near-you', ...page('app/NearYouPage') },
        ],
      },
      {
        // The editor's desk (docs/editor.md): EditorRoute shows it to editors (the ID token's `editor` claim) and
        // the 404 page to everyone else. Not under ProtectedRoute: the role needs no subscription.
        path: 'editor',
        ...preloadable('src/app/EditorRoute.tsx', () => import('./EditorRoute')),
        children: [
          { index: true, ...page('editor/EditorDeskPage') },
          // Absolute child paths: the deploy check (scripts/deploy/lib/checks.test.ts) reads each path as a page.
          { path: '/editor/posts', ...page('blog/BlogComposerPage') },
          { path: '/editor/posts/:id', ...page('blog/BlogComposerPage') },
        ],
      },
      { path: '*', ...page('marketing/NotFoundPage') },
    ],
  },
];

/**
 * Public pages that read Firestore: the render_blog function renders them on the server from a shell the build
 * writes (web/build/prerender-plugin.ts) with these routes' CSS. Any path of each route.
 */
export const SERVER_RENDERED_PATHS = ['/blog', '/blog/post'] as const;

/**
 * Protected pages served as the loading frame plus preloads of their own chunks (`<path>.html`, Hosting's
 * rewrite for the path): they need the app, the auth layer and the Firestore SDK before anything shows.
 */
export const PRELOADED_FRAME_PATHS = ['/dashboard', '/account'] as const;

function routeMatches(pathname: string): Array<{ handle: PageHandle; params: Params }> {
  return (matchRoutes(appRoutes, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined;
    return handle ? [{ handle, params: match.params }] : [];
  });
}

/** Loads the chunks of the pages that render for `pathname` and starts their data reads; rejects on failure. */
export async function loadRoute(pathname: string): Promise<void> {
  await Promise.all(
    routeMatches(pathname).map(async ({ handle, params }) => {
      // Evaluating a page's chunk with all it imports was one long task on a phone (a blog post's, with zod and
      // DOMPurify, about 140 ms at 4x CPU throttling): its heavy imports go first, each in a task of its own, then
      // the chunk, then its first read (parsing the page's data island). The page's HTML lists every chunk for
      // preloading (routeSources), so this order costs no round trip.
      for (const { load } of handle.warmUps) {
        await load();
        await nextTask();
      }
      const module = await handle.preload();
      await nextTask();
      module.prefetch?.(params);
    }),
  );
}

/**
 * loadRoute that never rejects: a chunk that fails to load fails again when the page renders, inside the
 * page's error boundary.
 */
export function preloadRoute(pathname: string): Promise<void> {
  return loadRoute(pathname).catch((error: unknown) =>
    console.warn('route.preload_failed: the page loads its chunk again when it renders', { pathname, error }),
  );
}

/**
 * The source files of the pages that render for `pathname` and of their warm-up modules (the pages' HTML preloads
 * their chunks).
 */
export function routeSources(pathname: string): string[] {
  return routeMatches(pathname).flatMap(({ handle }) => [
    ...handle.warmUps.map((module) => module.source),
    handle.source,
  ]);
}

/** True when `pathname` renders under ProtectedRoute, whose listener watches the user document. */
export function isProtectedPath(pathname: string): boolean {
  return (matchRoutes(appRoutes, pathname) ?? []).some((match) => match.route.id === PROTECTED_ROUTE_ID);
}
