import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCheckoutSession, getSubscriptionStatus } from '@/subscription/api/billing-api';
import { leaveAppFor } from '@/lib/leave-app';
import { SubscribeScreen } from './SubscribeScreen';

jest.mock('@/subscription/api/billing-api', () => ({
  createCheckoutSession: jest.fn(),
  getSubscriptionStatus: jest.fn(),
}));
jest.mock('@/lib/leave-app', () => ({ leaveAppFor: jest.fn() }));
const mockCreateCheckoutSession = jest.mocked(createCheckoutSession);
const mockGetSubscriptionStatus = jest.mocked(getSubscriptionStatus);
const mockLeaveAppFor = jest.mocked(leaveAppFor);

const CHECKOUT_URL = 'http://127.0.0.1:12111/checkout/cs_test_1';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('SubscribeScreen', () => {
  it('requests one checkout session, shows progress and cannot be submitted twice', async () => {
    const user = userEvent.setup();
    const session = deferred<string>();
    mockCreateCheckoutSession.mockReturnValue(session.promise);
    render(<SubscribeScreen />);

    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    const busyButton = screen.getByRole('button', { name: 'Opening secure checkout…' });
    expect(busyButton).toBeDisabled();
    expect(busyButton).toHaveAttribute('aria-busy', 'true');
    await user.click(busyButton);
    expect(mockCreateCheckoutSession).toHaveBeenCalledTimes(1);

    session.resolve(CHECKOUT_URL);
    await waitFor(() => expect(mockLeaveAppFor).toHaveBeenCalledWith(CHECKOUT_URL));
    // The page is leaving: the button stays busy instead of inviting a second click.
    expect(screen.getByRole('button', { name: 'Opening secure checkout…' })).toBeDisabled();
  });

  it('says why when the session cannot be created, and lets the user try again', async () => {
    const user = userEvent.setup();
    mockCreateCheckoutSession.mockRejectedValueOnce(new Error('You already have an active subscription'));
    render(<SubscribeScreen />);

    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active subscription');
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(mockLeaveAppFor).not.toHaveBeenCalled();
  });

  it('Refresh Subscription Status shows the status and the period end', async () => {
    const user = userEvent.setup();
    mockGetSubscriptionStatus.mockResolvedValueOnce({
      status: 'canceled',
      current_period_end: Date.UTC(2025, 2, 15, 12) / 1000,
    });
    render(<SubscribeScreen />);
    expect(mockGetSubscriptionStatus).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Refresh Subscription Status' }));
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
    expect(screen.getByText('Mar 15, 2025')).toBeInTheDocument();
  });

  it('shows "No subscription" for a user who never subscribed', async () => {
    const user = userEvent.setup();
    mockGetSubscriptionStatus.mockResolvedValueOnce({ status: null, current_period_end: null });
    render(<SubscribeScreen />);
    await user.click(screen.getByRole('button', { name: 'Refresh Subscription Status' }));
    expect(await screen.findByText('No subscription')).toBeInTheDocument();
  });
});
