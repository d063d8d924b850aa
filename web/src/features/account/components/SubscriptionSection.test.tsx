import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cancelSubscription,
  createCheckoutSession,
  createPortalSession,
  getSubscriptionStatus,
  resumeSubscription,
} from '@/subscription/api/billing-api';
import { leaveAppFor } from '@/lib/leave-app';
import { SubscriptionContext } from '@/subscription/hooks/useSubscription';
import { parseUser } from '@bargains/model/user';
import { SubscriptionSection } from './SubscriptionSection';

jest.mock('@/subscription/api/billing-api', () => ({
  cancelSubscription: jest.fn(),
  createCheckoutSession: jest.fn(),
  createPortalSession: jest.fn(),
  getSubscriptionStatus: jest.fn(),
  resumeSubscription: jest.fn(),
}));
jest.mock('@/lib/leave-app', () => ({ leaveAppFor: jest.fn() }));

const mockGetStatus = jest.mocked(getSubscriptionStatus);
const mockCancel = jest.mocked(cancelSubscription);
const mockResume = jest.mocked(resumeSubscription);
const mockCreateCheckoutSession = jest.mocked(createCheckoutSession);
const mockLeaveAppFor = jest.mocked(leaveAppFor);
const mockCreatePortalSession = jest.mocked(createPortalSession);

// 2025-03-15T12:00:00Z in unix seconds; mid-day UTC keeps the calendar date the same in every time zone.
const PERIOD_END = Date.UTC(2025, 2, 15, 12) / 1000;
const active = { status: 'active', current_period_end: PERIOD_END };
const canceled = { status: 'canceled', current_period_end: PERIOD_END };

let confirmSpy: jest.SpyInstance<boolean, [message?: string]>;
beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});

describe('SubscriptionSection display (docs/reference.md#billing)', () => {
  it("'active': status, period end and Cancel Subscription", async () => {
    mockGetStatus.mockResolvedValue(active);
    render(<SubscriptionSection />);
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');
    expect(screen.getByText('Current Period Ends: Mar 15, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resubscribe' })).not.toBeInTheDocument();
  });

  it("'canceled': 'Active until {date}' and Resubscribe", async () => {
    mockGetStatus.mockResolvedValue(canceled);
    render(<SubscriptionSection />);
    expect(await screen.findByText('Active until Mar 15, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resubscribe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('no status: Resubscribe only', async () => {
    mockGetStatus.mockResolvedValue({ status: null, current_period_end: null });
    render(<SubscriptionSection />);
    expect(await screen.findByRole('button', { name: 'Resubscribe' })).toBeInTheDocument();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('No subscription');
    expect(screen.queryByText(/Current Period Ends|Active until/)).not.toBeInTheDocument();
  });

  it("any other status: 'Current Period Ends: {date}', no cancel/resubscribe, and Manage billing", async () => {
    mockGetStatus.mockResolvedValue({ status: 'past_due', current_period_end: PERIOD_END });
    render(<SubscriptionSection />);
    expect(await screen.findByText('Current Period Ends: Mar 15, 2025')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel Subscription|Resubscribe/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });

  it('says when the account information cannot be loaded', async () => {
    mockGetStatus.mockRejectedValue(new Error('API request failed with status 500'));
    render(<SubscriptionSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your account information. Please try again later.',
    );
  });
});

describe('Cancel Subscription', () => {
  it('asks first and does nothing when the user declines', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValue(active);
    confirmSpy.mockReturnValue(false);
    render(<SubscriptionSection />);
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(confirmSpy).toHaveBeenCalledTimes(1);
    expect(mockCancel).not.toHaveBeenCalled();
  });

  it("shows 'Canceling...', then refetches the status and confirms", async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValueOnce(active).mockResolvedValueOnce(canceled);
    let finishCancel: () => void = () => undefined;
    mockCancel.mockReturnValue(new Promise<void>((resolve) => (finishCancel = resolve)));
    render(<SubscriptionSection />);

    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(screen.getByRole('button', { name: 'Canceling...' })).toBeDisabled();
    finishCancel();

    expect(await screen.findByText('Active until Mar 15, 2025')).toBeInTheDocument();
    expect(mockGetStatus).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toHaveTextContent('Your subscription has been canceled.');
    expect(screen.getByRole('button', { name: 'Resubscribe' })).toBeEnabled();
  });

  it('reports a failure with the documented message', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValue(active);
    mockCancel.mockRejectedValue(new Error('Only an active subscription can be canceled'));
    render(<SubscriptionSection />);
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to cancel subscription. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled();
  });
});

describe('Resubscribe', () => {
  it('resumes a canceled subscription without a new checkout', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValue(canceled);
    mockResume.mockResolvedValue({ kind: 'resumed', subscription: active });
    render(<SubscriptionSection />);

    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(mockCreateCheckoutSession).not.toHaveBeenCalled();
  });

  it('starts a checkout when there is nothing to resume', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValue({ status: null, current_period_end: null });
    mockResume.mockResolvedValue({ kind: 'needs-checkout' });
    mockCreateCheckoutSession.mockResolvedValue('http://127.0.0.1:12111/checkout/cs_test_2');
    render(<SubscriptionSection />);

    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    await waitFor(() =>
      expect(mockLeaveAppFor).toHaveBeenCalledWith('http://127.0.0.1:12111/checkout/cs_test_2'),
    );
    expect(screen.getByRole('button', { name: 'Resubscribing...' })).toBeDisabled();
  });

  it('does not open a checkout when the refreshed status is already active', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValueOnce(canceled).mockResolvedValueOnce(active);
    mockResume.mockResolvedValue({ kind: 'needs-checkout' });
    render(<SubscriptionSection />);

    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByText('Your subscription is already active.')).toBeInTheDocument();
    expect(mockCreateCheckoutSession).not.toHaveBeenCalled();
  });

  it('reports a failure', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValue(canceled);
    mockResume.mockRejectedValue(new Error('Internal server error'));
    render(<SubscriptionSection />);
    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to resubscribe. Please try again later.',
    );
  });
});

describe('Manage billing', () => {
  it('is offered only to users who have subscribed', async () => {
    mockGetStatus.mockResolvedValue({ status: null, current_period_end: null });
    render(<SubscriptionSection />);
    expect(await screen.findByRole('button', { name: 'Resubscribe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('sends the browser to the billing portal, staying busy meanwhile', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValue(active);
    mockCreatePortalSession.mockResolvedValue({ kind: 'portal', url: 'http://127.0.0.1:12111/portal/bps_1' });
    render(<SubscriptionSection />);

    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(mockLeaveAppFor).toHaveBeenCalledWith('http://127.0.0.1:12111/portal/bps_1'));
    expect(screen.getByRole('button', { name: 'Opening billing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeDisabled();
  });

  it('explains a 409 (nothing to manage) and other failures', async () => {
    const user = userEvent.setup();
    mockGetStatus.mockResolvedValue(canceled);
    mockCreatePortalSession
      .mockResolvedValueOnce({ kind: 'no-billing' })
      .mockRejectedValueOnce(new Error('Internal server error'));
    render(<SubscriptionSection />);

    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no billing to manage yet.');
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText('Could not open billing. Please try again later.')).toBeInTheDocument();
    expect(mockLeaveAppFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });
});

describe("SubscriptionSection with the webhook mirror: each state of the spec's list", () => {
  const mirrorPeriodEnd = Date.UTC(2026, 11, 22, 12) / 1000;
  const mirror = (fields: Record<string, unknown>) =>
    parseUser('u1', {
      subscription_active: true,
      subscription_status: 'active',
      created_at: null,
      updated_at: null,
      stripe_subscription_id: 'sub_1',
      current_period_end: mirrorPeriodEnd,
      cancel_at_period_end: false,
      renewal_amount: 200,
      renewal_currency: 'usd',
      ...fields,
    });
  const renderWith = (user: ReturnType<typeof mirror>) =>
    render(
      <SubscriptionContext.Provider value={{ status: 'ready', active: true, user, error: null }}>
        <SubscriptionSection />
      </SubscriptionContext.Provider>,
    );

  it("'active': when and for how much it renews, and Cancel Subscription", async () => {
    mockGetStatus.mockResolvedValue({ status: 'active', current_period_end: mirrorPeriodEnd });
    renderWith(mirror({}));
    expect(await screen.findByTestId('next-charge')).toHaveTextContent('Renews on Dec 22 for $2.00');
    // It replaces the period line rather than repeating the date.
    expect(screen.queryByText(/Current Period Ends/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resubscribe' })).not.toBeInTheDocument();
  });

  it("'canceled': the spec's 'Active until {date}', then that it will not renew, and Resubscribe", async () => {
    mockGetStatus.mockResolvedValue({ status: 'canceled', current_period_end: mirrorPeriodEnd });
    renderWith(mirror({ cancel_at_period_end: true }));
    expect(await screen.findByTestId('subscription-period')).toHaveTextContent(
      /^Active until Dec 22, 2026 · Won't renew$/,
    );
    expect(screen.getByRole('button', { name: 'Resubscribe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it("'past_due' in its grace period: 'Current Period Ends: {date}', then the failed renewal", async () => {
    mockGetStatus.mockResolvedValue({ status: 'past_due', current_period_end: mirrorPeriodEnd });
    const graceEnd = Date.UTC(2026, 11, 29, 12) / 1000;
    renderWith(mirror({ subscription_status: 'past_due', grace_period_end: graceEnd }));
    expect(await screen.findByTestId('subscription-period')).toHaveTextContent(
      /^Current Period Ends: Dec 22, 2026$/,
    );
    expect(screen.getByTestId('renewal-failed')).toHaveTextContent(
      'Renewal payment failed: update your card by Dec 29 to keep your deals.',
    );
    expect(screen.queryByRole('button', { name: /Cancel Subscription|Resubscribe/ })).not.toBeInTheDocument();
  });

  it("any other status ('trialing'): 'Current Period Ends: {date}', then the next charge", async () => {
    mockGetStatus.mockResolvedValue({ status: 'trialing', current_period_end: mirrorPeriodEnd });
    renderWith(mirror({ subscription_status: 'trialing' }));
    expect(await screen.findByTestId('subscription-period')).toHaveTextContent(
      /^Current Period Ends: Dec 22, 2026 · Renews on Dec 22 for \$2\.00$/,
    );
    expect(screen.queryByRole('button', { name: /Cancel Subscription|Resubscribe/ })).not.toBeInTheDocument();
  });

  it('no status: Resubscribe only, with no period line', async () => {
    mockGetStatus.mockResolvedValue({ status: null, current_period_end: null });
    renderWith(
      mirror({ stripe_subscription_id: null, subscription_status: 'inactive', current_period_end: null }),
    );
    expect(await screen.findByRole('button', { name: 'Resubscribe' })).toBeInTheDocument();
    expect(screen.queryByTestId('subscription-period')).not.toBeInTheDocument();
    expect(screen.queryByTestId('next-charge')).not.toBeInTheDocument();
  });

  it('shows the card the subscription is charged to, and follows a card change without a reload', async () => {
    mockGetStatus.mockResolvedValue(active);
    const card = { payment_method_id: 'pm_1', card_brand: 'visa', card_last4: '4242' };
    const view = (user: ReturnType<typeof mirror>) => (
      <SubscriptionContext.Provider value={{ status: 'ready', active: true, user, error: null }}>
        <SubscriptionSection />
      </SubscriptionContext.Provider>
    );
    const { rerender } = render(view(mirror(card)));
    expect(await screen.findByTestId('payment-method')).toHaveTextContent('Visa ending in 4242');
    expect(screen.getByText('Payment method')).toBeInTheDocument();

    rerender(view(mirror({ payment_method_id: 'pm_2', card_brand: 'mastercard', card_last4: '4444' })));
    expect(screen.getByTestId('payment-method')).toHaveTextContent('Mastercard ending in 4444');
  });

  it('shows no payment method when the mirror has no card', async () => {
    mockGetStatus.mockResolvedValue(active);
    renderWith(mirror({}));
    expect(await screen.findByTestId('next-charge')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-method')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment method')).not.toBeInTheDocument();
  });
});

describe('SubscriptionSection: follows the live mirror without a reload', () => {
  // users/{uid} as ProtectedRoute's listener delivers it; get_subscription_status answers from the same document.
  const base = {
    subscription_active: true,
    created_at: null,
    updated_at: null,
    stripe_subscription_id: 'sub_1',
    current_period_end: PERIOD_END,
    renewal_amount: 200,
    renewal_currency: 'usd',
  };
  const activeUser = parseUser('u1', { ...base, subscription_status: 'active' });
  const failedUser = parseUser('u1', {
    ...base,
    subscription_status: 'past_due',
    grace_period_end: Date.UTC(2026, 11, 29, 12) / 1000,
  });
  const pastDue = { status: 'past_due', current_period_end: PERIOD_END };
  const view = (user: typeof activeUser) => (
    <SubscriptionContext.Provider value={{ status: 'ready', active: true, user, error: null }}>
      <SubscriptionSection />
    </SubscriptionContext.Provider>
  );

  it('asks for the status again when the renewal fails while the page is open', async () => {
    mockGetStatus.mockResolvedValueOnce(active);
    const { rerender } = render(view(activeUser));
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');
    expect(mockGetStatus).toHaveBeenCalledTimes(1);

    mockGetStatus.mockResolvedValueOnce(pastDue);
    rerender(view(failedUser));
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Past due'));
    expect(mockGetStatus).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('renewal-failed')).toHaveTextContent(
      'Renewal payment failed: update your card by Dec 29 to keep your deals.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('does not ask again while the status shown already matches the mirror', async () => {
    mockGetStatus.mockResolvedValue(active);
    const { rerender } = render(view(activeUser));
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');
    // A new snapshot of the same subscription state (e.g. only the card changed).
    rerender(view(parseUser('u1', { ...base, subscription_status: 'active', card_last4: '4444' })));
    await screen.findByTestId('subscription-status');
    expect(mockGetStatus).toHaveBeenCalledTimes(1);
  });

  it('asks once per mirror change, even when the answer still lags behind the snapshot', async () => {
    mockGetStatus.mockResolvedValue(active);
    const { rerender } = render(view(activeUser));
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');

    rerender(view(failedUser));
    await waitFor(() => expect(mockGetStatus).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');
    // The lagging answer is shown and not asked for again in a loop; the next change asks again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mockGetStatus).toHaveBeenCalledTimes(2);

    mockGetStatus.mockResolvedValue(pastDue);
    rerender(
      view(parseUser('u1', { ...base, subscription_status: 'past_due', current_period_end: PERIOD_END + 1 })),
    );
    await waitFor(() => expect(mockGetStatus).toHaveBeenCalledTimes(3));
    expect(await screen.findByText('Past due')).toBeInTheDocument();
  });
});
