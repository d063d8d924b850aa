// The store chooser with the real Firebase SDKs and modules (only the network read is replaced): the full SDK's
// `db` and Firestore Lite's `doc()` cannot be mixed, and a test that mocks the db or the summary read cannot see it.
import { render, screen } from '@testing-library/react';
import { getDoc, type DocumentReference } from 'firebase/firestore/lite';
import { buildStoreSummaryDoc } from '@bargains/model/store-summary';
import { defaultEmailPreferences } from '@bargains/model/email-preferences';
import { STORE_SUMMARY_DOC_PATH } from '@bargains/model/paths';
import { liteDb } from '@/lib/firestore-lite';
import { loadEmailPreferences } from '../api/email-preferences';
import { EmailPreferencesSection } from './EmailPreferencesSection';

jest.mock('firebase/firestore/lite', () => ({
  ...jest.requireActual<object>('firebase/firestore/lite'),
  getDoc: jest.fn(),
}));
jest.mock('../api/email-preferences', () => ({
  loadEmailPreferences: jest.fn(),
  saveEmailPreferences: jest.fn(),
}));
const mockGetDoc = jest.mocked(getDoc);

const now = new Date('2026-11-27T12:00:00Z');
const live = {
  start_date: '2026-11-01T00:00:00Z',
  end_date: '2026-12-31T00:00:00Z',
  category: 'home',
} as const;
const summaryDoc = buildStoreSummaryDoc(
  [
    { ...live, shop_id: 'acme', shop_name: 'Acme', shop_url: undefined },
    { ...live, shop_id: 'bluebird', shop_name: 'Bluebird Electronics', shop_url: undefined },
  ],
  now,
);
const snapshotOf = (data: object | undefined) =>
  ({ exists: () => data !== undefined, data: () => data }) as unknown as Awaited<ReturnType<typeof getDoc>>;

beforeEach(() => {
  jest.mocked(loadEmailPreferences).mockResolvedValue({
    preferences: defaultEmailPreferences('Europe/Berlin'),
    saved: false,
  });
});
afterEach(() => jest.restoreAllMocks());

describe('EmailPreferencesSection store chooser', () => {
  it('offers the stores of the deal data, read from the summary document', async () => {
    mockGetDoc.mockResolvedValue(snapshotOf(summaryDoc));
    const errors = jest.spyOn(console, 'error');
    render(<EmailPreferencesSection uid="user-1" />);

    expect(await screen.findByText('Stores (0 chosen)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Bluebird Electronics' })).toBeInTheDocument();
    const [reference] = mockGetDoc.mock.calls[0] as [DocumentReference];
    expect(reference.path).toBe(STORE_SUMMARY_DOC_PATH);
    expect(reference.firestore).toBe(liteDb);
    expect(errors).not.toHaveBeenCalled();
  });

  it('reports a failed store read and says the categories still work', async () => {
    const failure = Object.assign(new Error('unavailable'), { code: 'unavailable' });
    mockGetDoc.mockRejectedValue(failure);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<EmailPreferencesSection uid="user-1" />);

    expect(await screen.findByText(/couldn't load the list of stores/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Electronics' })).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('account.shop_summary_load_failed', failure);
  });

  it('shows categories alone, without an error, to a user the deal data is not open to', async () => {
    mockGetDoc.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    const errors = jest.spyOn(console, 'error');
    render(<EmailPreferencesSection uid="user-1" />);

    expect(await screen.findByRole('checkbox', { name: 'Electronics' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Save Preferences' });
    expect(screen.queryByText(/Stores/)).not.toBeInTheDocument();
    expect(screen.queryByText(/couldn't load the list of stores/)).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });
});
