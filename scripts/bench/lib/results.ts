// The shape of bench-results/latest.json. Every measurement either has a value or says why it was skipped
// (a page not built yet, a service that did not answer), so a partial stack still gives a full report.
import type { DocumentReads } from './firestore-traffic';
import type { JsSet } from './bundle';

export type Outcome<T> = { value: T } | { skipped: string };

export const measured = <T>(value: T): Outcome<T> => ({ value });
export const skipped = <T>(reason: string): Outcome<T> => ({ skipped: reason });
export const valueOf = <T>(outcome: Outcome<T> | undefined): T | undefined =>
  outcome && 'value' in outcome ? outcome.value : undefined;

/** A network request of Lighthouse's LCP simulation: when it ran under the mobile preset, and its size. */
export interface SimulatedRequest {
  url: string;
  startMs: number;
  endMs: number;
  transferBytes: number;
}

export interface LighthouseMetrics {
  /** Performance score, 0-100, of the median run. */
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Transfer size of everything the page loaded (Lighthouse `total-byte-weight`). */
  totalBytes: number;
  /** Scores of every run, in run order. */
  runScores: number[];
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement?: string;
  /** Where the LCP time went: TTFB, load delay, load time, render delay. */
  lcpPhases?: string;
  /** The network requests of Lighthouse's simulated LCP (optimistic estimate), by simulated start time. */
  lcpRequests?: SimulatedRequest[];
  /** Requests to other sites than this machine (third-party scripts), without their query strings. */
  externalRequests?: string[];
  /** Lighthouse's CPU speed estimate for this machine during the run (higher is faster). */
  benchmarkIndex?: number;
  /** Elements that shifted most, with their shift scores. */
  layoutShifts: string[];
  /** The median run's HTML report. */
  reportFile?: string;
}

export interface LighthousePage {
  route: string;
  outcome: Outcome<LighthouseMetrics>;
}

export interface RouteScripts {
  /**
   * The initial JS: the module scripts and preloads of the HTML the server returned for the route, plus the
   * chunks they statically import (Vite manifest), transitively. Dynamic imports are not part of it.
   */
  initial: JsSet;
  /** Every script Chromium requested until the page settled: the initial JS plus what the first render imported. */
  requestedOnLoad: JsSet;
}

export interface RouteJs {
  route: string;
  /** A public page that must not download the full Firestore SDK. */
  publicPage: boolean;
  outcome: Outcome<RouteScripts>;
}

export interface StripeCalls {
  calls: number;
  endpoints: Record<string, number>;
}

export interface StripeStep {
  step: string;
  outcome: Outcome<StripeCalls>;
}

export interface DealReadsFirstPage extends DocumentReads {
  cards: number;
}

export interface DealReadsFurtherPage extends DocumentReads {
  cardsAdded: number;
}

/** The documents one search/filter/sort change read, and the cards the new list shows. */
export interface DealReadsInteraction extends DocumentReads {
  interaction: string;
  cards: number;
}

/** Long tasks while typing in the search box (10 keystrokes, before the debounced query fires). */
export interface TypingResponsiveness {
  keystrokes: number;
  longTasks: number;
  longestTaskMs: number;
}

export interface DealReads {
  firstPage: Outcome<DealReadsFirstPage>;
  furtherPages: DealReadsFurtherPage[];
  /** Why no (more) further pages were measured, e.g. the list ended. */
  furtherNote?: string;
  /** Search, store, category, verified and sort changes, one after the other (issue #16). */
  interactions?: DealReadsInteraction[];
  interactionNote?: string;
  typing?: Outcome<TypingResponsiveness>;
}

export interface ChunkSummary {
  file: string;
  bytes: number;
  gzipBytes: number;
  label: string;
}

/** Time until the first deal cards are painted on /dashboard (signed-in subscriber, mobile throttling). */
export interface FirstCards {
  samplesMs: number[];
  medianMs: number;
}

/** render_blog's time for one page (Server-Timing): the first request of a fresh instance, then warm ones. */
export interface ServerTime {
  firstMs: number;
  warmMs: number[];
  warmMedianMs: number;
}

export interface LiveResults {
  /** Entry chunk + its static imports, from the manifest of the build that was served. */
  entryStaticJs: Outcome<JsSet>;
  largestChunks: ChunkSummary[];
  lighthouse: LighthousePage[];
  initialJs: RouteJs[];
  /** JS the dashboard loads for a subscribed user (checks that the dashboard code is split out). */
  dashboardJs: Outcome<JsSet>;
  stripeJourney: StripeStep[];
  stripeGetSubscriptionStatus: Outcome<StripeCalls>;
  stripeDashboardVisit: Outcome<StripeCalls>;
  dealReads: DealReads;
  dashboardFirstCards: Outcome<FirstCards>;
  blogServerTime: Array<{ route: string; outcome: Outcome<ServerTime> }>;
  notes: string[];
}

export interface ColdImport {
  samplesMs: number[];
  medianMs: number;
  /** 1-minute load average when the samples were taken. */
  loadAverage: number;
}

export interface BuildResults {
  coldImport: Outcome<ColdImport>;
  /** index.js plus what render_blog loads for its first page (handler, Admin SDK, the server renderer). */
  renderColdImport: Outcome<ColdImport>;
}

export interface BenchResults extends BuildResults, LiveResults {
  generatedAt: string;
  environment: Record<string, string>;
}

export type BudgetArea =
  | 'lighthouse'
  | 'initial-js'
  | 'code-split'
  | 'dashboard-js'
  | 'stripe'
  | 'reads'
  | 'responsiveness'
  | 'cold-import'
  | 'dashboard'
  | 'blog-server';

export interface BudgetCheck {
  area: BudgetArea;
  budget: string;
  subject: string;
  ok: boolean;
  detail: string;
}
