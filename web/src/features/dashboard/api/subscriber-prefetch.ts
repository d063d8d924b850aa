// Requests the signed-in subscriber's first deal page as soon as the first auth check has finished. Two callers:
// the dashboard's document runs src/app/dashboard-prefetch.ts as a second entry beside the app (prerender-plugin.ts),
// so on a visit that starts on /dashboard the request waits neither for the app's largest chunks (React, the
// router) nor for the app to start; the route's prefetch (app/pages/DashboardPage.tsx) covers every other way in.
// The listing adopts the page (first-page-prefetch.ts), so it is read once whoever asked first. A page the server
// already drew into this document (render_dashboard, api/dashboard-island.ts) is adopted instead of read.
import { auth } from '@/lib/auth';
import { noteDashboardSession } from '@/lib/dashboard-session';
import { liteDb } from '@/lib/firestore-lite';
import { wasSubscriptionActive } from '@/lib/subscriber-hint';
import { dealListQuery, parseListParams } from '../lib/list-params';
import { takeDashboardIsland } from './dashboard-island';
import { adoptFirstDealPage, firstListingAsked, prefetchFirstDealPage } from './first-page-prefetch';

let adoptedServerPage = false;

/** Adopts the first page this document was served with, if it is the one the address asks for. */
function adoptServedFirstPage(): void {
  const island = takeDashboardIsland();
  if (island === null) return;
  // The server knows whether a valid session cookie came with the request: the note follows it.
  noteDashboardSession(island.session);
  // A page drawn for someone other than the cookie's user is never adopted (the starter's page, asked for with
  // an ID token, comes without a cookie).
  const { session, first } = island;
  if (first === null || first.search !== window.location.search) return;
  if (session !== null && session.uid !== first.uid) return;
  const query = dealListQuery(parseListParams(new URLSearchParams(first.search)));
  adoptFirstDealPage(first.uid, query, first.now, first.page);
  adoptedServerPage = true;
}

export function prefetchSubscriberFirstPage(): void {
  adoptServedFirstPage();
  if (adoptedServerPage) return;
  void auth
    .authStateReady()
    .then(() => {
      const uid = auth.currentUser?.uid;
      if (uid === undefined || !wasSubscriptionActive(uid) || firstListingAsked()) return;
      const params = parseListParams(new URLSearchParams(window.location.search));
      if (params.view === 'deals') prefetchFirstDealPage(liteDb, uid, dealListQuery(params));
    })
    .catch((error: unknown) =>
      // Only a head start is lost: the listing requests its first page itself.
      console.error('dashboard.first_page_prefetch_failed', error),
    );
}
