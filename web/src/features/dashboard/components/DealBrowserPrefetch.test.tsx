import { act, screen } from '@testing-library/react';
import { fetchDealPage, type DealPage } from '../api/deal-pages';
import { adoptFirstDealPage, prefetchFirstDealPage } from '../api/first-page-prefetch';
import { fetchSavedDeals } from '../api/saved-deals';
import { fetchStoreSummary } from '@/lib/fetch-store-summary';
import { DEFAULT_LIST_PARAMS, dealListQuery } from '../lib/list-params';
import { renderDealBrowser, testDb } from '../test/browser-harness';
import { makeDeal } from '../test/deal-fixture';
import { installFakeIntersectionObserver, scrollIntoView } from '../test/intersection-observer';

jest.mock('../api/deal-pages', () => ({ fetchDealPage: jest.fn(), fetchDealsById: jest.fn() }));
jest.mock('../api/saved-deals', () => ({ fetchSavedDeals: jest.fn(), writeSavedDeal: jest.fn() }));
jest.mock('@/lib/fetch-store-summary', () => ({ fetchStoreSummary: jest.fn() }));
const mockFetchDealPage = jest.mocked(fetchDealPage);

const pageOf = (ids: string[]): DealPage => ({
  deals: ids.map((id) => makeDeal({ id, title: `Deal ${id}` })),
  size: ids.length,
  cursor: [ids[ids.length - 1] ?? ''],
});

beforeEach(() => {
  jest.resetAllMocks();
  installFakeIntersectionObserver();
  jest.mocked(fetchSavedDeals).mockResolvedValue({ deals: [], count: 0 });
  jest.mocked(fetchStoreSummary).mockResolvedValue(null);
});

describe('DealBrowser with a first page requested while the app booted', () => {
  it('shows the prefetched page without reading it again', async () => {
    mockFetchDealPage.mockResolvedValueOnce(pageOf(['p1', 'p2']));
    prefetchFirstDealPage(testDb, 'user-1', dealListQuery(DEFAULT_LIST_PARAMS));
    renderDealBrowser('user-1');
    expect(await screen.findByRole('article', { name: 'Deal p2' })).toBeInTheDocument();
    expect(mockFetchDealPage).toHaveBeenCalledTimes(1);
  });

  it('draws a page that arrived before the list rendered in its first render, and pages on from it', async () => {
    const first = pageOf(Array.from({ length: 20 }, (_, n) => `p${n}`));
    mockFetchDealPage.mockResolvedValueOnce(first).mockResolvedValueOnce(pageOf(['next']));
    prefetchFirstDealPage(testDb, 'user-1', dealListQuery(DEFAULT_LIST_PARAMS));
    await act(() => Promise.resolve());
    renderDealBrowser('user-1');
    // No skeleton frame: the cards are in the very first commit.
    expect(screen.queryByLabelText('Loading deals')).not.toBeInTheDocument();
    const last = screen.getByRole('article', { name: 'Deal p19' });
    expect(mockFetchDealPage).toHaveBeenCalledTimes(1);

    act(() => {
      expect(scrollIntoView(last)).toBe(true);
    });
    expect(await screen.findByRole('article', { name: 'Deal next' })).toBeInTheDocument();
    const [firstRequest, nextRequest] = mockFetchDealPage.mock.calls.map((call) => call[1]);
    expect(nextRequest).toEqual(expect.objectContaining({ cursor: first.cursor }));
    // The next page belongs to the same listing: the same live-window instant.
    expect(nextRequest?.now).toBe(firstRequest?.now);
  });

  it('reads the page once when it is prefetched twice (the document’s entry, then the route)', async () => {
    mockFetchDealPage.mockResolvedValueOnce(pageOf(['p1']));
    prefetchFirstDealPage(testDb, 'user-1', dealListQuery(DEFAULT_LIST_PARAMS));
    prefetchFirstDealPage(testDb, 'user-1', dealListQuery(DEFAULT_LIST_PARAMS));
    renderDealBrowser('user-1');
    expect(await screen.findByRole('article', { name: 'Deal p1' })).toBeInTheDocument();
    expect(mockFetchDealPage).toHaveBeenCalledTimes(1);
  });

  it('reads its own page when the prefetch was for another list', async () => {
    mockFetchDealPage.mockResolvedValueOnce(pageOf(['p1'])).mockResolvedValueOnce(pageOf(['s1']));
    prefetchFirstDealPage(testDb, 'user-1', dealListQuery(DEFAULT_LIST_PARAMS));
    renderDealBrowser('user-1', '/dashboard?sort=ending_soon');
    expect(await screen.findByRole('article', { name: 'Deal s1' })).toBeInTheDocument();
    expect(mockFetchDealPage).toHaveBeenCalledTimes(2);
    expect(mockFetchDealPage.mock.calls[1]?.[1]).toEqual(
      expect.objectContaining({ sort: 'ending_soon', cursor: null }),
    );
  });

  it('reads its own page for another user, and asks again when the prefetch failed', async () => {
    mockFetchDealPage
      .mockResolvedValueOnce(pageOf(['other']))
      .mockResolvedValueOnce(pageOf(['mine']))
      .mockRejectedValueOnce(new Error('Missing or insufficient permissions.'))
      .mockResolvedValueOnce(pageOf(['retried']));
    prefetchFirstDealPage(testDb, 'someone-else', dealListQuery(DEFAULT_LIST_PARAMS));
    const { unmount } = renderDealBrowser('user-1');
    expect(await screen.findByRole('article', { name: 'Deal mine' })).toBeInTheDocument();
    unmount();

    prefetchFirstDealPage(testDb, 'user-1', dealListQuery(DEFAULT_LIST_PARAMS));
    renderDealBrowser('user-1');
    expect(await screen.findByRole('article', { name: 'Deal retried' })).toBeInTheDocument();
    expect(mockFetchDealPage).toHaveBeenCalledTimes(4);
  });

  it('draws a page the server drew (render_dashboard) in its first render, without reading it, and pages on', async () => {
    const served = pageOf(Array.from({ length: 20 }, (_, n) => `s${n}`));
    const servedAt = new Date('2025-01-06T08:00:00.000Z');
    mockFetchDealPage.mockResolvedValueOnce(pageOf(['next']));
    adoptFirstDealPage('user-1', dealListQuery(DEFAULT_LIST_PARAMS), servedAt, served);
    renderDealBrowser('user-1');
    expect(screen.queryByLabelText('Loading deals')).not.toBeInTheDocument();
    const last = screen.getByRole('article', { name: 'Deal s19' });
    expect(mockFetchDealPage).not.toHaveBeenCalled();

    act(() => {
      expect(scrollIntoView(last)).toBe(true);
    });
    expect(await screen.findByRole('article', { name: 'Deal next' })).toBeInTheDocument();
    // The served listing's own cursor and instant: the next page follows the drawn one exactly.
    expect(mockFetchDealPage.mock.calls[0]?.[1]).toEqual(
      expect.objectContaining({ cursor: served.cursor, now: servedAt }),
    );
  });

  it("reads its own page when the server drew another user's", async () => {
    mockFetchDealPage.mockResolvedValueOnce(pageOf(['mine']));
    adoptFirstDealPage('someone-else', dealListQuery(DEFAULT_LIST_PARAMS), new Date(), pageOf(['theirs']));
    renderDealBrowser('user-1');
    expect(await screen.findByRole('article', { name: 'Deal mine' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Deal theirs' })).not.toBeInTheDocument();
  });
});
