// GET /dashboard (Hosting rewrite): the dashboard's document. With a valid session cookie (session/cookie.ts) of a
// user with deal access, the first deal page the address asks for is drawn into it by the web app's own
// components (functions/web-render/render-dashboard.mjs, written by `vite build`), with the data the app takes it
// over from; anyone else gets the loading frame the app renders into, as a static page would be. Per-user, so
// never cached. Whatever fails, the visitor still gets a working page: the frame, and the app reads as usual.
// Without the cookie (the first visit on a device) the document's starter asks again with the user's ID token and
// gets the same first page as JSON (firstPageForToken), so the cards need not wait for the app.
import * as logger from 'firebase-functions/logger';
import { db } from '../admin';
import { readUser } from '../billing/documents';
import { siteOrigin } from '../config';
import { adminQuery } from '../deals/query';
import { sendCompressed } from '../http/compressed';
import { bearerToken, requireUser } from '../http/auth';
import { errorDetails } from '../http/endpoint';
import { HttpError, INTERNAL_ERROR_MESSAGE } from '../http/errors';
import type { PageRequest, PageResponse } from '../http/types';
import { webRenderModule, webRenderText } from '../http/web-render';
import { escapeMarkup } from '../blog/markup';
import {
  DASHBOARD_ISLAND_ID,
  DASHBOARD_ISLAND_SLOT,
  DASHBOARD_PAGE_SLOT,
  DASHBOARD_RENDERER_FILE,
  DASHBOARD_SHELL_FILE,
  type DashboardPageRenderer,
  type DashboardSession,
  type RenderedDashboard,
} from '@bargains/model/contracts/dashboard-render';
import { islandElement } from '@bargains/model/contracts/data-island';
import { locationDocPath } from '@bargains/model/paths';
import { COUNTRY_CODE, dealAppliesIn } from '@bargains/model/regions';
import { hasDealAccess } from '@bargains/model/user';
import {
  clearedSessionCookieHeader,
  sessionCookieOf,
  signedSessionUid,
  verifySession,
} from '../session/cookie';

const regionsOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : null;

const dashboardShell = () => webRenderText(DASHBOARD_SHELL_FILE);
const dashboardRenderer = () => webRenderModule<DashboardPageRenderer>(DASHBOARD_RENDERER_FILE);

/** The shell with the page inside #root and the island after it; replacer functions keep `$` in the text as is. */
function composeDashboardDocument(rendered: RenderedDashboard): string {
  let html = dashboardShell()
    .replace(DASHBOARD_PAGE_SLOT, () => rendered.html)
    .replace(DASHBOARD_ISLAND_SLOT, () => islandElement(DASHBOARD_ISLAND_ID, rendered.island));
  const { title } = rendered;
  if (title !== null)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(title)}</title>`);
  return html;
}

/** What a first deal page is drawn from: the user's document, the page's deals (null: no deal list) and location. */
interface FirstPageReads {
  user: Awaited<ReturnType<typeof readUser>>;
  documents: FirebaseFirestore.QuerySnapshot | null;
  location: FirebaseFirestore.DocumentSnapshot;
}

/** The reads of `uid`'s first page for `url` at `now`, at once: the page is one round trip to Firestore away. */
async function readFirstPage(
  render: DashboardPageRenderer,
  url: string,
  uid: string,
  now: Date,
): Promise<FirstPageReads> {
  const spec = render.firstPageQuery(new URL(url, 'http://localhost').search, now);
  const [user, documents, location] = await Promise.all([
    readUser(uid),
    spec === null ? null : adminQuery(db(), spec).get(),
    db().doc(locationDocPath(uid)).get(),
  ]);
  return { user, documents, location };
}

/**
 * The first deal page for `uid` from its reads, if that user has deal access and the address shows a deal list,
 * else null. `session`: the cookie the request came with (null for a page asked for with an ID token).
 */
function drawFirstPage(
  render: DashboardPageRenderer,
  url: string,
  uid: string,
  session: DashboardSession | null,
  now: Date,
  { user, documents, location }: FirstPageReads,
): RenderedDashboard | null {
  // The Admin SDK reads past the security rules: deal access is checked here, as the rules check it for the app.
  if (documents === null || !hasDealAccess(user, now.getTime())) return null;
  // Deals that do not apply in the subscriber's country (their Near you location) are left out, as the app does.
  const country: unknown = location.get('country');
  const shown =
    typeof country === 'string' && COUNTRY_CODE.test(country)
      ? documents.docs.filter((document) =>
          dealAppliesIn({ regions: regionsOf(document.get('regions')) }, country),
        )
      : documents.docs;
  return render.renderDeals({ path: url, uid, session, now, documents: shown });
}

async function drawnPage(
  render: DashboardPageRenderer,
  url: string,
  uid: string,
  session: DashboardSession | null,
): Promise<RenderedDashboard | null> {
  const now = new Date();
  return drawFirstPage(render, url, uid, session, now, await readFirstPage(render, url, uid, now));
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settled = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

interface CheckedCookie {
  /** The session the cookie carries; null when it names nobody. */
  session: DashboardSession | null;
  /** The session user's first page (null: none to draw); call only when `session` is not null. */
  firstPage: () => Promise<RenderedDashboard | null>;
}

/**
 * Checks the session cookie. Once its signature checks out, the reads for its user start while the revocation
 * check runs (an Auth round trip of its own), so the page waits for the slower of the two, not for both in turn;
 * they are used only when the full check names that same user.
 */
async function checkCookie(
  render: DashboardPageRenderer,
  url: string,
  cookie: string,
  res: PageResponse,
): Promise<CheckedCookie> {
  const now = new Date();
  const signed = await signedSessionUid(cookie);
  const early = signed === null ? null : settled(readFirstPage(render, url, signed, now));
  const verified = signed === null ? 'rejected' : await verifySession(cookie);
  // A cookie that names nobody (forged, expired, revoked, the user deleted) is cleared, not sent again and again.
  if (verified === 'rejected') res.set('Set-Cookie', clearedSessionCookieHeader(siteOrigin()));
  const session = verified === 'rejected' ? null : verified;
  const usable = session !== null && early !== null && session.uid === signed ? early : null;
  if (usable === null && early !== null)
    // Unused (revoked since it was signed, or naming someone else); a failure of them is still worth knowing.
    void early.then((outcome) => {
      if (!outcome.ok) logger.warn('render_dashboard.unused_reads_failed', errorDetails(outcome.error));
    });
  return {
    session,
    firstPage: async () => {
      if (session === null) return null;
      if (usable === null) return drawnPage(render, url, session.uid, session);
      const reads = await usable;
      if (!reads.ok) throw reads.error;
      return drawFirstPage(render, url, session.uid, session, now, reads.value);
    },
  };
}

/**
 * The first deal page as JSON for a request with `Authorization: Bearer <ID token>`: the dashboard's starter asks
 * for it on a visit without the session cookie (model/contracts/dashboard-render.ts, RenderedDashboard).
 * 401 for a token that names nobody, 204 when there is no page to draw; the starter then lets the app read.
 */
async function firstPageForToken(req: PageRequest, res: PageResponse, started: number): Promise<void> {
  res.set('Content-Type', 'application/json; charset=utf-8');
  let uid: string;
  try {
    // Not checked for revocation, as the security rules do not check it when the app reads the same deals.
    ({ uid } = await requireUser(req, { checkRevoked: false }));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    res.status(error.status).send(JSON.stringify({ error: error.message }));
    return;
  }
  const rendered = await drawnPage(await dashboardRenderer(), req.url, uid, null);
  res.set('Server-Timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
  if (rendered === null) {
    res.status(204).send('');
    return;
  }
  res.status(200);
  sendCompressed(req, res, JSON.stringify(rendered));
}

export async function handle(req: PageRequest, res: PageResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).set('Allow', 'GET, HEAD').set('Cache-Control', 'no-store').send('Method not allowed');
    return;
  }
  const started = performance.now();
  // Per user: no shared cache may keep it, and the browser asks again on each visit.
  res.set('Cache-Control', 'private, no-store');
  if (bearerToken(req.get('authorization')) !== null) {
    try {
      await firstPageForToken(req, res, started);
    } catch (error) {
      // Auth or Firestore unreachable: the starter lets the app read as it would without this page.
      logger.warn('render_dashboard.token_page_failed', { url: req.url, ...errorDetails(error) });
      if (!res.headersSent)
        res
          .status(503)
          .set('Content-Type', 'application/json; charset=utf-8')
          .send(JSON.stringify({ error: INTERNAL_ERROR_MESSAGE }));
    }
    return;
  }
  try {
    const render = await dashboardRenderer();
    const cookie = sessionCookieOf(req.get('cookie'));
    let session: DashboardSession | null = null;
    let rendered: RenderedDashboard;
    try {
      const checked = cookie === null ? null : await checkCookie(render, req.url, cookie, res);
      session = checked?.session ?? null;
      rendered =
        checked === null || session === null
          ? render.renderFrame(null)
          : ((await checked.firstPage()) ?? render.renderFrame(session));
    } catch (error) {
      // Auth or Firestore unreachable: the frame, and the app reads as it would without a cookie.
      logger.warn('render_dashboard.first_page_failed', { url: req.url, ...errorDetails(error) });
      rendered = render.renderFrame(session);
    }
    res
      .status(200)
      .set('Content-Type', 'text/html; charset=utf-8')
      .set('Server-Timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
    sendCompressed(req, res, composeDashboardDocument(rendered));
  } catch (error) {
    logger.error('render_dashboard.failed', { url: req.url, ...errorDetails(error) });
    if (res.headersSent) return;
    res
      .status(500)
      .set('Content-Type', 'text/plain; charset=utf-8')
      .send('Something went wrong while loading this page. Please try again.');
  }
}
