import { act, render, screen } from '@testing-library/react';
import { ActivatingSubscription } from './ActivatingSubscription';

jest.mock('@/config/env', () => ({ env: { supportEmail: 'support@bargains.test' } }));
jest.mock('@/subscription/api/billing-api', () => ({
  createCheckoutSession: jest.fn(),
  getSubscriptionStatus: jest.fn(),
}));

afterEach(() => {
  jest.useRealTimers();
});

describe('ActivatingSubscription', () => {
  it('shows the activating state, then explains the delay and offers the status check', () => {
    jest.useFakeTimers();
    render(<ActivatingSubscription patienceMs={30_000} />);
    expect(screen.getByRole('heading', { name: 'Activating your subscription…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh Subscription Status' })).not.toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(29_999);
    });
    expect(screen.getByRole('heading', { name: 'Activating your subscription…' })).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('heading', { name: 'Activating your subscription…' })).not.toBeInTheDocument();
    expect(screen.getByText('Your subscription is not active yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@bargains.test' })).toHaveAttribute(
      'href',
      'mailto:support@bargains.test',
    );
    expect(screen.getByRole('button', { name: 'Refresh Subscription Status' })).toBeInTheDocument();
  });
});
