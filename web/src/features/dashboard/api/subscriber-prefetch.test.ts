import { DASHBOARD_ISLAND_ID } from '@bargains/model/contracts/dashboard-render';
import { noteDashboardSession } from '@/lib/dashboard-session';
import { DEFAULT_LIST_PARAMS, dealListQuery } from '../lib/list-params';
import { makeDeal } from '../test/deal-fixture';
import { serializeDashboardIsland, type DashboardIsland } from './dashboard-island';
import { adoptFirstDealPage, prefetchFirstDealPage } from './first-page-prefetch';

jest.mock('@/lib/auth', () => ({
  auth: { authStateReady: () => Promise.resolve(), currentUser: { uid: 'user-1' } },
}));
jest.mock('@/lib/firestore-lite', () => ({ liteDb: {} }));
jest.mock('@/lib/subscriber-hint', () => ({ wasSubscriptionActive: () => true }));
jest.mock('@/lib/dashboard-session', () => ({ noteDashboardSession: jest.fn() }));
jest.mock('./first-page-prefetch', () => ({
  adoptFirstDealPage: jest.fn(),
  prefetchFirstDealPage: jest.fn(),
  firstListingAsked: () => false,
}));

const session = { uid: 'user-1', expiresAt: 1_800_000_000_000 };
const page = { deals: [makeDeal({ id: 'a' })], size: 1, cursor: ['a'] };
const now = new Date('2025-01-06T08:00:00.000Z');

/** A fresh copy of the module (it reads the island once per document) on a document served with `island`. */
function servedWith(island: DashboardIsland | null, search = '') {
  window.history.replaceState(null, '', `/dashboard${search}`);
  document.body.innerHTML =
    island === null
      ? '<div id="root"></div>'
      : `<div id="root"></div><script type="application/json" id="${DASHBOARD_ISLAND_ID}">${serializeDashboardIsland(island)}</script>`;
  let prefetch: () => void = () => undefined;
  jest.isolateModules(() => {
    ({ prefetchSubscriberFirstPage: prefetch } =
      jest.requireActual<typeof import('./subscriber-prefetch')>('./subscriber-prefetch'));
  });
  return prefetch;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => jest.clearAllMocks());

/** The listing got the drawn page of the default listing for user-1, and Firestore was asked for nothing. */
function expectAdoptedForUser1(): void {
  expect(jest.mocked(adoptFirstDealPage)).toHaveBeenCalledWith(
    'user-1',
    dealListQuery(DEFAULT_LIST_PARAMS),
    now,
    page,
  );
  expect(jest.mocked(prefetchFirstDealPage)).not.toHaveBeenCalled();
}

describe('prefetchSubscriberFirstPage on a document render_dashboard served', () => {
  it('adopts the drawn page for the address it was drawn for, and asks Firestore for nothing', async () => {
    servedWith({ session, first: { uid: 'user-1', search: '', now, page } })();
    await flush();
    expect(jest.mocked(noteDashboardSession)).toHaveBeenCalledWith(session);
    expectAdoptedForUser1();
  });

  it('does not adopt a page drawn for another address; the page is read as usual', async () => {
    servedWith({ session, first: { uid: 'user-1', search: '?sort=ending_soon', now, page } })();
    await flush();
    expect(jest.mocked(adoptFirstDealPage)).not.toHaveBeenCalled();
    expect(jest.mocked(prefetchFirstDealPage)).toHaveBeenCalledTimes(1);
  });

  it('prefetches nothing for For you, which the server does not draw (it renders on the client)', async () => {
    servedWith({ session, first: null }, '?view=for_you')();
    await flush();
    expect(jest.mocked(adoptFirstDealPage)).not.toHaveBeenCalled();
    expect(jest.mocked(prefetchFirstDealPage)).not.toHaveBeenCalled();
  });

  it('adopts a page drawn without a cookie (the starter asked with an ID token) for the user it was drawn for', async () => {
    servedWith({ session: null, first: { uid: 'user-1', search: '', now, page } })();
    await flush();
    expect(jest.mocked(noteDashboardSession)).toHaveBeenCalledWith(null);
    expectAdoptedForUser1();
  });

  it('does not adopt a page drawn for someone other than the cookie names', async () => {
    servedWith({ session, first: { uid: 'user-2', search: '', now, page } })();
    await flush();
    expect(jest.mocked(adoptFirstDealPage)).not.toHaveBeenCalled();
    expect(jest.mocked(prefetchFirstDealPage)).toHaveBeenCalledTimes(1);
  });

  it('forgets the session note when the server says no valid cookie came', async () => {
    servedWith({ session: null, first: null })();
    await flush();
    expect(jest.mocked(noteDashboardSession)).toHaveBeenCalledWith(null);
  });

  it('leaves the note alone on a document the server did not render (the app got here by a link)', async () => {
    servedWith(null)();
    await flush();
    expect(jest.mocked(noteDashboardSession)).not.toHaveBeenCalled();
    expect(jest.mocked(prefetchFirstDealPage)).toHaveBeenCalledTimes(1);
  });
});
