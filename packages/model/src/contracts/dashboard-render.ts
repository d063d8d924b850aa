// The signed-in dashboard rendered on the server (render_dashboard, behind Hosting's /dashboard rewrite): what the
// web build's renderer (web/src/server/render-dashboard.tsx, built into functions/web-render/) offers the function,
// and the names of the files and slots they share. No runtime imports, so the web build can read it too.
import type { QuerySpec } from '../queries';

export const DASHBOARD_SHELL_FILE = 'dashboard-shell.html';
export const DASHBOARD_RENDERER_FILE = 'render-dashboard.mjs';
/** Replaced by the page's markup (inside #root). */
export const DASHBOARD_PAGE_SLOT = '<!--dashboard:page-->';
/** Replaced by the data island (after #root, out of React's reach) or by nothing. */
export const DASHBOARD_ISLAND_SLOT = '<!--dashboard:island-->';
/** The id of the `<script type="application/json">` that carries the island. */
export const DASHBOARD_ISLAND_ID = 'dashboard-data';
/**
 * The id of the `<script type="application/json">` that lists the app's scripts (`modulepreload` hrefs, `modules`
 * with their `src` and `async`) in the documents that arrive with their content; the web build writes it (web/build/inline-scripts.ts has the same id). The dashboard's
 * document runs only its inline starter (web/src/app/dashboard-start.ts), which adds them once the first deal cards
 * are painted: on a slow phone network the app's 250 KB would otherwise share the link with the styles and the first
 * deals, and every card would wait for them.
 */
export const APP_SCRIPTS_ID = 'app-scripts';

/**
 * The session cookie (Firebase Auth session cookie): Firebase Hosting forwards only a cookie of this name to
 * functions. It lets render_dashboard draw a subscriber's first deals; no other endpoint accepts it.
 */
export const SESSION_COOKIE = '__session';

/** A queried document as both the web SDK and the Admin SDK return it: the app's reads and the server's share one
 * page builder (web/src/features/dashboard/api/deal-pages.ts dealPageOf). */
export interface QueriedDocument {
  id: string;
  data(): Record<string, unknown> | undefined;
}

/** The signed-in user the session cookie names, as the page hands it to the app. */
export interface DashboardSession {
  uid: string;
  /** When the cookie expires (ms since the epoch): the app renews it well before. */
  expiresAt: number;
}

/**
 * A drawn dashboard. Also what render_dashboard answers as JSON for a signed-in user who has no session cookie yet
 * (the first visit on a device): the dashboard's starter asks `GET /dashboard<search>` with
 * `Authorization: Bearer <Firebase ID token>` and gets it (200), or 204 when there is no deal page to draw for that
 * user (no deal access, or an address that shows no deal list).
 */
export interface RenderedDashboard {
  /** The markup that goes inside #root. */
  html: string;
  /** The tab title, as the app sets it; null keeps the shell's. */
  title: string | null;
  /** The data island's JSON (safe inside a <script> element). */
  island: string;
}

/** What the web build's dashboard renderer exports; render_dashboard imports it at run time. */
export interface DashboardPageRenderer {
  /** The query of the first deal page `search` (the URL's query string) shows, or null when it shows none. */
  firstPageQuery(search: string, now: Date): QuerySpec | null;
  /** A subscriber's dashboard with the first page those documents make (same `search` and `now`). */
  renderDeals(page: {
    path: string;
    /** The user the page is drawn for. */
    uid: string;
    /** The session cookie that came with the request; null when the page was asked for with an ID token. */
    session: DashboardSession | null;
    now: Date;
    documents: readonly QueriedDocument[];
  }): RenderedDashboard;
  /** The loading frame the app renders into, with the session (if any) for the app to keep alive. */
  renderFrame(session: DashboardSession | null): RenderedDashboard;
}
