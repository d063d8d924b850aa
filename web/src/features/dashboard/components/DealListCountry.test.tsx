// The dashboard's list leaves out deals that do not apply in the subscriber's country (the Near you location,
// through DealCountryContext); without a location every deal shows.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DealCountryContext } from '@/lib/deal-country';
import { DEFAULT_LIST_PARAMS } from '../lib/list-params';
import type { DealPages } from '../hooks/useDealPages';
import type { SavedDealsState } from '../hooks/useSavedDeals';
import { makeDeal } from '../test/deal-fixture';
import { DealList } from './DealBrowser';

const deals = [
  makeDeal({ id: 'everywhere', title: 'Lamps for everyone' }),
  makeDeal({ id: 'uk-only', title: 'Kettles for the UK', regions: ['GB'] }),
  makeDeal({ id: 'north-america', title: 'Rugs for North America', regions: ['US', 'CA'] }),
];

const pages: DealPages = {
  listingId: 1,
  listedAt: new Date('2025-01-20T12:00:00.000Z'),
  deals,
  cursor: null,
  lastPageSize: deals.length,
  status: 'idle',
  fillReads: 0,
  error: null,
  canAutoLoadMore: false,
  loadMore: () => undefined,
  reload: () => undefined,
};

const saved: SavedDealsState = {
  status: 'ready',
  deals: [],
  isSaved: () => false,
  toggle: () => undefined,
  error: null,
  reload: () => undefined,
};

function renderList(country: string | null) {
  render(
    <MemoryRouter>
      <DealCountryContext.Provider value={country}>
        <DealList
          pages={pages}
          signedIn
          params={DEFAULT_LIST_PARAMS}
          onParamsChange={() => undefined}
          saved={saved}
          summary={null}
        />
      </DealCountryContext.Provider>
    </MemoryRouter>,
  );
  return [...document.querySelectorAll('[data-deal-id]')].map((card) => card.getAttribute('data-deal-id'));
}

describe('DealList and the subscriber country', () => {
  it('leaves out the deals of other countries', () => {
    expect(renderList('US')).toEqual(['everywhere', 'north-america']);
    expect(screen.getByText('2 bargains')).toBeInTheDocument();
  });

  it('shows every deal when the country is unknown', () => {
    expect(renderList(null)).toEqual(['everywhere', 'uk-only', 'north-america']);
  });
});
