import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reminder } from '@bargains/model/reminder';
import type { RemindersState } from '../hooks/useReminders';
import { formatReminderTime, ReminderControl } from './ReminderControl';

const NOW = new Date('2026-11-23T12:00:00Z');
const deal = { id: 'deal-1', end_date: new Date('2026-11-30T20:00:00Z') };

function remindersWith(reminder: Reminder | null, over: Partial<RemindersState> = {}): RemindersState {
  return {
    status: 'ready',
    reminderOf: () => reminder,
    set: jest.fn(),
    remove: jest.fn(),
    forget: jest.fn(),
    pending: new Set(),
    error: null,
    timeZone: 'America/New_York',
    ...over,
  };
}

describe('ReminderControl', () => {
  it('is off until chosen, and sets the chosen lead with the time computed on the user’s clock', async () => {
    const reminders = remindersWith(null);
    render(<ReminderControl deal={deal} now={NOW} reminders={reminders} />);
    const select = screen.getByLabelText('Remind me before it ends');
    expect(select).toHaveValue('off');
    await userEvent.selectOptions(select, '3 days before');
    expect(reminders.set).toHaveBeenCalledWith('deal-1', {
      leadDays: 3,
      remindAt: new Date('2026-11-27T20:00:00Z'),
    });
  });

  it('shows when the email goes out, in the zone the reminder was set in, and removes it with Off', async () => {
    const reminder: Reminder = {
      dealId: 'deal-1',
      lead_days: 1,
      time_zone: 'Europe/Berlin',
      remind_at: new Date('2026-11-29T20:00:00Z'),
      set_at: NOW,
    };
    const reminders = remindersWith(reminder);
    render(<ReminderControl deal={deal} now={NOW} reminders={reminders} />);
    expect(screen.getByLabelText('Remind me before it ends')).toHaveValue('1');
    expect(screen.getByText("We'll email you Sun, Nov 29, 9:00 PM GMT+1.")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Remind me before it ends'), 'Off');
    expect(reminders.remove).toHaveBeenCalledWith('deal-1');
  });

  it('does not offer a lead whose time has passed, nor any for a deal about to end', () => {
    const soon = { id: 'deal-1', end_date: new Date('2026-11-25T12:00:00Z') };
    const { unmount } = render(<ReminderControl deal={soon} now={NOW} reminders={remindersWith(null)} />);
    expect(screen.getByRole('option', { name: '3 days before' })).toBeDisabled();
    expect(screen.getByRole('option', { name: '1 day before' })).toBeEnabled();
    unmount();
    const ending = { id: 'deal-1', end_date: new Date('2026-11-24T06:00:00Z') };
    render(<ReminderControl deal={ending} now={NOW} reminders={remindersWith(null)} />);
    expect(screen.getByText('Ends too soon for a reminder.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Remind me before it ends')).not.toBeInTheDocument();
  });

  it('shows a refused change on its card', () => {
    const reminders = remindersWith(null, {
      error: { dealId: 'deal-1', message: 'Could not set the reminder: x' },
    });
    render(<ReminderControl deal={deal} now={NOW} reminders={reminders} />);
    expect(screen.getByText('Could not set the reminder: x')).toBeInTheDocument();
  });

  it('formats with Intl on the given zone', () => {
    expect(formatReminderTime(new Date('2026-07-01T16:00:00Z'), 'America/New_York')).toBe(
      'Wed, Jul 1, 12:00 PM EDT',
    );
  });
});
