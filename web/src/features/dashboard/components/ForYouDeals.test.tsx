import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DealInterests } from '@bargains/model/for-you';
import { fetchDealPage, type DealPage } from '../api/deal-pages';
import { fetchDealInterests, fetchForYouPage } from '../api/for-you';
import { fetchSavedDeals } from '../api/saved-deals';
import { fetchStoreSummary } from '@/lib/fetch-store-summary';
import { renderDealBrowser } from '../test/browser-harness';
import { makeDeal } from '../test/deal-fixture';
import { installFakeIntersectionObserver } from '../test/intersection-observer';

jest.mock('../api/deal-pages', () => ({ fetchDealPage: jest.fn(), fetchDealsById: jest.fn() }));
jest.mock('../api/for-you', () => ({ fetchDealInterests: jest.fn(), fetchForYouPage: jest.fn() }));
jest.mock('../api/saved-deals', () => ({ fetchSavedDeals: jest.fn(), writeSavedDeal: jest.fn() }));
jest.mock('@/lib/fetch-store-summary', () => ({ fetchStoreSummary: jest.fn() }));

const INTERESTS: DealInterests = { stores: ['acme', 'zeta'], categories: ['home'] };
const page = (ids: string[]): DealPage => ({
  deals: ids.map((id) => makeDeal({ id, title: `Deal ${id}` })),
  size: ids.length,
  cursor: ids.length > 0 ? [0, 'x'] : null,
});
const location = () => screen.getByTestId('location').textContent;
const forYouRequests = () => jest.mocked(fetchForYouPage).mock.calls.map(([, request]) => request);

beforeEach(() => {
  jest.resetAllMocks();
  installFakeIntersectionObserver();
  jest.mocked(fetchSavedDeals).mockResolvedValue({
    deals: [{ dealId: 'saved-1', saved_at: new Date('2026-11-01T00:00:00Z') }],
    count: 1,
  });
  jest.mocked(fetchStoreSummary).mockResolvedValue(null);
  jest.mocked(fetchDealPage).mockResolvedValue(page(['all-1']));
});

describe('For you', () => {
  it('is a tab that puts view=for_you in the URL', async () => {
    jest.mocked(fetchDealInterests).mockResolvedValue(INTERESTS);
    jest.mocked(fetchForYouPage).mockResolvedValue(page(['f1']));
    renderDealBrowser();
    await screen.findByRole('article', { name: 'Deal all-1' });
    await userEvent.click(screen.getByRole('button', { name: 'For you' }));
    expect(location()).toBe('?view=for_you');
    expect(screen.getByRole('button', { name: 'For you' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('article', { name: 'Deal f1' })).toBeInTheDocument();
  });

  it('ranks by the interests of the preferences and the saved deals, and says how', async () => {
    jest.mocked(fetchDealInterests).mockResolvedValue(INTERESTS);
    jest.mocked(fetchForYouPage).mockResolvedValue(page(['f1', 'f2']));
    renderDealBrowser('user-1', '/dashboard?view=for_you');
    expect(await screen.findByRole('article', { name: 'Deal f2' })).toBeInTheDocument();
    expect(jest.mocked(fetchDealInterests).mock.calls).toEqual([[expect.anything(), 'user-1', ['saved-1']]]);
    expect(forYouRequests()).toEqual([
      expect.objectContaining({ interests: INTERESTS, filter: 'verified', sort: 'newest', cursor: null }),
    ]);
    expect(
      screen.getByText('Deals from your 2 stores, then your 1 category first, then everything else.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit interests' })).toHaveAttribute(
      'href',
      '/account#email-preferences',
    );
    expect(fetchDealPage).not.toHaveBeenCalled();
  });

  it('applies the toolbar: a category, the verified filter and the sort stay in For you', async () => {
    jest.mocked(fetchDealInterests).mockResolvedValue(INTERESTS);
    jest.mocked(fetchForYouPage).mockResolvedValue(page(['f1']));
    renderDealBrowser('user-1', '/dashboard?view=for_you');
    await screen.findByRole('article', { name: 'Deal f1' });
    const toolbar = screen.getByRole('group', { name: 'Filter and sort deals' });
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Category' }), 'fashion');
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Sort by' }), 'ending_soon');
    await waitFor(() => expect(location()).toBe('?view=for_you&category=fashion&sort=ending_soon'));
    await waitFor(() =>
      expect(forYouRequests().at(-1)).toEqual(
        expect.objectContaining({
          interests: INTERESTS,
          sort: 'ending_soon',
          narrowing: { shop: null, category: 'fashion', term: null },
        }),
      ),
    );
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('?view=for_you&sort=ending_soon');
    // The interests are read once for the view, not again for each filter.
    expect(fetchDealInterests).toHaveBeenCalledTimes(1);
  });

  it('asks a subscriber without interests to pick some instead of showing an empty list', async () => {
    jest.mocked(fetchSavedDeals).mockResolvedValue({ deals: [], count: 0 });
    jest.mocked(fetchDealInterests).mockResolvedValue({ stores: [], categories: [] });
    renderDealBrowser('user-1', '/dashboard?view=for_you');
    expect(await screen.findByRole('heading', { name: 'Pick your interests' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose interests' })).toHaveAttribute(
      'href',
      '/account#email-preferences',
    );
    expect(screen.queryByText('No bargains found')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(fetchForYouPage).not.toHaveBeenCalled();
  });

  it('reports interests that failed to load and tries again on request', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest
      .mocked(fetchDealInterests)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(INTERESTS);
    jest.mocked(fetchForYouPage).mockResolvedValue(page(['f1']));
    renderDealBrowser('user-1', '/dashboard?view=for_you');
    expect(await screen.findByText('Failed to load your interests: offline')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Deal f1' })).toBeInTheDocument();
  });
});
