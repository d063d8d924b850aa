import { useCallback, useEffect, useState } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import { isKnownTimeZone, type Reminder, type ReminderChoice } from '@bargains/model/reminder';
import { errorText } from '@/lib/error-text';
import { deleteReminder, fetchReminders, writeReminder } from '../api/reminders';

export interface RemindersState {
  status: 'loading' | 'ready' | 'error';
  reminderOf: (dealId: string) => Reminder | null;
  /** Sets or changes a saved deal's reminder at once on screen; reverts and reports when the write is refused. */
  set: (dealId: string, choice: ReminderChoice) => void;
  remove: (dealId: string) => void;
  /** Drops a reminder from the screen only: the unsave batch already deleted it (api/saved-deals.ts). */
  forget: (dealId: string) => void;
  /** Deals whose reminder is being written. */
  pending: ReadonlySet<string>;
  /** The last failed change, shown on that deal's card. */
  error: { dealId: string; message: string } | null;
  /** The browser's IANA zone, stored with a reminder so the server computes it on the same clock. */
  timeZone: string;
}

/** The browser's zone, or UTC when the runtime names none Intl knows. */
export function browserTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isKnownTimeZone(zone) ? zone : 'UTC';
}

/** `map` with the deal's reminder set to `value`, or removed when it is null. */
function withReminder(
  map: ReadonlyMap<string, Reminder>,
  dealId: string,
  value: Reminder | null,
): ReadonlyMap<string, Reminder> {
  const copy = new Map(map);
  if (value) copy.set(dealId, value);
  else copy.delete(dealId);
  return copy;
}

/** `set` with the deal marked as being written (`busy`) or not. */
function withPending(set: ReadonlySet<string>, dealId: string, busy: boolean): ReadonlySet<string> {
  const copy = new Set(set);
  if (busy) copy.add(dealId);
  else copy.delete(dealId);
  return copy;
}

/** The signed-in user's reminders: one read when the Saved view opens, then local, optimistic changes. */
export function useReminders(db: Firestore, uid: string | null): RemindersState {
  const [status, setStatus] = useState<RemindersState['status']>('loading');
  const [reminders, setReminders] = useState<ReadonlyMap<string, Reminder>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<RemindersState['error']>(null);
  const [timeZone] = useState(browserTimeZone);

  useEffect(() => {
    if (uid === null) return;
    let current = true;
    fetchReminders(db, uid).then(
      (loaded) => {
        if (!current) return;
        setReminders(loaded);
        setStatus('ready');
      },
      (failure: unknown) => {
        if (!current) return;
        console.error('dashboard.reminders_load_failed', failure);
        setStatus('error');
      },
    );
    return () => {
      current = false;
    };
  }, [db, uid]);

  const change = useCallback(
    (dealId: string, next: Reminder | null, write: () => Promise<void>, verb: string) => {
      const previous = reminders.get(dealId) ?? null;
      const apply = (value: Reminder | null) => setReminders((map) => withReminder(map, dealId, value));
      const settle = (busy: boolean) => setPending((set) => withPending(set, dealId, busy));
      setError(null);
      apply(next);
      settle(true);
      write().then(
        () => settle(false),
        (failure: unknown) => {
          apply(previous);
          settle(false);
          setError({ dealId, message: `Could not ${verb} the reminder: ${errorText(failure)}` });
        },
      );
    },
    [reminders],
  );

  const set = useCallback(
    (dealId: string, choice: ReminderChoice) => {
      if (uid === null) return;
      const next: Reminder = {
        dealId,
        lead_days: choice.leadDays,
        time_zone: timeZone,
        remind_at: choice.remindAt,
        set_at: null,
      };
      change(
        dealId,
        next,
        () => writeReminder(db, uid, dealId, choice.leadDays, timeZone, choice.remindAt),
        'set',
      );
    },
    [change, db, uid, timeZone],
  );

  const remove = useCallback(
    (dealId: string) => {
      if (uid === null) return;
      change(dealId, null, () => deleteReminder(db, uid, dealId), 'remove');
    },
    [change, db, uid],
  );

  const forget = useCallback((dealId: string) => {
    setReminders((map) => {
      if (!map.has(dealId)) return map;
      const copy = new Map(map);
      copy.delete(dealId);
      return copy;
    });
  }, []);

  const reminderOf = useCallback((dealId: string) => reminders.get(dealId) ?? null, [reminders]);

  return {
    status: uid === null ? 'error' : status,
    reminderOf,
    set,
    remove,
    forget,
    pending,
    error,
    timeZone,
  };
}
