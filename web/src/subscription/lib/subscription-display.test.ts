import { subscriptionDisplay, subscriptionStatusLabel } from './subscription-display';

// 2025-03-15T12:00:00Z in unix seconds (read as milliseconds it would be a day in 1970); mid-day UTC, so the
// calendar date is the same in every test time zone.
const PERIOD_END = Date.UTC(2025, 2, 15, 12) / 1000;

describe('subscriptionDisplay (docs/reference.md#billing)', () => {
  it("'active' offers Cancel Subscription", () => {
    expect(subscriptionDisplay('active', PERIOD_END)).toEqual({
      statusLabel: 'Active',
      periodText: 'Current Period Ends: Mar 15, 2025',
      action: 'cancel',
    });
  });

  it("'canceled' reads 'Active until {date}' and offers Resubscribe", () => {
    expect(subscriptionDisplay('canceled', PERIOD_END)).toEqual({
      statusLabel: 'Canceled',
      periodText: 'Active until Mar 15, 2025',
      action: 'resubscribe',
    });
  });

  it.each([null, undefined, '', '  '])('no status (%p) offers Resubscribe only', (status) => {
    expect(subscriptionDisplay(status, null)).toEqual({
      statusLabel: null,
      periodText: null,
      action: 'resubscribe',
    });
  });

  it.each([
    ['past_due', 'Past due'],
    ['trialing', 'Trial'],
    ['some_future_status', 'some future status'],
  ])("any other status (%p) reads 'Current Period Ends: {date}' with no button", (status, label) => {
    expect(subscriptionDisplay(status, PERIOD_END)).toEqual({
      statusLabel: label,
      periodText: 'Current Period Ends: Mar 15, 2025',
      action: null,
    });
  });

  it('drops the date line instead of printing a placeholder when the period end is missing', () => {
    expect(subscriptionDisplay('canceled', null).periodText).toBeNull();
    expect(subscriptionDisplay('past_due', Number.NaN).periodText).toBeNull();
    expect(subscriptionDisplay('canceled', null).action).toBe('resubscribe');
  });
});

describe('subscriptionStatusLabel', () => {
  it('labels known statuses and shows unknown ones readably', () => {
    expect(subscriptionStatusLabel('active')).toBe('Active');
    expect(subscriptionStatusLabel('incomplete_expired')).toBe('Expired');
    expect(subscriptionStatusLabel('new_thing')).toBe('new thing');
  });
});
