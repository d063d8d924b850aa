import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchDealPage, type DealPage } from '../api/deal-pages';
import { prefetchFirstDealPage } from '../api/first-page-prefetch';
import { DEFAULT_LIST_PARAMS, dealListQuery } from '../lib/list-params';
import { testDb } from '../test/browser-harness';
import { makeDeal } from '../test/deal-fixture';
import { useDealPages, type DealPages } from './useDealPages';

jest.mock('../api/deal-pages', () => ({ fetchDealPage: jest.fn(), fetchDealsById: jest.fn() }));
const mockFetchDealPage = jest.mocked(fetchDealPage);

const fullPage = (): DealPage => {
  const ids = Array.from({ length: 20 }, (_, n) => `p${n}`);
  return { deals: ids.map((id) => makeDeal({ id })), size: ids.length, cursor: ['p19'] };
};

/** One turn of the timer queue: React's scheduler and the read's promise callbacks run within a few of them. */
const timerTurn = () => new Promise((resolve) => setTimeout(resolve, 0));
const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

beforeEach(() => jest.resetAllMocks());

describe('useDealPages', () => {
  it('reads a first page once when it arrives between the loading render and that render’s effects', async () => {
    // React's own scheduling, as in the browser: a commit's passive effects run in a later task than its layout
    // effects, so promise callbacks settle in between (act() would run them together).
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    let answer: (page: DealPage) => void = () => undefined;
    mockFetchDealPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    mockFetchDealPage.mockResolvedValue(fullPage());
    const query = dealListQuery(DEFAULT_LIST_PARAMS);
    prefetchFirstDealPage(testDb, 'user-1', query);
    let latest: DealPages | null = null;
    function Listing() {
      const pages = useDealPages({ db: testDb, uid: 'user-1', query });
      latest = pages;
      // The page arrives while React commits the listing's loading state, before that commit's effects run.
      useLayoutEffect(() => {
        if (pages.listingId === 1 && pages.status === 'loading-first') answer(fullPage());
      }, [pages.listingId, pages.status]);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    try {
      root.render(<Listing />);
      for (let turn = 0; turn < 20; turn += 1) await timerTurn();
      expect(latest).toEqual(expect.objectContaining({ status: 'idle' }));
      expect(mockFetchDealPage).toHaveBeenCalledTimes(1);
    } finally {
      root.unmount();
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
