// users/{uid}/reminders/{dealId} from the web app (model/reminder.ts): one read lists them all (at most one per
// saved deal), a reminder is set or changed with one write and removed with one delete. firestore.rules checks
// the shape, the subscription and that the deal is saved.
import { deleteDoc, doc, getDocs, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore/lite';
import { reminderDocPath } from '@bargains/model/paths';
import {
  parseReminder,
  type Reminder,
  reminderDoc,
  type ReminderLeadDays,
  remindersQuerySpec,
} from '@bargains/model/reminder';
import { toFirestoreQuery } from './deal-pages';

export async function fetchReminders(db: Firestore, uid: string): Promise<Map<string, Reminder>> {
  const list = await getDocs(toFirestoreQuery(db, remindersQuerySpec(uid), null));
  const reminders = new Map<string, Reminder>();
  for (const snapshot of list.docs) {
    const reminder = parseReminder(uid, snapshot.id, snapshot.data());
    if (reminder) reminders.set(reminder.dealId, reminder);
  }
  return reminders;
}

/** Sets (or changes) the reminder of a saved deal; `remindAt` is what the model computed for its end. */
export async function writeReminder(
  db: Firestore,
  uid: string,
  dealId: string,
  leadDays: ReminderLeadDays,
  timeZone: string,
  remindAt: Date,
): Promise<void> {
  await setDoc(
    doc(db, reminderDocPath(uid, dealId)),
    reminderDoc(dealId, leadDays, timeZone, remindAt, serverTimestamp()),
  );
}

export async function deleteReminder(db: Firestore, uid: string, dealId: string): Promise<void> {
  await deleteDoc(doc(db, reminderDocPath(uid, dealId)));
}
