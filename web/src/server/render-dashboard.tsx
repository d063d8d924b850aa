// The subscriber's dashboard rendered on the server (the render_dashboard function imports this module's build,
// functions/web-render/render-dashboard.mjs, written by `vite build`): the deal list's own components with the first
// page, in the site frame as it is before the first auth check, and the data island the app takes the page over
// from (features/dashboard/api/dashboard-island.ts). The app's first render then shows the same cards.
import { dealQuerySpec } from '@bargains/model/queries';
import type { DashboardPageRenderer, DashboardSession } from '@bargains/model/contracts/dashboard-render';
import { PageSpinner } from '@/components/Spinner';
import { dealPageOf, type DealPage } from '@/features/dashboard/api/deal-pages';
import { serializeDashboardIsland } from '@/features/dashboard/api/dashboard-island';
import { DealList, DealViews } from '@/features/dashboard/components/DealBrowser';
import { DealsPage } from '@/features/dashboard/components/DealsPage';
import type { SavedDealsState } from '@/features/dashboard/hooks/useSavedDeals';
import { canLoadMore, listingWithFirstPage } from '@/features/dashboard/lib/deal-list-state';
import { dealListQuery, type DealListParams, parseListParams } from '@/features/dashboard/lib/list-params';
import { renderInSiteChrome } from './site-chrome-markup';

const ignore = () => undefined;

/** The saved deals as the app's first render has them: still loading, so every card shows "Save". */
const SAVED_LOADING: SavedDealsState = {
  status: 'loading',
  deals: [],
  isSaved: () => false,
  toggle: ignore,
  error: null,
  reload: ignore,
};

function listing(search: string): DealListParams | null {
  const params = parseListParams(new URLSearchParams(search));
  return params.view === 'deals' ? params : null;
}

export const firstPageQuery: DashboardPageRenderer['firstPageQuery'] = (search, now) => {
  const params = listing(search);
  if (params === null) return null;
  const { filter, sort, narrowing } = dealListQuery(params);
  return dealQuerySpec(filter, sort, now, narrowing);
};

export const renderDeals: DashboardPageRenderer['renderDeals'] = ({ path, uid, session, now, documents }) => {
  const search = new URL(path, 'http://localhost').search;
  const params = listing(search);
  if (params === null) throw new RangeError(`renderDeals: ${path} shows no deal list`);
  const query = dealListQuery(params);
  const page: DealPage = dealPageOf(
    dealQuerySpec(query.filter, query.sort, now, query.narrowing),
    documents,
    query.searchRest,
  );
  const state = listingWithFirstPage({ now, page });
  const rendered = renderInSiteChrome(
    path,
    <DealsPage>
      <DealViews params={params} onParamsChange={ignore} saved={SAVED_LOADING}>
        <DealList
          pages={{ ...state, canAutoLoadMore: canLoadMore(state), loadMore: ignore, reload: ignore }}
          signedIn
          params={params}
          onParamsChange={ignore}
          saved={SAVED_LOADING}
          summary={null}
        />
      </DealViews>
    </DealsPage>,
  );
  return { ...rendered, island: serializeDashboardIsland({ session, first: { uid, search, now, page } }) };
};

/** The loading frame's markup: the same for every request (rendered on the first that needs it). */
let frame: { html: string; title: string | null } | undefined;

/** The loading frame (as the build's app.html has it) with the session for the app to keep alive. */
export const renderFrame: DashboardPageRenderer['renderFrame'] = (session: DashboardSession | null) => {
  frame ??= renderInSiteChrome('/loading', <PageSpinner />);
  return { ...frame, island: serializeDashboardIsland({ session, first: null }) };
};
