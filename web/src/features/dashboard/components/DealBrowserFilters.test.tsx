// The dashboard's search, store/category filters, URL state and saved deals, through the browser as wired by
// the page (memory router + mocked data access).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchDealPage, fetchDealsById, type DealPage, type DealPageRequest } from '../api/deal-pages';
import { fetchSavedDeals, writeSavedDeal } from '../api/saved-deals';
import { fetchStoreSummary } from '@/lib/fetch-store-summary';
import { renderDealBrowser } from '../test/browser-harness';
import { makeDeal } from '../test/deal-fixture';
import { installFakeIntersectionObserver } from '../test/intersection-observer';
import { SEARCH_DEBOUNCE_MS } from './DealToolbar';

jest.mock('../api/deal-pages', () => ({ fetchDealPage: jest.fn(), fetchDealsById: jest.fn() }));
jest.mock('../api/saved-deals', () => ({ fetchSavedDeals: jest.fn(), writeSavedDeal: jest.fn() }));
jest.mock('@/lib/fetch-store-summary', () => ({ fetchStoreSummary: jest.fn() }));
const mockFetchDealPage = jest.mocked(fetchDealPage);
const mockWriteSavedDeal = jest.mocked(writeSavedDeal);

const pageOf = (ids: string[]): DealPage => ({
  deals: ids.map((id) => makeDeal({ id, title: `Deal ${id}` })),
  size: ids.length,
  cursor: null,
});
const requests = (): DealPageRequest[] => mockFetchDealPage.mock.calls.map(([, request]) => request);
const location = () => screen.getByTestId('location').textContent;

const SUMMARY = {
  updated_at: new Date('2025-01-20T00:00:00Z'),
  shops: [
    { id: 'bluebird-electronics', name: 'Bluebird Electronics', url: null, live: 8 },
    { id: 'pantry-fresh', name: 'Pantry Fresh', url: null, live: 3 },
  ],
  categories: { electronics: 8, fashion: 0, home: 0, beauty: 0, travel: 0, food: 3, other: 0 },
};

beforeEach(() => {
  jest.resetAllMocks();
  installFakeIntersectionObserver();
  mockFetchDealPage.mockResolvedValue(pageOf(['d0', 'd1']));
  jest.mocked(fetchSavedDeals).mockResolvedValue({ deals: [], count: 0 });
  jest.mocked(fetchStoreSummary).mockResolvedValue(SUMMARY);
});

describe('dashboard search, filters and URL state', () => {
  it('restores the list from the URL (a reload or a shared link)', async () => {
    renderDealBrowser(
      'user-1',
      '/dashboard?q=Sony%20headphones&shop=pantry-fresh&category=food&verified=all&sort=ending_soon',
    );
    await screen.findByRole('article', { name: 'Deal d0' });
    expect(requests()).toEqual([
      expect.objectContaining({
        filter: 'all',
        sort: 'ending_soon',
        narrowing: { shop: 'pantry-fresh', category: 'food', term: 'headphones' },
        searchRest: ['sony'],
      }),
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toHaveValue('Sony headphones');
    expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue('pantry-fresh');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('food');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('ending_soon');
    expect(await screen.findByRole('option', { name: 'Pantry Fresh (3)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Food & Drink (3)' })).toBeInTheDocument();
  });

  it('falls back to the defaults for invalid parameters, without an error', async () => {
    renderDealBrowser('user-1', '/dashboard?verified=maybe&sort=random&category=cars&shop=a/b');
    await screen.findByRole('article', { name: 'Deal d0' });
    expect(requests()[0]).toEqual(
      expect.objectContaining({
        filter: 'verified',
        sort: 'newest',
        narrowing: { shop: null, category: null, term: null },
      }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('debounces typing: one query after the pause, none per keystroke, and the URL follows', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderDealBrowser();
    await screen.findByRole('article', { name: 'Deal d0' });
    await user.type(screen.getByRole('searchbox', { name: 'Search deals' }), 'headphones');
    expect(mockFetchDealPage).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(mockFetchDealPage).toHaveBeenCalledTimes(2));
    expect(requests()[1]?.narrowing.term).toBe('headphones');
    expect(location()).toBe('?q=headphones');
    jest.useRealTimers();
  });

  it('filters by store and category from the selects, into the URL', async () => {
    const user = userEvent.setup();
    renderDealBrowser();
    await screen.findByRole('option', { name: 'Bluebird Electronics (8)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'Bluebird Electronics (8)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Electronics (8)');
    await waitFor(() => expect(location()).toBe('?shop=bluebird-electronics&category=electronics'));
    expect(requests().at(-1)?.narrowing).toEqual({
      shop: 'bluebird-electronics',
      category: 'electronics',
      term: null,
    });
  });

  it('offers one-click "Clear filters" in the empty state', async () => {
    const user = userEvent.setup();
    mockFetchDealPage.mockResolvedValueOnce(pageOf([]));
    renderDealBrowser('user-1', '/dashboard?q=zzzz&category=travel&sort=savings_desc');
    expect(await screen.findByText('No bargains found')).toBeInTheDocument();
    const empty = screen.getByText('No bargains found').closest('.deal-empty') as HTMLElement;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('article', { name: 'Deal d0' });
    expect(location()).toBe('?sort=savings_desc');
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toHaveValue('');
  });

  it('opens the filters as a sheet from the Filters button, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderDealBrowser('user-1', '/dashboard?shop=pantry-fresh');
    await screen.findByRole('article', { name: 'Deal d0' });
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('saved deals', () => {
  it('saves optimistically, and the Saved view lists saved deals with expired ones marked', async () => {
    const user = userEvent.setup();
    let finishWrite: () => void = () => undefined;
    mockWriteSavedDeal.mockReturnValueOnce(new Promise((resolve) => (finishWrite = () => resolve())));
    jest
      .mocked(fetchDealsById)
      .mockResolvedValue([
        makeDeal({ id: 'd1', title: 'Deal d1', end_date: new Date('2020-01-01T00:00:00Z') }),
      ]);
    renderDealBrowser();
    const card = await screen.findByRole('article', { name: 'Deal d1' });
    const toggle = within(card).getByRole('button', { name: 'Save Deal d1' });
    await user.click(toggle);
    // Shown as saved before the write has finished.
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(mockWriteSavedDeal).toHaveBeenCalledWith(expect.anything(), 'user-1', 'd1', true, 0);
    await act(async () => finishWrite());

    await user.click(screen.getByRole('button', { name: 'Saved (1)' }));
    expect(location()).toBe('?view=saved');
    const saved = await screen.findByRole('article', { name: 'Deal d1' });
    expect(within(saved).getByText('Expired')).toBeInTheDocument();
    expect(jest.mocked(fetchDealsById)).toHaveBeenCalledWith(expect.anything(), ['d1']);

    await user.click(within(saved).getByRole('button', { name: 'Save Deal d1' }));
    expect(screen.queryByRole('article', { name: 'Deal d1' })).not.toBeInTheDocument();
    expect(await screen.findByText('No saved deals yet')).toBeInTheDocument();
    expect(mockWriteSavedDeal).toHaveBeenLastCalledWith(expect.anything(), 'user-1', 'd1', false, 1);
  });

  it('reverts a refused save and says why', async () => {
    const user = userEvent.setup();
    mockWriteSavedDeal.mockRejectedValueOnce(new Error('Missing or insufficient permissions.'));
    renderDealBrowser();
    const card = await screen.findByRole('article', { name: 'Deal d0' });
    await user.click(within(card).getByRole('button', { name: 'Save Deal d0' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save the deal: Missing or insufficient permissions.',
    );
    expect(within(card).getByRole('button', { name: 'Save Deal d0' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows a saved deal that no longer exists as unavailable, removable', async () => {
    jest.mocked(fetchSavedDeals).mockResolvedValue({ deals: [{ dealId: 'gone', saved_at: null }], count: 1 });
    jest.mocked(fetchDealsById).mockResolvedValue([]);
    renderDealBrowser('user-1', '/dashboard?view=saved');
    expect(await screen.findByText('This deal is no longer available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save removed deal' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('leaves a saved deal of another country out of the Saved view, still removable', async () => {
    jest.mocked(fetchSavedDeals).mockResolvedValue({
      deals: [
        { dealId: 'uk-only', saved_at: null },
        { dealId: 'anywhere', saved_at: null },
      ],
      count: 2,
    });
    jest
      .mocked(fetchDealsById)
      .mockResolvedValue([
        makeDeal({ id: 'uk-only', title: 'Kettles for the UK', regions: ['GB'] }),
        makeDeal({ id: 'anywhere', title: 'Lamps for everyone' }),
      ]);
    renderDealBrowser('user-1', '/dashboard?view=saved', 'US');
    expect(await screen.findByRole('article', { name: 'Lamps for everyone' })).toBeInTheDocument();
    expect(screen.getByText('This deal does not apply in your country')).toBeInTheDocument();
    expect(screen.queryByText('Kettles for the UK')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save removed deal' })).toHaveAttribute('aria-pressed', 'true');
  });
});
