// The half of the benchmark that needs the running stack (Hosting, Auth, Firestore, Functions emulators and the
// Stripe stand-in): what each page loads, Lighthouse, the Stripe journey, and the documents the dashboard reads.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../../tests/e2e/support/browser';
import {
  htmlEntryScripts,
  summariseFiles,
  withStaticImports,
  type ChunkInfo,
  type Manifest,
} from './lib/bundle';
import { measureBuildFacts } from './lib/build-facts';
import { measureServerTime } from './lib/blog-server';
import { measureDashboardVisit, visitFailed, type DashboardVisit } from './lib/deal-reads';
import { measureDashboardFirstCards } from './lib/first-cards';
import { runLighthouse } from './lib/lighthouse';
import {
  measured,
  skipped,
  valueOf,
  type LiveResults,
  type Outcome,
  type RouteJs,
  type StripeCalls,
} from './lib/results';
import { recordPageScripts } from './lib/route-scripts';
import { DEMO_ACCOUNTS } from '../demo-data/constants';
import { AUTH_ROUTES, LIGHTHOUSE_ROUTES, PUBLIC_ROUTES, SERVER_RENDERED_ROUTES } from './lib/routes';
import { callsBetween, StripeCounter } from './lib/stripe-counter';
import { runStripeJourney, type JourneyUser } from './lib/stripe-journey';

export interface LiveOptions {
  repoRoot: string;
  /** The build the Hosting emulator serves. */
  distDir: string;
  projectId: string;
  origin: string;
  firestoreHost: string;
  authHost: string;
  stripeOrigin: string;
  chromePath: string;
  lighthouseRuns: number;
  log?: (line: string) => void;
}

const errorText = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);

/** The id of one blog post in the Firestore emulator (owner access bypasses the rules), or null. */
async function seededBlogPostId(firestoreHost: string, projectId: string): Promise<string | null> {
  const url = `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/blogs?pageSize=1&mask.fieldPaths=publishedAt`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) return null;
  const body = (await response.json()) as { documents?: Array<{ name: string }> };
  const name = body.documents?.[0]?.name;
  return name ? (name.split('/').pop() ?? null) : null;
}

/** Signs in through the Auth emulator's REST API and returns an ID token. */
async function idTokenFor(authHost: string, user: JourneyUser): Promise<string> {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...user, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.idToken)
    throw new Error(`Auth emulator sign-in failed: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

async function getSubscriptionStatusCalls(
  options: LiveOptions,
  counter: StripeCounter,
  user: JourneyUser | undefined,
): Promise<Outcome<StripeCalls>> {
  if (!user) return skipped('no signed-up user (the journey failed at sign-up)');
  try {
    const token = await idTokenFor(options.authHost, user);
    const before = await counter.settled();
    const response = await fetch(`${options.origin}/get_subscription_status`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (!response.ok)
      return skipped(`GET /get_subscription_status answered ${response.status}: ${text.slice(0, 120)}`);
    return measured(callsBetween(before, await counter.settled()));
  } catch (error) {
    return skipped(errorText(error));
  }
}

/**
 * A route's initial JS as the issue defines it, from the HTML the Hosting emulator returns for the path (a
 * prerendered page or the app shell: whatever the server picks) and the build's manifest.
 */
async function initialScriptsOf(
  options: LiveOptions,
  path: string,
  manifest: Manifest,
): Promise<{ files: string[] } | { skipped: string }> {
  const response = await fetch(`${options.origin}${path}`);
  const html = await response.text();
  if (!response.ok) return { skipped: `GET ${path} answered ${response.status}` };
  const entries = htmlEntryScripts(html, response.url);
  // No module script means the HTML is not a page of this build: 0 KB would pass the budget unseen.
  if (entries.length === 0) return { skipped: `the HTML served for ${path} has no module script` };
  return { files: withStaticImports(entries, manifest) };
}

async function measureRouteScripts(
  browser: Browser,
  options: LiveOptions,
  routes: Array<{ route: string; path: string | null; publicPage: boolean }>,
  chunks: ReadonlyMap<string, ChunkInfo>,
  manifest: Manifest | null,
): Promise<{ initialJs: RouteJs[]; available: Set<string> }> {
  const initialJs: RouteJs[] = [];
  const available = new Set<string>();
  for (const { route, path, publicPage } of routes) {
    if (path === null) {
      initialJs.push({
        route,
        publicPage,
        outcome: skipped('no seeded blog post in the Firestore emulator'),
      });
      continue;
    }
    const context = await newContext(browser);
    try {
      const { files, notFound, pageErrors } = await recordPageScripts(context, options.origin, path);
      const initial = manifest
        ? await initialScriptsOf(options, path, manifest)
        : { skipped: 'the build has no .vite/manifest.json (build.manifest)' };
      if (notFound) {
        initialJs.push({
          route,
          publicPage,
          outcome: skipped(`route ${path}: not built yet (shows the 404 page)`),
        });
      } else if ('skipped' in initial) {
        initialJs.push({ route, publicPage, outcome: skipped(initial.skipped) });
        available.add(route);
      } else {
        const js = {
          initial: summariseFiles(initial.files, chunks),
          requestedOnLoad: summariseFiles(files, chunks),
        };
        initialJs.push({ route, publicPage, outcome: measured(js) });
        available.add(route);
        (options.log ?? console.log)(
          `  ${route}: initial ${initial.files.length} script(s), ${(js.initial.gzipBytes / 1000).toFixed(1)} KB gz; requested on load ${files.length} script(s), ${(js.requestedOnLoad.gzipBytes / 1000).toFixed(1)} KB gz${pageErrors.length ? `, page errors: ${pageErrors.join('; ')}` : ''}`,
        );
      }
    } catch (error) {
      initialJs.push({ route, publicPage, outcome: skipped(errorText(error)) });
    } finally {
      await context.close();
    }
  }
  return { initialJs, available };
}

export async function measureLive(options: LiveOptions): Promise<LiveResults> {
  const log = options.log ?? console.log;
  const { chunks, manifest, entryStaticJs, largestChunks } = measureBuildFacts(
    options.distDir,
    options.repoRoot,
  );
  const notes: string[] = [];
  const counter = new StripeCounter(options.stripeOrigin);
  const screenshotDir = join(options.repoRoot, 'bench-results', 'screenshots');

  const postId = await seededBlogPostId(options.firestoreHost, options.projectId).catch(() => null);
  if (!postId) notes.push('No blog post found in the Firestore emulator: /blog/{post} was not measured.');
  const pathOf = (route: string) =>
    route.includes('{post}') ? (postId ? route.replace('{post}', postId) : null) : route;
  const routeLabel = (route: string) => (postId ? route.replace('{post}', postId) : route);

  // First: the first request of each page is the render function's cold start.
  log('\n▶ render_blog server time (Server-Timing)');
  const blogServerTime = [];
  for (const route of SERVER_RENDERED_ROUTES) {
    const path = pathOf(route);
    const outcome = path
      ? await measureServerTime(`${options.origin}${path}`)
      : skipped<never>('no seeded blog post in the Firestore emulator');
    const time = valueOf(outcome);
    log(
      `  ${routeLabel(route)}: ${time ? `first ${Math.round(time.firstMs)} ms, then ${Math.round(time.warmMedianMs)} ms` : 'not measured'}`,
    );
    blogServerTime.push({ route: routeLabel(route), outcome });
  }

  const browser = await launchBrowser();
  try {
    log('\n▶ initial JS per route (served HTML + manifest) and JS requested on load (Chromium)');
    const routes = [
      ...PUBLIC_ROUTES.map((route) => ({ route, path: pathOf(route), publicPage: true })),
      ...AUTH_ROUTES.map((route) => ({ route, path: pathOf(route), publicPage: false })),
    ];
    const { initialJs, available } = await measureRouteScripts(browser, options, routes, chunks, manifest);
    for (const entry of initialJs) entry.route = routeLabel(entry.route);

    log(`\n▶ Lighthouse (mobile preset, ${options.lighthouseRuns} runs per page)`);
    const lighthouseTargets = LIGHTHOUSE_ROUTES.filter((route) => available.has(route)).map((route) => ({
      route,
      url: `${options.origin}${pathOf(route)}`,
    }));
    const lighthouseResults = await runLighthouse(lighthouseTargets, {
      runs: options.lighthouseRuns,
      chromePath: options.chromePath,
      reportDir: join(options.repoRoot, 'bench-results', 'lighthouse'),
      log,
    }).catch((error: unknown) => {
      notes.push(`Lighthouse failed: ${errorText(error)}`);
      return new Map<string, Outcome<never>>();
    });
    const lighthouse = LIGHTHOUSE_ROUTES.map((route) => {
      const fromRun = lighthouseResults.get(route);
      const routeJs = initialJs.find((entry) => entry.route === routeLabel(route));
      const reason = routeJs && 'skipped' in routeJs.outcome ? routeJs.outcome.skipped : 'not run';
      return { route: routeLabel(route), outcome: fromRun ?? skipped(reason) };
    });

    log('\n▶ Stripe journey (sign-up → subscribe → pay → dashboard → account → cancel → resume)');
    let journey: Awaited<ReturnType<typeof runStripeJourney>>;
    try {
      journey = await runStripeJourney(browser, {
        origin: options.origin,
        stripeOrigin: options.stripeOrigin,
        counter,
        screenshotDir,
        log,
      });
    } catch (error) {
      journey = { steps: [{ step: 'journey', outcome: skipped(errorText(error)) }], completed: false };
    }
    const stripeGetSubscriptionStatus = await getSubscriptionStatusCalls(options, counter, journey.user);

    log('\n▶ dashboard visit (documents read, JS, Stripe calls)');
    // The seeded subscriber has a fixed data set; the journey's user is the fallback when it is missing.
    const visitAs = (user: JourneyUser): Promise<DashboardVisit> =>
      measureDashboardVisit(browser, {
        origin: options.origin,
        firestoreOrigin: `http://${options.firestoreHost}`,
        user,
        counter,
        screenshotDir,
        log,
      }).catch((error: unknown) => visitFailed(errorText(error)));
    let visitResult = await visitAs(DEMO_ACCOUNTS.subscriber);
    if ('skipped' in visitResult.reads.firstPage && journey.completed && journey.user) {
      notes.push(
        `Dashboard visit as ${DEMO_ACCOUNTS.subscriber.email}: ${visitResult.reads.firstPage.skipped}; measured as the journey's user.`,
      );
      log(`  retrying as the journey's user ${journey.user.email}`);
      visitResult = await visitAs(journey.user);
    }
    const dashboardScripts = visitResult.scripts;

    log('\n▶ dashboard: first deal cards painted (subscriber, mobile throttling)');
    const dashboardFirstCards = await measureDashboardFirstCards(browser, {
      origin: options.origin,
      user: DEMO_ACCOUNTS.subscriber,
      runs: options.lighthouseRuns,
    });
    const firstCards = valueOf(dashboardFirstCards);
    log(
      `  ${firstCards ? `${Math.round(firstCards.medianMs)} ms (${firstCards.samplesMs.map(Math.round).join(', ')})` : 'not measured'}`,
    );
    return {
      entryStaticJs,
      largestChunks,
      lighthouse,
      initialJs,
      dashboardJs:
        'value' in dashboardScripts
          ? measured(summariseFiles(dashboardScripts.value, chunks))
          : skipped(dashboardScripts.skipped),
      stripeJourney: journey.steps,
      stripeGetSubscriptionStatus,
      stripeDashboardVisit: visitResult.stripeCalls,
      dealReads: visitResult.reads,
      dashboardFirstCards,
      blogServerTime,
      notes,
    };
  } finally {
    await browser.close();
  }
}
