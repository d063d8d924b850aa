import type { Firestore } from 'firebase/firestore/lite';
import { DEFAULT_LIST_PARAMS, dealListQuery } from '../lib/list-params';
import { fetchDealPage } from './deal-pages';

jest.mock('./deal-pages', () => ({ fetchDealPage: jest.fn() }));

type FirstPagePrefetch = typeof import('./first-page-prefetch');

/** A separate copy of the module, as each chunk the build copies it into runs its own. */
function copyOfModule(): FirstPagePrefetch {
  let module: FirstPagePrefetch | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<FirstPagePrefetch>('./first-page-prefetch');
  });
  if (!module) throw new Error('first-page-prefetch did not load');
  return module;
}

const db = {} as Firestore;
const query = dealListQuery(DEFAULT_LIST_PARAMS);

beforeEach(() => {
  Reflect.deleteProperty(globalThis, Symbol.for('bargains.dashboard.firstDealPage'));
  jest.mocked(fetchDealPage).mockResolvedValue({ deals: [], size: 0, cursor: null });
});

describe('the first deal page requested while the app boots', () => {
  it('is adopted by a listing running another copy of the module, and read once', () => {
    const bootEntry = copyOfModule();
    const app = copyOfModule();
    bootEntry.prefetchFirstDealPage(db, 'user-1', query);
    expect(app.takePrefetchedFirstPage('user-1', query)).not.toBeNull();
    expect(fetchDealPage).toHaveBeenCalledTimes(1);
  });

  it('is not requested by the boot entry once the app listing has asked for its first page', () => {
    const bootEntry = copyOfModule();
    const app = copyOfModule();
    expect(app.takePrefetchedFirstPage('user-1', query)).toBeNull();
    expect(bootEntry.firstListingAsked()).toBe(true);
  });
});
