import { useId } from 'react';
import type { Deal } from '@bargains/model/deal';
import {
  REMINDER_LEAD_DAYS,
  type ReminderLeadDays,
  reminderChoices,
  reminderTime,
} from '@bargains/model/reminder';
import type { RemindersState } from '../hooks/useReminders';

const LEAD_LABELS: Record<ReminderLeadDays, string> = { 1: '1 day before', 3: '3 days before' };
const OFF = 'off';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Tue, Nov 24, 3:00 PM EST": when the email goes out, on the clock of the zone the reminder was set in. */
export function formatReminderTime(date: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format.format(date);
}

/** What the card says about a set reminder; one already due goes out with the next hourly run. */
function whenText(remindAt: Date, now: Date, zone: string): string {
  return remindAt.getTime() > now.getTime()
    ? `We'll email you ${formatReminderTime(remindAt, zone)}.`
    : "We'll email you within the hour.";
}

interface ReminderControlProps {
  deal: Pick<Deal, 'id' | 'end_date'>;
  now: Date;
  reminders: RemindersState;
}

/**
 * "Remind me before it ends" on a saved deal: off, or an email a fixed number of days before its end. A lead
 * whose time has passed is not offered; the chosen reminder's time is shown on the user's clock.
 */
export function ReminderControl({ deal, now, reminders }: ReminderControlProps) {
  const id = useId();
  const reminder = reminders.reminderOf(deal.id);
  const zone = reminder?.time_zone ?? reminders.timeZone;
  const choices = reminderChoices(deal, zone, now);
  const offered = new Set(choices.map((choice) => choice.leadDays));
  const error = reminders.error?.dealId === deal.id ? reminders.error.message : null;
  if (reminders.status === 'error') return null;
  if (!reminder && choices.length === 0) {
    return <p className="deal-card__reminder-note">Ends too soon for a reminder.</p>;
  }
  // The time from the deal's end as it is now (the server does the same before sending).
  const remindAt = reminder ? reminderTime(deal.end_date, reminder.lead_days, reminder.time_zone) : null;
  const onChange = (value: string) => {
    if (value === OFF) {
      reminders.remove(deal.id);
      return;
    }
    const choice = choices.find((each) => String(each.leadDays) === value);
    if (choice) reminders.set(deal.id, choice);
  };
  return (
    <div className="deal-card__reminder">
      <div className="deal-card__reminder-row">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
            fill={reminder ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <label htmlFor={id}>Remind me before it ends</label>
        <select
          id={id}
          className="deal-card__reminder-select"
          value={reminder ? String(reminder.lead_days) : OFF}
          disabled={reminders.status !== 'ready' || reminders.pending.has(deal.id)}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={OFF}>Off</option>
          {REMINDER_LEAD_DAYS.map((lead) => (
            <option
              key={lead}
              value={String(lead)}
              disabled={!offered.has(lead) && reminder?.lead_days !== lead}
            >
              {LEAD_LABELS[lead]}
            </option>
          ))}
        </select>
      </div>
      <p
        className={`deal-card__reminder-note${error ? ' deal-card__reminder-note--error' : ''}`}
        aria-live="polite"
      >
        {error ?? (remindAt ? whenText(remindAt, now, zone) : '')}
      </p>
    </div>
  );
}
