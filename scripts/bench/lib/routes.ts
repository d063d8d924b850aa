// What the benchmark measures, by route. `{post}` stands for a blog post seeded in the Firestore emulator.
import { skipped, type LiveResults } from './results';

/** Public pages (docs/reference.md#routes): they must never download the full Firestore SDK. */
export const PUBLIC_ROUTES = [
  '/',
  '/pricing',
  '/how-it-works',
  '/return-policy',
  '/privacy-policy',
  '/terms-of-service',
  '/blog',
  '/blog/{post}',
];
/** Also measured for initial JS, without the Firestore rule (signing in leads to the dashboard). */
export const AUTH_ROUTES = ['/login', '/signup'];
export const LIGHTHOUSE_ROUTES = ['/', '/pricing', '/blog', '/blog/{post}', '/login'];
/** Served by the render_blog function (Hosting rewrites): its server time is measured per page. */
export const SERVER_RENDERED_ROUTES = ['/blog', '/blog/{post}'];
export const JOURNEY_STEPS = [
  'sign-up',
  'subscribe (checkout session)',
  'pay (stand-in checkout + webhooks)',
  'dashboard (deals shown)',
  'account',
  'cancel',
  'resume',
] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

/** Live results when the stack could not be measured at all: every row says why. */
export function liveNotMeasured(reason: string): LiveResults {
  return {
    entryStaticJs: skipped(reason),
    largestChunks: [],
    lighthouse: LIGHTHOUSE_ROUTES.map((route) => ({ route, outcome: skipped(reason) })),
    initialJs: [
      ...PUBLIC_ROUTES.map((route) => ({ route, publicPage: true, outcome: skipped<never>(reason) })),
      ...AUTH_ROUTES.map((route) => ({ route, publicPage: false, outcome: skipped<never>(reason) })),
    ],
    dashboardJs: skipped(reason),
    stripeJourney: JOURNEY_STEPS.map((step) => ({ step, outcome: skipped(reason) })),
    stripeGetSubscriptionStatus: skipped(reason),
    stripeDashboardVisit: skipped(reason),
    dealReads: { firstPage: skipped(reason), furtherPages: [] },
    dashboardFirstCards: skipped(reason),
    blogServerTime: SERVER_RENDERED_ROUTES.map((route) => ({ route, outcome: skipped(reason) })),
    notes: [reason],
  };
}
