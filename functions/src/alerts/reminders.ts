// The reminders of one send_digests run (model/reminder.ts): one collection-group query for the reminders whose
// stored time has come, then their users (access), saves and deals in chunked reads; each is decided from the
// deal as it is now (planReminder): sent, postponed (the deal's end moved later) or deleted (save removed, deal
// ended or left the catalogue). A send claims its own ledger entry (users/{uid}/email_ledger/reminder_…) in a
// transaction that also checks the reminder is still there, exactly as digests claim theirs, so a retried or
// overlapping run sends it once and an unsubscribe or unsave before the claim stops it. Once sent, the reminder
// is deleted (unless it was set again meanwhile, which is a new reminder).
import type { DocumentReference, Timestamp, Transaction } from 'firebase-admin/firestore';
import { type Deal, parseDeal } from '@bargains/model/deal';
import { isLiveClaim, parseLedgerEntry } from './email-ledger';
import {
  COLLECTIONS,
  dealDocPath,
  emailLedgerDocPath,
  reminderDocPath,
  savedDealDocPath,
  userDocPath,
} from '@bargains/model/paths';
import {
  MAX_REMINDERS_PER_RUN,
  parseReminder,
  planReminder,
  type Reminder,
  reminderEntryId,
} from '@bargains/model/reminder';
import { toDateOrNull } from '@bargains/model/timestamp';
import { runTransaction } from '../firestore-contention';
import { hasDealAccess } from '@bargains/model/user';
import { createEmailRenderer } from './render';
import {
  forEachConcurrently,
  getAllChunked,
  isLostClaimRace,
  type RunEnvironment,
  SEND_CONCURRENCY,
  unsubscribeUrl,
} from './send-support';

export interface ReminderOutcome {
  sent: number;
  /** Deleted unsent: the save was removed, or the deal ended or left the catalogue. */
  dropped: number;
  /** Already sent or being sent by another run, or removed before the claim. */
  skipped: number;
  noAddress: number;
  failed: number;
  documentReads: number;
}

interface DueReminder {
  uid: string;
  reminder: Reminder & { set_at: Date };
  ref: DocumentReference;
  /** As read: a change made only if the owner has not changed the reminder since. */
  updateTime: Timestamp;
}

/** The reminders whose stored time has come, of users who still have deal access. */
async function loadDueReminders(env: RunEnvironment, outcome: ReminderOutcome): Promise<DueReminder[]> {
  const { db, now } = env;
  const snapshot = await db
    .collectionGroup(COLLECTIONS.reminders)
    .where('remind_at', '<=', now)
    .limit(MAX_REMINDERS_PER_RUN)
    .get();
  outcome.documentReads += Math.max(1, snapshot.size);
  if (snapshot.size >= MAX_REMINDERS_PER_RUN)
    env.log?.('send_digests.reminder_cap_reached', { cap: MAX_REMINDERS_PER_RUN });
  const due = snapshot.docs.flatMap((doc): DueReminder[] => {
    const uid = doc.ref.parent.parent?.id;
    // Only users/{uid}/reminders is a reminder; a same-named collection elsewhere is not.
    if (!uid || doc.ref.path !== reminderDocPath(uid, doc.id)) return [];
    const reminder = parseReminder(uid, doc.id, doc.data());
    if (!reminder?.set_at) return [];
    return [
      { uid, reminder: { ...reminder, set_at: reminder.set_at }, ref: doc.ref, updateTime: doc.updateTime },
    ];
  });
  if (due.length === 0) return [];
  // Only users with deal access get a reminder (run.ts applies the same hasDealAccess to digests); a lapsed
  // subscriber's reminder stays, to be sent if they come back before the deal ends.
  const uids = [...new Set(due.map((item) => item.uid))];
  const users = await getAllChunked(db, uids.map(userDocPath));
  outcome.documentReads += users.length;
  const withAccess = new Set(
    users.flatMap((user) => {
      const grace: unknown = user.get('grace_period_end');
      const access = hasDealAccess(
        {
          subscription_active: user.get('subscription_active') === true,
          grace_period_end: typeof grace === 'number' ? grace : null,
        },
        now.getTime(),
      );
      return user.exists && access ? [user.id] : [];
    }),
  );
  return due.filter((item) => withAccess.has(item.uid));
}

export async function sendDueReminders(env: RunEnvironment): Promise<ReminderOutcome> {
  const outcome: ReminderOutcome = {
    sent: 0,
    dropped: 0,
    skipped: 0,
    noAddress: 0,
    failed: 0,
    documentReads: 0,
  };
  const { db, now } = env;
  const due = await loadDueReminders(env, outcome);
  if (due.length === 0) return outcome;

  const saves = await getAllChunked(
    db,
    due.map((item) => savedDealDocPath(item.uid, item.reminder.dealId)),
  );
  const dealIds = [...new Set(due.map((item) => item.reminder.dealId))];
  const dealDocs = await getAllChunked(db, dealIds.map(dealDocPath));
  outcome.documentReads += saves.length + dealDocs.length;
  const deals = new Map<string, Deal>();
  for (const doc of dealDocs) {
    const deal = doc.exists ? parseDeal(doc.id, doc.data()) : null;
    if (deal) deals.set(deal.id, deal);
  }

  const sending: Array<DueReminder & { deal: Deal }> = [];
  const changes: Array<Promise<void>> = [];
  due.forEach((item, i) => {
    const deal = deals.get(item.reminder.dealId) ?? null;
    const decision = planReminder(item.reminder, deal, saves[i]?.exists === true, now);
    if (decision.action === 'send' && deal) sending.push({ ...item, deal });
    else if (decision.action === 'wait') {
      changes.push(changeUnlessTouched(item, { remind_at: decision.remindAt }).then(() => undefined));
    } else if (decision.action === 'drop') {
      changes.push(
        changeUnlessTouched(item, 'delete').then((done) => {
          if (done) outcome.dropped += 1;
        }),
      );
    }
  });
  await Promise.all(changes);

  const addresses =
    sending.length > 0 ? await env.emailsOf([...new Set(sending.map((item) => item.uid))]) : new Map();
  const render = createEmailRenderer();
  await forEachConcurrently(sending, SEND_CONCURRENCY, async (item) => {
    const entryId = reminderEntryId(item.reminder.dealId, item.reminder.set_at);
    const entryRef = db.doc(emailLedgerDocPath(item.uid, entryId));
    try {
      const claimed = await claimReminder(env, item, entryRef);
      outcome.documentReads += 2;
      if (!claimed) {
        outcome.skipped += 1;
        return;
      }
      const to: unknown = addresses.get(item.uid);
      if (typeof to !== 'string') {
        outcome.noAddress += 1;
        await entryRef.update({ status: 'empty' });
        return;
      }
      const unsubscribe = unsubscribeUrl(env, { uid: item.uid, list: 'reminders' });
      const rendered = await render({
        list: 'reminders',
        deals: [item.deal],
        timeZone: item.reminder.time_zone,
        unsubscribeUrl: unsubscribe,
        preferencesUrl: `${env.appOrigin}/dashboard?view=saved`,
        siteOrigin: env.appOrigin,
      });
      await env.transport.sendMail({
        from: env.from,
        to,
        ...rendered,
        messageId: `<${entryId}.${item.uid}@bargains.email>`,
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await entryRef.update({ status: 'sent', sent_at: new Date() });
      outcome.sent += 1;
      await removeSentReminder(env, item);
    } catch (error) {
      // As for digests: the claim goes stale and a later run sends it, while the deal still runs.
      outcome.failed += 1;
      env.log?.('send_digests.reminder_failed', {
        uid: item.uid,
        entry: entryId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  return outcome;
}

/**
 * Postpones or deletes a reminder only if the owner has not changed it since it was read (a precondition);
 * false when they had (the next run decides on the new setting).
 */
async function changeUnlessTouched(
  item: DueReminder,
  change: { remind_at: Date } | 'delete',
): Promise<boolean> {
  const precondition = { lastUpdateTime: item.updateTime };
  try {
    if (change === 'delete') await item.ref.delete(precondition);
    else await item.ref.update(change, precondition);
    return true;
  } catch (error) {
    // NOT_FOUND (5) or FAILED_PRECONDITION (9): removed or changed by its owner meanwhile.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 5 || code === 9) return false;
    throw error;
  }
}

/**
 * Claims the reminder's ledger entry, in one transaction with a read of the reminder itself: a reminder removed
 * (unsaved, unsubscribed) or set again since the query is not this one any more. Returns false when another run
 * has the claim (live) or sent it, or the reminder changed.
 */
async function claimReminder(
  env: RunEnvironment,
  item: DueReminder,
  entryRef: DocumentReference,
): Promise<boolean> {
  const { db, now } = env;
  try {
    return await runTransaction(db, async (tx: Transaction) => {
      const [existing, current] = await Promise.all([tx.get(entryRef), tx.get(item.ref)]);
      const currentSetAt = current.exists ? toDateOrNull(current.get('set_at')) : null;
      if (currentSetAt?.getTime() !== item.reminder.set_at.getTime()) return false;
      if (existing.exists) {
        const entry = parseLedgerEntry(item.uid, entryRef.id, existing.data());
        if (entry === null || isLiveClaim(entry, now)) return false;
      }
      const claim = {
        list: 'reminders',
        status: 'sending',
        claimed_at: now,
        deal_ids: [item.reminder.dealId],
      };
      if (existing.updateTime) tx.update(entryRef, claim, { lastUpdateTime: existing.updateTime });
      else tx.create(entryRef, claim);
      return true;
    });
  } catch (error) {
    if (isLostClaimRace(error)) return false;
    throw error;
  }
}

/** Deletes a sent reminder, unless the owner set it again meanwhile (that one is still to send). */
async function removeSentReminder(env: RunEnvironment, item: DueReminder): Promise<void> {
  await runTransaction(env.db, async (tx: Transaction) => {
    const current = await tx.get(item.ref);
    const setAt = current.exists ? toDateOrNull(current.get('set_at')) : null;
    if (setAt?.getTime() === item.reminder.set_at.getTime()) tx.delete(item.ref);
  });
}
