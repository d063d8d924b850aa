import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { onSnapshot, type DocumentSnapshot } from 'firebase/firestore';
import { createUserDocument } from '@/lib/user-document-lazy';
import { isUserDocumentConfirmed, markUserDocumentConfirmed } from '@/lib/user-document-presence';
import { useSubscription } from '@/subscription/hooks/useSubscription';
import { SubscriptionProvider } from './SubscriptionProvider';

jest.mock('@/lib/firestore', () => ({ db: { name: 'db' } }));
jest.mock('firebase/firestore', () => ({
  doc: jest.fn((_db: unknown, path: string) => ({ path })),
  onSnapshot: jest.fn(() => () => undefined),
}));
jest.mock('@/lib/user-document-lazy', () => ({ createUserDocument: jest.fn(() => Promise.resolve()) }));

type SnapshotListener = (snapshot: DocumentSnapshot) => void;
const USER_DATA = {
  subscription_active: true,
  subscription_status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const snapshot = (data: typeof USER_DATA | null, fromCache = false) =>
  ({
    exists: () => data !== null,
    data: () => data ?? undefined,
    metadata: { fromCache },
  }) as unknown as DocumentSnapshot;

function Probe() {
  const state = useSubscription();
  return <p>{`${state.status} active=${String(state.active)}`}</p>;
}

/**
 * Renders the provider for `uid`, lets it load its listener module, and returns the listener it registered, to
 * deliver snapshots through.
 */
async function renderProvider(uid: string): Promise<SnapshotListener> {
  render(
    <SubscriptionProvider uid={uid}>
      <Probe />
    </SubscriptionProvider>,
  );
  await waitFor(() => expect(onSnapshot).toHaveBeenCalled());
  const [, listener] = jest.mocked(onSnapshot).mock.calls.at(-1) as unknown as [unknown, SnapshotListener];
  return listener;
}

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('SubscriptionProvider: the listener decides whether users/{uid} must be created (docs/reference.md#signing-in)', () => {
  it('creates the document when the server says it is missing', async () => {
    const deliver = await renderProvider('missing-uid');
    act(() => deliver(snapshot(null)));
    expect(createUserDocument).toHaveBeenCalledWith('missing-uid');
    expect(screen.getByText('ready active=false')).toBeInTheDocument();
  });

  it('does not create an existing document, and remembers it exists', async () => {
    const deliver = await renderProvider('present-uid');
    act(() => deliver(snapshot(USER_DATA)));
    expect(createUserDocument).not.toHaveBeenCalled();
    expect(isUserDocumentConfirmed('present-uid')).toBe(true);
    expect(screen.getByText('ready active=true')).toBeInTheDocument();
  });

  it('does not trust a "missing" from the local cache', async () => {
    const deliver = await renderProvider('cached-uid');
    act(() => deliver(snapshot(null, true)));
    expect(createUserDocument).not.toHaveBeenCalled();
  });

  it('does not recreate a document this session already confirmed (e.g. deleted with the account)', async () => {
    markUserDocumentConfirmed('confirmed-uid');
    const deliver = await renderProvider('confirmed-uid');
    act(() => deliver(snapshot(null)));
    expect(createUserDocument).not.toHaveBeenCalled();
  });
});

describe('SubscriptionProvider: access is hasDealAccess, the rules’ definition', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps the deals during a failed renewal’s grace period and locks them at the deadline, without a reload', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T00:00:00Z') });
    const deliver = await renderProvider('grace-uid');
    const deadline = Date.parse('2026-11-30T00:00:00Z') / 1000;
    act(() =>
      deliver(
        snapshot({ ...USER_DATA, subscription_status: 'past_due', grace_period_end: deadline } as never),
      ),
    );
    expect(screen.getByText('ready active=true')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(7 * 24 * 3600 * 1000 - 1000));
    expect(screen.getByText('ready active=true')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('ready active=false')).toBeInTheDocument();
  });

  it('reads an expired grace period as locked, and the recovery (no deadline) as unlocked', async () => {
    const deliver = await renderProvider('expired-uid');
    const past = Math.floor(Date.now() / 1000) - 60;
    act(() =>
      deliver(snapshot({ ...USER_DATA, subscription_status: 'past_due', grace_period_end: past } as never)),
    );
    expect(await screen.findByText('ready active=false')).toBeInTheDocument();
    act(() => deliver(snapshot(USER_DATA)));
    expect(screen.getByText('ready active=true')).toBeInTheDocument();
  });
});

describe('SubscriptionProvider: a subscriber seen on this device before', () => {
  it('is loading until the document arrives when this device never saw the user subscribed', async () => {
    const deliver = await renderProvider('new-uid');
    expect(screen.getByText('loading active=false')).toBeInTheDocument();
    act(() => deliver(snapshot(USER_DATA)));
    expect(screen.getByText('ready active=true')).toBeInTheDocument();
  });

  it('is taken as active at once, and the document still decides when it arrives', async () => {
    const deliver = await renderProvider('returning-uid');
    act(() => deliver(snapshot(USER_DATA)));
    cleanup();
    jest.clearAllMocks();

    const next = await renderProvider('returning-uid');
    expect(screen.getByText('ready active=true')).toBeInTheDocument();
    act(() => next(snapshot({ ...USER_DATA, subscription_active: false, subscription_status: 'canceled' })));
    expect(screen.getByText('ready active=false')).toBeInTheDocument();
    cleanup();

    await renderProvider('returning-uid');
    expect(screen.getByText('loading active=false')).toBeInTheDocument();
  });

  it('does not remember a subscription from the local cache', async () => {
    const deliver = await renderProvider('cached-subscriber');
    act(() => deliver(snapshot(USER_DATA, true)));
    cleanup();
    await renderProvider('cached-subscriber');
    expect(screen.getByText('loading active=false')).toBeInTheDocument();
  });
});
