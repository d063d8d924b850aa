import { evaluateBudgets } from './budgets';
import { renderBrokenBudgets, renderDiagnostics, renderTable } from './report';
import type { JsSet } from './bundle';
import { measured, skipped, type BenchResults, type RouteJs } from './results';

const js = (
  gzipBytes: number,
  flags: { fullFirestore?: boolean; dashboardCode?: boolean; unknownFiles?: string[] } = {},
): JsSet => ({
  files: [{ file: 'assets/index.js', gzipBytes, label: 'react-dom' }],
  gzipBytes,
  fullFirestore: flags.fullFirestore ?? false,
  dashboardCode: flags.dashboardCode ?? false,
  unknownFiles: flags.unknownFiles ?? [],
});
/** A measured route whose page also requests lazy chunks on load (the auth layer, its route chunk). */
const routeJs = (
  route: string,
  publicPage: boolean,
  initial: JsSet,
  requestedOnLoad: JsSet = {
    ...initial,
    files: [...initial.files, { file: 'assets/AppRoot.js', gzipBytes: 31_000, label: 'web/src' }],
    gzipBytes: initial.gzipBytes + 31_000,
  },
): RouteJs => ({ route, publicPage, outcome: measured({ initial, requestedOnLoad }) });
const reads = (deals: number, userDocs: number) => ({
  deals,
  userDocs,
  other: 0,
  total: deals + userDocs,
  otherPaths: [],
});

/** A run that meets every budget; each test breaks one thing. */
function passingRun(): BenchResults {
  return {
    generatedAt: '2025-01-01T00:00:00.000Z',
    environment: {},
    coldImport: measured({ samplesMs: [300, 310, 290, 305, 295], medianMs: 300, loadAverage: 0.5 }),
    renderColdImport: measured({ samplesMs: [200, 210, 190, 205, 195], medianMs: 200, loadAverage: 0.5 }),
    entryStaticJs: measured(js(60_000)),
    largestChunks: [{ file: 'assets/index.js', bytes: 180_000, gzipBytes: 60_000, label: 'react-dom' }],
    lighthouse: ['/', '/pricing'].map((route) => ({
      route,
      outcome: measured({
        score: 98,
        lcpMs: 1150,
        cls: 0.01,
        tbtMs: 20,
        totalBytes: 120_000,
        runScores: [98, 97, 99],
        layoutShifts: [],
      }),
    })),
    // What / requests on load (131 KB) is over 110 KB; its initial JS (100 KB) is what the budget counts.
    initialJs: [
      routeJs('/', true, js(100_000)),
      routeJs('/blog', true, js(105_000)),
      routeJs('/login', false, js(109_000)),
    ],
    dashboardJs: measured({
      ...js(200_000, { fullFirestore: true, dashboardCode: true }),
      files: [
        { file: 'assets/firestore-B8eq7HSI.js', gzipBytes: 183_800, label: '@firebase/firestore' },
        { file: 'assets/DashboardPage-BB-AtY7-.js', gzipBytes: 16_200, label: 'web/src' },
      ],
    }),
    stripeJourney: [{ step: 'sign-up', outcome: measured({ calls: 0, endpoints: {} }) }],
    stripeGetSubscriptionStatus: measured({ calls: 0, endpoints: {} }),
    stripeDashboardVisit: measured({ calls: 0, endpoints: {} }),
    dealReads: {
      firstPage: measured({ ...reads(20, 1), cards: 20 }),
      furtherPages: [
        { ...reads(20, 0), cardsAdded: 20 },
        { ...reads(7, 0), cardsAdded: 7 },
      ],
      interactions: [
        { ...reads(3, 0), interaction: 'search "smartwatch" (typed)', cards: 3 },
        { ...reads(20, 0), interaction: 'clear filters', cards: 20 },
      ],
      typing: measured({ keystrokes: 10, longTasks: 0, longestTaskMs: 0 }),
    },
    dashboardFirstCards: measured({ samplesMs: [1800, 1900, 1700], medianMs: 1800 }),
    blogServerTime: [
      { route: '/blog', outcome: measured({ firstMs: 250, warmMs: [20, 21, 19], warmMedianMs: 20 }) },
    ],
    notes: [],
  };
}

const broken = (results: BenchResults) =>
  evaluateBudgets(results)
    .filter((check) => !check.ok)
    .map((check) => `${check.budget} | ${check.subject} | ${check.detail}`);

test('a run within every budget breaks none', () => {
  expect(broken(passingRun())).toEqual([]);
});

test('Lighthouse score, CLS and LCP are checked per page', () => {
  const run = passingRun();
  run.lighthouse[1] = {
    route: '/pricing',
    outcome: measured({
      score: 97,
      lcpMs: 1210,
      cls: 0.021,
      tbtMs: 0,
      totalBytes: 1,
      runScores: [97],
      layoutShifts: [],
    }),
  };
  expect(broken(run)).toEqual([
    'Lighthouse performance ≥ 98 | /pricing | 97',
    'CLS ≤ 0.02 | /pricing | 0.021',
    'LCP ≤ 1.2 s | /pricing | 1.21 s',
  ]);
});

test('the render function cold import and the dashboard first cards have budgets', () => {
  const run = passingRun();
  run.renderColdImport = measured({ samplesMs: [301], medianMs: 301, loadAverage: 1 });
  run.dashboardFirstCards = skipped('could not sign in');
  expect(broken(run)).toEqual([
    'render_blog cold import ≤ 300 ms | render_blog | 301 ms',
    'First deal cards painted ≤ 2.0 s | /dashboard (subscribed) | not measured: could not sign in',
  ]);
  run.dashboardFirstCards = measured({ samplesMs: [2100], medianMs: 2100 });
  expect(broken(run)).toContain('First deal cards painted ≤ 2.0 s | /dashboard (subscribed) | 2.10 s');
});

test('a page that could not be measured breaks its budget and says why', () => {
  const run = passingRun();
  run.lighthouse[0] = { route: '/', outcome: skipped('route /: not built yet') };
  expect(broken(run)).toEqual([
    'Lighthouse ≥ 98, CLS ≤ 0.02, LCP ≤ 1.2 s | / | not measured: route /: not built yet',
  ]);
});

test('the full Firestore SDK requested on load by a public page and more than 110 KB initial JS on / are broken', () => {
  const run = passingRun();
  run.initialJs[0] = routeJs('/', true, js(110_001), js(110_001));
  // Lazily imported: not in the initial JS, still downloaded by the page.
  run.initialJs[1] = routeJs('/blog', true, js(90_000), js(150_000, { fullFirestore: true }));
  run.initialJs[2] = routeJs('/login', false, js(90_000), js(150_000, { fullFirestore: true }));
  expect(broken(run)).toEqual([
    'Public page never downloads the full Firestore SDK | /blog | downloads the full Firestore SDK',
    'Initial JS on / ≤ 110.0 KB gzipped | / | 110.0 KB',
  ]);
});

test('the 110 KB budget on / counts the initial JS (entry + static imports + preloads), not lazy chunks', () => {
  const lazyHeavy = passingRun();
  lazyHeavy.initialJs[0] = routeJs('/', true, js(110_000), js(400_000));
  expect(broken(lazyHeavy)).toEqual([]);

  const preloadHeavy = passingRun();
  preloadHeavy.initialJs[0] = routeJs('/', true, js(110_001), js(60_000));
  expect(broken(preloadHeavy)).toEqual(['Initial JS on / ≤ 110.0 KB gzipped | / | 110.0 KB']);
});

test('initial JS naming a file that is not in the build is not seen to be within budget', () => {
  const run = passingRun();
  run.initialJs[0] = routeJs('/', true, js(50_000, { unknownFiles: ['assets/gone.js'] }));
  expect(broken(run)).toEqual([
    'Initial JS on / ≤ 110.0 KB gzipped | / | 50.0 KB + not in the build: assets/gone.js',
  ]);
});

test('a route whose initial JS could not be read breaks its budgets and says why', () => {
  const run = passingRun();
  run.initialJs[0] = {
    route: '/',
    publicPage: true,
    outcome: skipped('the HTML served for / has no module script'),
  };
  expect(broken(run)).toEqual([
    'Public page never downloads the full Firestore SDK | / | not measured: the HTML served for / has no module script',
    'Initial JS on / ≤ 110.0 KB gzipped | / | not measured: the HTML served for / has no module script',
  ]);
});

test('dashboard code outside the dashboard, or in the entry, breaks code splitting', () => {
  const leaking = passingRun();
  // Only in a chunk the page imports lazily on load: still a leak.
  leaking.initialJs[2] = routeJs('/login', false, js(90_000), js(120_000, { dashboardCode: true }));
  expect(broken(leaking)).toEqual([
    'Dashboard code loads only for the dashboard | other routes | loaded on /login',
  ]);

  const bundled = passingRun();
  bundled.entryStaticJs = measured(js(90_000, { dashboardCode: true }));
  expect(broken(bundled)).toEqual([
    'Routes are code-split (dashboard in its own lazy chunk) | /dashboard | the entry chunk (or its static imports) contains dashboard code',
  ]);
});

test('any Stripe call for get_subscription_status or a dashboard visit is a broken budget', () => {
  const run = passingRun();
  run.stripeGetSubscriptionStatus = measured({ calls: 1, endpoints: { 'GET /v1/subscriptions/:id': 1 } });
  run.stripeDashboardVisit = skipped('stand-in not running');
  expect(broken(run)).toEqual([
    '0 Stripe calls | get_subscription_status | 1 call(s)',
    '0 Stripe calls | dashboard visit | not measured: stand-in not running',
  ]);
});

test('deal reads: 20 + the user document first, 20 per further page, a short page only at the end', () => {
  const extraUserRead = passingRun();
  extraUserRead.dealReads.firstPage = measured({ ...reads(20, 2), cards: 20 });
  expect(broken(extraUserRead)).toEqual([
    'First dashboard page = 20 deals + the user document (+ store summary and saved deals) | first dashboard page | 20 deals + 2 user docs',
  ]);

  const summaryAndSaved = passingRun();
  summaryAndSaved.dealReads.firstPage = measured({
    ...reads(20, 1),
    other: 3,
    total: 24,
    otherPaths: ['sources/wired/summaries/shops', 'users/u/counters/saved', 'users/u/saved/deal-1'],
    cards: 20,
  });
  expect(broken(summaryAndSaved)).toEqual([]);
  const strangeRead = passingRun();
  strangeRead.dealReads.firstPage = measured({
    ...reads(20, 1),
    other: 1,
    total: 22,
    otherPaths: ['blogs/post-1'],
    cards: 20,
  });
  expect(broken(strangeRead)).toHaveLength(1);

  const shortMiddlePage = passingRun();
  shortMiddlePage.dealReads.furtherPages = [
    { ...reads(7, 0), cardsAdded: 7 },
    { ...reads(20, 0), cardsAdded: 20 },
  ];
  expect(broken(shortMiddlePage)).toHaveLength(1);

  const overRead = passingRun();
  overRead.dealReads.furtherPages = [{ ...reads(40, 0), cardsAdded: 20 }];
  expect(broken(overRead)).toEqual([
    'Each further page = 20 deals | further pages | 40 deals + 0 user docs for 20 new cards',
  ]);

  const none = passingRun();
  none.dealReads = {
    ...none.dealReads,
    furtherPages: [],
    furtherNote: 'the list ended after 20 cards',
  };
  expect(broken(none)).toEqual([
    'Each further page = 20 deals | further pages | not measured: the list ended after 20 cards',
  ]);
});

test('issue #16: each filter/search change reads at most a page, typing has no long task, the chunk stays small', () => {
  const overRead = passingRun();
  overRead.dealReads.interactions = [
    { ...reads(20, 0), other: 1, total: 21, otherPaths: ['x/y'], interaction: 'store', cards: 20 },
  ];
  expect(broken(overRead)).toHaveLength(1);
  const stopped = passingRun();
  stopped.dealReads.interactionNote = 'interactions stopped: timeout';
  expect(broken(stopped)).toHaveLength(1);

  const slowTyping = passingRun();
  slowTyping.dealReads.typing = measured({ keystrokes: 10, longTasks: 1, longestTaskMs: 72 });
  expect(broken(slowTyping)).toEqual([
    'No long task > 50 ms while typing in the search box | search box | 10 keystrokes: 1 long task(s), longest 72 ms',
  ]);

  const bigChunk = passingRun();
  bigChunk.dashboardJs = measured({
    ...js(200_000, { fullFirestore: true, dashboardCode: true }),
    files: [{ file: 'assets/DashboardPage-x.js', gzipBytes: 26_000, label: 'web/src' }],
  });
  expect(broken(bigChunk)).toEqual([
    'Dashboard chunk ≤ 25.1 KB gzipped (10.1 KB + 15 KB for #16) | DashboardPage chunk | 26.0 KB',
  ]);
});

test('cold import over 400 ms is a broken budget', () => {
  const run = passingRun();
  run.coldImport = measured({ samplesMs: [450], medianMs: 450, loadAverage: 0.5 });
  expect(broken(run)).toEqual(['Functions cold import ≤ 400 ms | functions/lib/index.js | 450 ms']);
});

test('the table marks each budgeted row and the summary lists the broken budgets', () => {
  const run = passingRun();
  run.coldImport = measured({ samplesMs: [450], medianMs: 450, loadAverage: 0.5 });
  const checks = evaluateBudgets(run);
  const table = renderTable(run, checks);
  const row = (subject: string) => table.split('\n').find((line) => line.includes(`| ${subject} `)) ?? '';
  expect(row('functions/lib/index.js')).toMatch(/450 ms .*\| ✖ +\|$/);
  expect(row('/pricing')).toMatch(/score 98 .*\| ✔ +\|$/);
  expect(table).toContain('| Lighthouse (mobile, median of 3) ');
  const homeRows = table.split('\n').filter((line) => line.includes('| / '));
  expect(homeRows).toHaveLength(2);
  expect(homeRows[1]).toMatch(
    /\| 100\.0 KB in 1 file\(s\) · 131\.0 KB requested on load +\| ≤ 110 KB · no full Firestore +\| ✔ +\|$/,
  );
  expect(new Set(table.split('\n').map((line) => line.length)).size).toBe(1);
  expect(renderBrokenBudgets(checks)).toBe(
    `1 of ${checks.length} budget checks broken:\n  ✖ Functions cold import ≤ 400 ms — functions/lib/index.js: 450 ms`,
  );
});

test('the diagnostics list the JS / requested on load and mark its initial JS', () => {
  const lines = renderDiagnostics(passingRun(), '/repo').split('\n');
  const start = lines.findIndex((line) => line.includes('JS requested by / on load'));
  expect(lines.slice(start + 1)).toEqual([
    '    * 100.0 KB  assets/index.js  react-dom',
    '       31.0 KB  assets/AppRoot.js  web/src',
  ]);
});

test('the diagnostics show the simulated LCP requests of a page over the LCP budget only', () => {
  const run = passingRun();
  const request = (url: string, startMs: number, endMs: number, transferBytes: number) => ({
    url,
    startMs,
    endMs,
    transferBytes,
  });
  const lcpRequests = [
    request('http://127.0.0.1:5000/blog', 0, 616.4, 2_000),
    request('http://127.0.0.1:5000/assets/main.js?v=1', 781, 2297, 72_000),
    request(
      'http://127.0.0.1:8080/v1/projects/p/databases/(default)/documents:runQuery?key=k',
      1942,
      2631,
      31_000,
    ),
  ];
  const [home, pricing] = run.lighthouse;
  if (!home || !pricing || !('value' in home.outcome) || !('value' in pricing.outcome))
    throw new Error('fixture');
  home.outcome.value.lcpRequests = lcpRequests;
  pricing.outcome.value.lcpMs = 3100;
  pricing.outcome.value.lcpRequests = lcpRequests;
  const lines = renderDiagnostics(run, '/repo').split('\n');
  const start = lines.findIndex((line) => line.includes('simulated requests before LCP'));
  expect(lines[start - 2]).toContain('/pricing: scores of the runs');
  expect(lines.slice(start + 1, start + 4)).toEqual([
    '          0–616   ms   2.0 KB  /blog',
    '        781–2297  ms  72.0 KB  /assets/main.js',
    '       1942–2631  ms  31.0 KB  http://127.0.0.1:8080/v1/projects/p/databases/(default)/documents:runQuery',
  ]);
  expect(lines.filter((line) => line.includes('simulated requests before LCP'))).toHaveLength(1);
});
