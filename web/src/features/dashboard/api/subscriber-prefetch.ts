// Requests the signed-in subscriber's first deal page as soon as the first auth check has finished. Two callers:
// dashboard.html runs src/app/dashboard-prefetch.ts as a second entry beside the app (web/build/prerender-plugin.ts),
// so on a visit that starts on /dashboard the request waits neither for the app's largest chunks (React, the
// router) nor for the app to start; the route's prefetch (app/pages/DashboardPage.tsx) covers every other way in.
// The listing adopts the page (first-page-prefetch.ts), so it is read once whoever asked first.
import { auth } from '@/lib/auth';
import { liteDb } from '@/lib/firestore-lite';
import { wasSubscriptionActive } from '@/lib/subscriber-hint';
import { dealListQuery, parseListParams } from '../lib/list-params';
import { prefetchFirstDealPage } from './first-page-prefetch';

export function prefetchSubscriberFirstPage(): void {
  void auth.authStateReady().then(() => {
    const uid = auth.currentUser?.uid;
    if (uid === undefined || !wasSubscriptionActive(uid)) return;
    const params = parseListParams(new URLSearchParams(window.location.search));
    if (params.view === 'deals') prefetchFirstDealPage(liteDb, uid, dealListQuery(params));
  });
}
