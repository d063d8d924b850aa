import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchDealPage, type DealCursor, type DealPage, type DealPageRequest } from '../api/deal-pages';
import { fetchSavedDeals } from '../api/saved-deals';
import { fetchStoreSummary } from '@/lib/fetch-store-summary';
import { MAX_FILL_READS } from '../lib/deal-list-state';
import { renderDealBrowser } from '../test/browser-harness';
import { makeDeal } from '../test/deal-fixture';
import { installFakeIntersectionObserver, scrollIntoView } from '../test/intersection-observer';

jest.mock('../api/deal-pages', () => ({ fetchDealPage: jest.fn(), fetchDealsById: jest.fn() }));
jest.mock('../api/saved-deals', () => ({ fetchSavedDeals: jest.fn(), writeSavedDeal: jest.fn() }));
jest.mock('@/lib/fetch-store-summary', () => ({ fetchStoreSummary: jest.fn() }));
const mockFetchDealPage = jest.mocked(fetchDealPage);
const cursorAt = (id: string): DealCursor => [id];

function pageOf(ids: string[]): DealPage {
  const last = ids[ids.length - 1];
  return {
    deals: ids.map((id) => makeDeal({ id, title: `Deal ${id}` })),
    size: ids.length,
    cursor: last === undefined ? null : cursorAt(last),
  };
}
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `d${from + i}`);

const cards = () => screen.queryAllByRole('article');
const lastCard = () => {
  const all = cards();
  const last = all[all.length - 1];
  if (!last) throw new Error('no deal cards rendered');
  return last;
};
const requests = (): DealPageRequest[] => mockFetchDealPage.mock.calls.map(([, request]) => request);

beforeEach(() => {
  jest.resetAllMocks();
  installFakeIntersectionObserver();
  jest.mocked(fetchSavedDeals).mockResolvedValue({ deals: [], count: 0 });
  jest.mocked(fetchStoreSummary).mockResolvedValue(null);
});

const renderBrowser = (uid: string | null = 'user-1') => renderDealBrowser(uid);

describe('DealBrowser', () => {
  it('loads the first page with the defaults: Verified Only, Newest First', async () => {
    mockFetchDealPage.mockResolvedValueOnce(pageOf(ids(0, 3)));
    renderBrowser();
    expect(await screen.findByRole('article', { name: 'Deal d0' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('verified');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(requests()).toEqual([
      expect.objectContaining({
        filter: 'verified',
        sort: 'newest',
        narrowing: { shop: null, category: null, term: null },
        searchRest: [],
        cursor: null,
      }),
    ]);
  });

  it('shows skeleton cards while the first page loads', async () => {
    mockFetchDealPage.mockReturnValueOnce(new Promise(() => undefined));
    renderBrowser();
    expect(screen.getByLabelText('Loading deals')).toHaveAttribute('aria-busy', 'true');
    expect(cards()).toHaveLength(0);
    // The saved deals' read settles in the meantime; the page is still loading after it.
    await act(async () => undefined);
    expect(screen.getByLabelText('Loading deals')).toHaveAttribute('aria-busy', 'true');
  });

  it('loads the next page after a full page when the last card scrolls into view, dropping duplicates', async () => {
    mockFetchDealPage
      .mockResolvedValueOnce(pageOf(ids(0, 20)))
      .mockResolvedValueOnce(pageOf([...ids(19, 1), ...ids(20, 5)]));
    renderBrowser();
    await screen.findByRole('article', { name: 'Deal d19' });

    act(() => {
      expect(scrollIntoView(lastCard())).toBe(true);
    });
    await screen.findByRole('article', { name: 'Deal d24' });
    expect(requests()[1]).toEqual(expect.objectContaining({ cursor: cursorAt('d19') }));
    // The same instant bounds every page of one listing.
    expect(requests()[1]?.now).toBe(requests()[0]?.now);
    expect(cards().map((card) => card.getAttribute('aria-labelledby'))).toEqual(
      ids(0, 25).map((id) => `deal-${id}-title`),
    );
  });

  it('does not load more after a short page (the list has ended)', async () => {
    mockFetchDealPage.mockResolvedValueOnce(pageOf(ids(0, 7)));
    renderBrowser();
    await screen.findByRole('article', { name: 'Deal d6' });
    act(() => {
      scrollIntoView(lastCard());
    });
    expect(mockFetchDealPage).toHaveBeenCalledTimes(1);
    expect(screen.getByText("That's all 7 bargains.")).toBeInTheDocument();
  });

  it('requests a page only once while it is loading', async () => {
    let finishSecondPage: (page: DealPage) => void = () => undefined;
    mockFetchDealPage
      .mockResolvedValueOnce(pageOf(ids(0, 20)))
      .mockReturnValueOnce(new Promise((resolve) => (finishSecondPage = resolve)));
    renderBrowser();
    await screen.findByRole('article', { name: 'Deal d19' });
    const last = lastCard();
    act(() => {
      scrollIntoView(last);
      scrollIntoView(last);
    });
    expect(mockFetchDealPage).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Loading more deals…')).toBeInTheDocument();
    await act(async () => finishSecondPage(pageOf(ids(20, 3))));
    expect(cards()).toHaveLength(23);
  });

  it('reloads from the first page when the filter or the sort changes', async () => {
    const user = userEvent.setup();
    mockFetchDealPage
      .mockResolvedValueOnce(pageOf(ids(0, 20)))
      .mockResolvedValueOnce(pageOf(['a1', 'a2']))
      .mockResolvedValueOnce(pageOf(['s1']));
    renderBrowser();
    await screen.findByRole('article', { name: 'Deal d0' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All Deals');
    expect(await screen.findByRole('article', { name: 'Deal a1' })).toBeInTheDocument();
    expect(cards()).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Savings - High to Low');
    expect(await screen.findByRole('article', { name: 'Deal s1' })).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    expect(requests().slice(1)).toEqual([
      expect.objectContaining({ filter: 'all', sort: 'newest', cursor: null }),
      expect.objectContaining({ filter: 'all', sort: 'savings_desc', cursor: null }),
    ]);
  });

  it('ignores a slow page of the previous filter', async () => {
    const user = userEvent.setup();
    let finishOldPage: (page: DealPage) => void = () => undefined;
    mockFetchDealPage
      .mockReturnValueOnce(new Promise((resolve) => (finishOldPage = resolve)))
      .mockResolvedValueOnce(pageOf(['new']));
    renderBrowser();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Unverified Only');
    await screen.findByRole('article', { name: 'Deal new' });
    await act(async () => finishOldPage(pageOf(['old'])));
    expect(screen.queryByRole('article', { name: 'Deal old' })).not.toBeInTheDocument();
  });

  it('keeps loading a multi-word search narrowed to less than a page, with no scroll, until the deals end', async () => {
    const narrowed = (matches: string[], size: number, last: string): DealPage => ({
      ...pageOf(matches),
      size,
      cursor: cursorAt(last),
    });
    let finishSecondPage: (page: DealPage) => void = () => undefined;
    mockFetchDealPage
      // One match in a full page of documents, none in the next, then the last (short) page.
      .mockResolvedValueOnce(narrowed(['m1'], 20, 'x19'))
      .mockReturnValueOnce(new Promise((resolve) => (finishSecondPage = resolve)))
      .mockResolvedValueOnce(narrowed(ids(2, 8), 12, 'x51'));
    const { container } = renderDealBrowser('user-1', '/dashboard?q=save+on');
    await screen.findByRole('article', { name: 'Deal m1' });
    // The first match is not shown as the whole result: the list says it is still loading.
    expect(container.querySelector('.deal-list')).toHaveAttribute('data-state', 'loading-more');
    expect(screen.getByText('Loading more deals…')).toBeInTheDocument();
    expect(screen.queryByText("That's the only bargain right now.")).not.toBeInTheDocument();
    await act(async () => finishSecondPage(narrowed([], 20, 'x39')));
    expect(await screen.findByText("That's all 9 bargains.")).toBeInTheDocument();
    expect(cards()).toHaveLength(9);
    expect(requests().map((request) => request.cursor)).toEqual([null, ['x19'], ['x39']]);
    expect(requests().every((request) => request.searchRest.includes('on'))).toBe(true);
  });

  it('shows a search that narrowed every page it read on its own as not found yet, with "Search more deals"', async () => {
    const user = userEvent.setup();
    const nothing = (at: number): DealPage => ({ deals: [], size: 20, cursor: cursorAt(`x${at}`) });
    for (let read = 0; read <= MAX_FILL_READS; read += 1)
      mockFetchDealPage.mockResolvedValueOnce(nothing(read));
    mockFetchDealPage.mockResolvedValueOnce(pageOf(['late']));
    renderDealBrowser('user-1', '/dashboard?q=rare+words');
    await user.click(await screen.findByRole('button', { name: 'Search more deals' }));
    expect(requests()).toHaveLength(MAX_FILL_READS + 2);
    expect(await screen.findByRole('article', { name: 'Deal late' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockFetchDealPage.mockResolvedValueOnce(pageOf([]));
    renderBrowser();
    expect(await screen.findByText('No bargains found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters to see more bargains')).toBeInTheDocument();
  });

  it('shows an error-only screen when the first page fails, with a retry', async () => {
    const user = userEvent.setup();
    mockFetchDealPage
      .mockRejectedValueOnce(new Error('Missing or insufficient permissions.'))
      .mockResolvedValueOnce(pageOf(['d0']));
    renderBrowser();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Missing or insufficient permissions.',
    );
    // The filters stay, so a failing combination can be changed or cleared.
    expect(screen.getByRole('combobox', { name: 'Show' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Deal d0' })).toBeInTheDocument();
  });

  it('keeps the loaded deals when a further page fails, and retries on request only', async () => {
    const user = userEvent.setup();
    mockFetchDealPage
      .mockResolvedValueOnce(pageOf(ids(0, 20)))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(pageOf(ids(20, 2)));
    renderBrowser();
    await screen.findByRole('article', { name: 'Deal d19' });
    act(() => {
      scrollIntoView(lastCard());
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load more deals: offline');
    expect(cards()).toHaveLength(20);
    // No automatic retry loop while the last card stays in view.
    act(() => {
      scrollIntoView(lastCard());
    });
    expect(mockFetchDealPage).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(22));
    expect(requests()[2]).toEqual(expect.objectContaining({ cursor: cursorAt('d19') }));
  });

  it("says 'User not authenticated' without a user and reads nothing", async () => {
    renderBrowser(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('User not authenticated');
    expect(mockFetchDealPage).not.toHaveBeenCalled();
  });
});
