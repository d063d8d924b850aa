import {
  parseReminder,
  planReminder,
  reminderChoices,
  reminderDropReason,
  reminderEntryId,
  reminderTime,
} from './reminder';

const at = (iso: string) => new Date(iso);

describe('reminderTime: lead days on the wall clock of the user’s zone', () => {
  it('is the same local time the given days before, in UTC and in a fixed-offset zone', () => {
    expect(reminderTime(at('2026-12-10T18:00:00Z'), 1, 'UTC')).toEqual(at('2026-12-09T18:00:00Z'));
    expect(reminderTime(at('2026-12-10T18:00:00Z'), 3, 'Asia/Tokyo')).toEqual(at('2026-12-07T18:00:00Z'));
  });

  it('crosses a month and a year boundary', () => {
    expect(reminderTime(at('2027-01-01T10:00:00Z'), 3, 'UTC')).toEqual(at('2026-12-29T10:00:00Z'));
  });

  it('keeps the local time across the spring-forward day (23 hours, not 24)', () => {
    // Berlin goes from +01:00 to +02:00 at 02:00 on Sunday 2026-03-29.
    // End: Monday 10:00 CEST (08:00Z) → Sunday 10:00 CEST (08:00Z): 24 h.
    expect(reminderTime(at('2026-03-30T08:00:00Z'), 1, 'Europe/Berlin')).toEqual(at('2026-03-29T08:00:00Z'));
    // End: Sunday 10:00 CEST (08:00Z) → Saturday 10:00 CET (09:00Z): 23 h before the end.
    const remindAt = reminderTime(at('2026-03-29T08:00:00Z'), 1, 'Europe/Berlin');
    expect(remindAt).toEqual(at('2026-03-28T09:00:00Z'));
  });

  it('keeps the local time across the fall-back day (25 hours)', () => {
    // New York goes from -04:00 to -05:00 at 02:00 on Sunday 2026-11-01.
    // End: Sunday 2026-11-01 12:00 EST (17:00Z) → Saturday 12:00 EDT (16:00Z): 25 h.
    expect(reminderTime(at('2026-11-01T17:00:00Z'), 1, 'America/New_York')).toEqual(
      at('2026-10-31T16:00:00Z'),
    );
  });

  it('moves a time the clocks skip forward by the gap, and takes the first of a time that happens twice', () => {
    // End Monday 2026-03-09 02:30 EDT (06:30Z); Sunday 2026-03-08 02:30 does not exist in New York → 03:30 EDT.
    expect(reminderTime(at('2026-03-09T06:30:00Z'), 1, 'America/New_York')).toEqual(
      at('2026-03-08T07:30:00Z'),
    );
    // End Monday 2026-11-02 01:30 EST (06:30Z); Sunday 01:30 happens twice → the first, EDT (05:30Z).
    expect(reminderTime(at('2026-11-02T06:30:00Z'), 1, 'America/New_York')).toEqual(
      at('2026-11-01T05:30:00Z'),
    );
  });

  it('gives no time without an end date', () => {
    expect(reminderTime(null, 1, 'UTC')).toBeNull();
    expect(reminderTime(new Date(Number.NaN), 1, 'UTC')).toBeNull();
  });
});

describe('reminderChoices', () => {
  const now = at('2026-12-01T12:00:00Z');

  it('offers each lead whose time is still ahead', () => {
    const choices = reminderChoices({ end_date: at('2026-12-10T12:00:00Z') }, 'UTC', now);
    expect(choices.map((choice) => choice.leadDays)).toEqual([1, 3]);
  });

  it('does not offer an already-past reminder', () => {
    // Ends in two days: "3 days before" has passed, "1 day before" has not.
    const choices = reminderChoices({ end_date: at('2026-12-03T12:00:00Z') }, 'UTC', now);
    expect(choices).toEqual([{ leadDays: 1, remindAt: at('2026-12-02T12:00:00Z') }]);
    expect(reminderChoices({ end_date: at('2026-12-02T06:00:00Z') }, 'UTC', now)).toEqual([]);
  });

  it('offers nothing for a deal without an end date', () => {
    expect(reminderChoices({ end_date: null }, 'UTC', now)).toEqual([]);
  });
});

describe('planReminder', () => {
  const now = at('2026-12-01T12:00:00Z');
  const reminder = { lead_days: 1 as const, time_zone: 'Europe/Berlin' };

  it('sends a reminder that is due while the deal runs', () => {
    expect(planReminder(reminder, { end_date: at('2026-12-02T11:00:00Z') }, true, now)).toEqual({
      action: 'send',
      remindAt: at('2026-12-01T11:00:00Z'),
    });
  });

  it('sends an already-past reminder of a deal still running (a late run) once', () => {
    expect(planReminder(reminder, { end_date: at('2026-12-01T13:00:00Z') }, true, now)).toMatchObject({
      action: 'send',
    });
  });

  it('waits when the deal’s end moved later, and uses the new end', () => {
    // The client computed 2026-12-01T11:00Z from an end of 12-02 11:00Z; the feed moved the end a week on.
    expect(planReminder(reminder, { end_date: at('2026-12-09T11:00:00Z') }, true, now)).toEqual({
      action: 'wait',
      remindAt: at('2026-12-08T11:00:00Z'),
    });
  });

  it('sends at once when the deal’s end moved earlier but the deal still runs', () => {
    expect(planReminder(reminder, { end_date: at('2026-12-01T20:00:00Z') }, true, now)).toEqual({
      action: 'send',
      remindAt: at('2026-11-30T20:00:00Z'),
    });
  });

  it('drops the reminder of a deal that ended (also early), left the catalogue, has no end, or is unsaved', () => {
    expect(planReminder(reminder, { end_date: at('2026-12-01T11:59:59Z') }, true, now)).toEqual({
      action: 'drop',
      reason: 'ended',
    });
    expect(planReminder(reminder, null, true, now)).toEqual({ action: 'drop', reason: 'deal_gone' });
    expect(planReminder(reminder, { end_date: null }, true, now)).toEqual({
      action: 'drop',
      reason: 'no_end_date',
    });
    expect(planReminder(reminder, { end_date: at('2026-12-05T00:00:00Z') }, false, now)).toEqual({
      action: 'drop',
      reason: 'not_saved',
    });
    expect(reminderDropReason({ end_date: at('2026-12-05T00:00:00Z') }, true, now)).toBeNull();
  });
});

describe('parseReminder and the ledger entry', () => {
  const stored = {
    deal_id: 'deal-1',
    lead_days: 3,
    time_zone: 'America/New_York',
    remind_at: at('2026-12-01T12:00:00Z'),
    set_at: at('2026-11-20T09:00:00Z'),
  };

  it('reads the stored shape and refuses another deal’s id, an unknown zone or a lead not offered', () => {
    const report = jest.fn();
    expect(parseReminder('u1', 'deal-1', stored, report)).toEqual({
      dealId: 'deal-1',
      lead_days: 3,
      time_zone: 'America/New_York',
      remind_at: stored.remind_at,
      set_at: stored.set_at,
    });
    expect(parseReminder('u1', 'deal-2', stored, report)).toBeNull();
    expect(parseReminder('u1', 'deal-1', { ...stored, time_zone: 'Mars/Olympus' }, report)).toBeNull();
    expect(parseReminder('u1', 'deal-1', { ...stored, lead_days: 2 }, report)).toBeNull();
    expect(report).toHaveBeenCalledTimes(3);
  });

  it('names one ledger entry per deal and setting', () => {
    expect(reminderEntryId('deal-1', at('2026-11-20T09:00:00Z'))).toBe('reminder_1795165200000_deal-1');
  });
});
