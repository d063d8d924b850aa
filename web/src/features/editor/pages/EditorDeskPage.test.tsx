import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueueItem } from '../api/editor-api';
import EditorDeskPage from './EditorDeskPage';

const mockFetchQueue = jest.fn<Promise<QueueItem[]>, [string, string, AbortSignal | undefined]>();
const mockRunAction = jest.fn<Promise<unknown>, [unknown]>();
const mockFetchHistory = jest.fn<Promise<unknown[]>, [string]>();
jest.mock('@/lib/api-client', () => ({ callFunction: jest.fn() }));
jest.mock('../api/editor-api', () => ({
  ...jest.requireActual<object>('../api/editor-api'),
  fetchQueue: (...args: [string, string, AbortSignal | undefined]) => mockFetchQueue(...args),
  runAction: (action: unknown) => mockRunAction(action),
  fetchHistory: (dealId: string) => mockFetchHistory(dealId),
}));

const item = (id: string, flags: Partial<QueueItem['flags']> = {}): QueueItem => ({
  id,
  deal: {
    title: `Deal ${id}`,
    description: 'A deal.',
    shop_name: 'Acme',
    savings: '20% off',
    category: 'home',
    is_verified: false,
    url_home: 'https://acme.example',
    end_date: '2099-01-01T00:00:00.000Z',
    scraped_at: '2026-01-01T00:00:00.000Z',
  },
  source: { title: `Deal ${id}`, description: 'A deal.', category: 'home', is_verified: false },
  overrides: {
    hidden_reason: null,
    pinned: false,
    verified: null,
    title: null,
    description: null,
    category: null,
  },
  flags: {
    new: true,
    reported: false,
    hidden: false,
    pinned: false,
    edited: false,
    source_changed: false,
    ...flags,
  },
  source_changed_at: null,
});

beforeEach(() => {
  mockFetchQueue.mockReset().mockResolvedValue([item('a', { reported: true }), item('b')]);
  mockRunAction.mockReset().mockResolvedValue({ entry_id: 'e1', overrides: item('a').overrides });
  mockFetchHistory.mockReset().mockResolvedValue([]);
});

describe('EditorDeskPage', () => {
  it('lists the queue with its flags and filters by view and search', async () => {
    const user = userEvent.setup();
    render(<EditorDeskPage />);
    const card = await screen.findByRole('article', { name: 'Deal a' });
    expect(within(card).getByText('Reported not working')).toBeInTheDocument();
    expect(mockFetchQueue).toHaveBeenLastCalledWith('all', '', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Reported' }));
    expect(mockFetchQueue).toHaveBeenLastCalledWith('reported', '', expect.anything());
    await user.type(screen.getByRole('searchbox', { name: 'Search the queue' }), 'lamp{Enter}');
    expect(mockFetchQueue).toHaveBeenLastCalledWith('reported', 'lamp', expect.anything());
  });

  it('hides with a reason, pins and verifies through editor_action, then reloads the queue', async () => {
    const user = userEvent.setup();
    render(<EditorDeskPage />);
    const card = await screen.findByRole('article', { name: 'Deal a' });
    await user.click(within(card).getByRole('button', { name: 'Hide…' }));
    await user.type(within(card).getByLabelText('Why hide it? (kept in the history)'), '  Misleading  ');
    await user.click(within(card).getByRole('button', { name: 'Hide from every list' }));
    expect(mockRunAction).toHaveBeenLastCalledWith({ action: 'hide', deal_id: 'a', reason: 'Misleading' });

    await user.click(
      within(await screen.findByRole('article', { name: 'Deal b' })).getByRole('button', {
        name: "Pin as Editor's pick",
      }),
    );
    expect(mockRunAction).toHaveBeenLastCalledWith({ action: 'pin', deal_id: 'b' });
    await user.click(
      within(await screen.findByRole('article', { name: 'Deal b' })).getByRole('button', { name: 'Verify' }),
    );
    expect(mockRunAction).toHaveBeenLastCalledWith({ action: 'verify', deal_id: 'b' });
    expect(mockFetchQueue.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('says why an action was refused', async () => {
    mockRunAction.mockRejectedValue(new Error('Editor access required'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<EditorDeskPage />);
    const card = await screen.findByRole('article', { name: 'Deal b' });
    await user.click(within(card).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Editor access required');
  });
});
