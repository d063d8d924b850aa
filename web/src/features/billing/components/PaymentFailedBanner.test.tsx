import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseUser } from '@bargains/model/user';
import { createPortalSession } from '@/subscription/api/billing-api';
import { leaveAppFor } from '@/lib/leave-app';
import { PaymentFailedBanner } from './PaymentFailedBanner';

jest.mock('@/subscription/api/billing-api', () => ({ createPortalSession: jest.fn() }));
jest.mock('@/lib/leave-app', () => ({ leaveAppFor: jest.fn() }));

const NOV_30 = Date.parse('2026-11-30T15:00:00Z') / 1000;
const user = (fields: Record<string, unknown>) =>
  parseUser('u1', {
    subscription_active: true,
    subscription_status: 'past_due',
    created_at: null,
    updated_at: null,
    current_period_end: NOV_30 + 23 * 86_400,
    grace_period_end: NOV_30,
    renewal_amount: 200,
    renewal_currency: 'usd',
    ...fields,
  });

beforeEach(() => jest.clearAllMocks());

it('shows the failed amount and the deadline, and opens the billing portal', async () => {
  jest.mocked(createPortalSession).mockResolvedValue({ kind: 'portal', url: 'https://portal.example/s' });
  render(<PaymentFailedBanner user={user({})} nowMillis={NOV_30 * 1000 - 86_400_000} />);
  expect(screen.getByRole('alert', { name: 'Payment failed' })).toHaveTextContent(
    'Your $2.00 renewal payment failed. Update your card by Nov 30 to keep your deals.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Update card' }));
  expect(leaveAppFor).toHaveBeenCalledWith('https://portal.example/s');
});

it('says the deals are paused once the deadline passed', () => {
  render(<PaymentFailedBanner user={user({})} nowMillis={NOV_30 * 1000} />);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Your deals are paused since Nov 30: update your card to get them back.',
  );
});

it('says so when the portal cannot be opened', async () => {
  jest.mocked(createPortalSession).mockRejectedValue(new Error('network'));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<PaymentFailedBanner user={user({})} nowMillis={0} />);
  await userEvent.click(screen.getByRole('button', { name: 'Update card' }));
  expect(await screen.findByText(/couldn’t open billing/)).toBeInTheDocument();
  expect(leaveAppFor).not.toHaveBeenCalled();
});

it.each([
  ['a paid-up subscription', { subscription_status: 'active', grace_period_end: null }],
  [
    'the final failure',
    { subscription_status: 'unpaid', subscription_active: false, grace_period_end: null },
  ],
  ['no document', null],
])('shows nothing for %s', (_name, fields) => {
  const { container } = render(
    <PaymentFailedBanner user={fields === null ? null : user(fields)} nowMillis={0} />,
  );
  expect(container).toBeEmptyDOMElement();
});
