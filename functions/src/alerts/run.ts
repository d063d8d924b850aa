// One send_digests run: read the active subscribers, their preferences and the new deals once; when a deal
// write marked an hour that has ended (alert_batches, alerts/alert-batch.ts), also the alert state of those with
// instant alerts; plan every user's email in memory (plan.ts); then per planned email claim its ledger entry in
// a transaction, send, and mark it sent. Reads per run: 1 pending-batch query + subscribers + preferences of
// each + the new deals + one ledger entry per planned email (+ alert state of those with alerts when a batch is
// due, + the deal distribution once a day, + the location of each when there are new deals: countries.ts) + the
// reminders that came due and their users, saves and deals (reminders.ts). Nothing is read per user per deal.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { parseEmailPreferences, type EmailPreferences } from '@bargains/model/email-preferences';
import {
  type CategoryCutoffs,
  categoryCutoffs,
  CHEAP_WINDOW_DAYS,
  type DistributionDeal,
} from '@bargains/model/alerts';
import { DEAL_CATEGORIES, isDealCategory } from '@bargains/model/category';
import { type Deal, parseDeal } from '@bargains/model/deal';
import {
  ALERT_STATE_ENTRY_ID,
  type AlertState,
  isLiveClaim,
  parseAlertState,
  parseLedgerEntry,
} from './email-ledger';
import { type AlertBatch, isAlertBatchDue, mayAlert, parseAlertBatch } from './alert-batch';
import {
  ALERT_CUTOFFS_DOC_PATH,
  alertBatchDocPath,
  emailPreferencesDocPath,
  emailLedgerDocPath,
} from '@bargains/model/paths';
import {
  activeSubscribersQuerySpec,
  MAX_DEALS_PER_DIGEST_RUN,
  newDealsQuerySpec,
  pendingAlertBatchesQuerySpec,
  recentDealsQuerySpec,
} from '@bargains/model/queries';
import { toDateOrNull } from '@bargains/model/timestamp';
import { runTransaction } from '../firestore-contention';
import { hasDealAccess } from '@bargains/model/user';
import { dealsApplyingIn, subscriberCountries } from './countries';
import { ALERT_SETTLE_MS, NEW_DEALS_WINDOW_MS, planAlerts, planDigest, type PlannedEmail } from './plan';
import { sendDueReminders } from './reminders';
import { createEmailRenderer, type EmailContent } from './render';
import {
  forEachConcurrently,
  getAllChunked,
  isLostClaimRace,
  type RunEnvironment,
  SEND_CONCURRENCY,
  unsubscribeUrl,
} from './send-support';

export type { MailMessage, MailTransport, RunEnvironment } from './send-support';
export { SEND_CONCURRENCY } from './send-support';

export interface RunSummary {
  subscribers: number;
  withPreferences: number;
  newDeals: number;
  /** Hours of deal writes whose alert batch this run sent (alert_batches). */
  alertBatches: number;
  planned: number;
  sent: number;
  digestsSent: number;
  alertsSent: number;
  /** Already sent or being sent by another run. */
  skipped: number;
  /** Due, but nothing matched: recorded so the period is not re-planned. */
  empty: number;
  noAddress: number;
  failed: number;
  /** Reminders before a saved deal ends (reminders.ts), one email each. */
  remindersSent: number;
  /** Reminders deleted unsent: the save was removed, or the deal ended or left the catalogue. */
  remindersDropped: number;
  documentReads: number;
}

const CUTOFFS_MAX_AGE_MS = 24 * 3600_000;

/** The category cutoffs, recomputed from 30 days of deals when the stored ones are a day old. */
async function loadCutoffs(db: Firestore, now: Date, summary: RunSummary): Promise<CategoryCutoffs> {
  const stored = await db.doc(ALERT_CUTOFFS_DOC_PATH).get();
  summary.documentReads += 1;
  const data = stored.data();
  const computedAt = typeof data?.computed_at === 'string' ? Date.parse(data.computed_at) : NaN;
  if (data && now.getTime() - computedAt < CUTOFFS_MAX_AGE_MS && typeof data.cutoffs === 'object') {
    const raw = data.cutoffs as Record<string, unknown>;
    const cutoffs = {} as CategoryCutoffs;
    for (const category of DEAL_CATEGORIES) {
      const value = raw[category];
      cutoffs[category] = typeof value === 'number' ? value : null;
    }
    return cutoffs;
  }
  const spec = recentDealsQuerySpec(new Date(now.getTime() - CHEAP_WINDOW_DAYS * 24 * 3600_000));
  const where = spec.where[0];
  const snapshot = await db
    .collection(spec.collection)
    .where(where?.field ?? 'start_date', '>=', where?.value ?? '')
    .select('category', 'savings_value', 'start_date')
    .limit(spec.limit)
    .get();
  summary.documentReads += Math.max(1, snapshot.size);
  const deals: DistributionDeal[] = snapshot.docs.flatMap((doc) => {
    const { category, savings_value, start_date } = doc.data();
    const start = toDateOrNull(start_date);
    return isDealCategory(category) && typeof savings_value === 'number' && start
      ? [{ category, savings_value, start_date: start }]
      : [];
  });
  const cutoffs = categoryCutoffs(deals, now);
  await db.doc(ALERT_CUTOFFS_DOC_PATH).set({ computed_at: now.toISOString(), cutoffs, sample: deals.length });
  return cutoffs;
}

/** The pending alert batches whose hour has ended (one query; the hour is compared in memory). */
async function loadDueAlertBatches(db: Firestore, now: Date, summary: RunSummary): Promise<AlertBatch[]> {
  const spec = pendingAlertBatchesQuerySpec();
  const where = spec.where[0];
  const snapshot = await db
    .collection(spec.collection)
    .where(where?.field ?? 'status', '==', where?.value ?? 'pending')
    .limit(spec.limit)
    .get();
  summary.documentReads += Math.max(1, snapshot.size);
  return snapshot.docs.flatMap((doc) => {
    const batch = parseAlertBatch(doc.id, doc.data());
    return batch && isAlertBatchDue(batch, now) ? [batch] : [];
  });
}

/** Claims the ledger entry in a transaction; returns the deals to send, or null when another run has it. */
async function claim(
  env: RunEnvironment,
  email: PlannedEmail,
  dealsById: Map<string, Deal>,
): Promise<Deal[] | null> {
  const { db, now } = env;
  const entryRef = db.doc(emailLedgerDocPath(email.uid, email.entryId));
  try {
    return await runTransaction(db, async (tx: Transaction) => {
      const existing = await tx.get(entryRef);
      const entry = existing.exists ? parseLedgerEntry(email.uid, email.entryId, existing.data()) : null;
      if (existing.exists && (entry === null || isLiveClaim(entry, now))) return null;
      // A stale claim of a crashed run. A digest sends what it claimed; an alert batch sends this plan, which
      // holds the claimed deals and any newer ones (the alert state only moves once a batch was sent).
      const deals =
        entry && email.list === 'digest'
          ? entry.deal_ids.flatMap((id) => dealsById.get(id) ?? [])
          : email.deals;
      const claimed = {
        list: email.list,
        status: deals.length === 0 ? 'empty' : 'sending',
        claimed_at: now,
        deal_ids: deals.map((deal) => deal.id),
      };
      // Preconditions, not only the transaction's read: a concurrent run's claim fails this commit for sure.
      if (existing.updateTime) tx.update(entryRef, claimed, { lastUpdateTime: existing.updateTime });
      else tx.create(entryRef, claimed);
      return deals;
    });
  } catch (error) {
    if (isLostClaimRace(error)) return null;
    throw error;
  }
}

export async function runSendDigests(env: RunEnvironment): Promise<RunSummary> {
  const summary: RunSummary = {
    subscribers: 0,
    withPreferences: 0,
    newDeals: 0,
    alertBatches: 0,
    planned: 0,
    sent: 0,
    digestsSent: 0,
    alertsSent: 0,
    skipped: 0,
    empty: 0,
    noAddress: 0,
    failed: 0,
    remindersSent: 0,
    remindersDropped: 0,
    documentReads: 0,
  };
  const dueBatches = await loadDueAlertBatches(env.db, env.now, summary);
  const { alertFailures, unsettledDeals } = await planAndSend(env, dueBatches, summary);
  // A due batch is done once every alert planned for it was sent (or nobody wanted one). After a failure it
  // stays pending and the next run retries the users it missed (their alert state has not moved); while deals
  // too fresh to alert on exist (ALERT_SETTLE_MS), it stays pending so the next run picks them up.
  if (dueBatches.length > 0 && alertFailures === 0 && !unsettledDeals) {
    const closing = env.db.batch();
    for (const batch of dueBatches)
      closing.update(env.db.doc(alertBatchDocPath(batch.hour)), { status: 'sent', sent_at: env.now });
    await closing.commit();
    summary.alertBatches = dueBatches.length;
  }
  const reminders = await sendDueReminders(env);
  summary.remindersSent = reminders.sent;
  summary.remindersDropped = reminders.dropped;
  summary.planned += reminders.sent + reminders.skipped + reminders.noAddress + reminders.failed;
  summary.sent += reminders.sent;
  summary.skipped += reminders.skipped;
  summary.noAddress += reminders.noAddress;
  summary.failed += reminders.failed;
  summary.documentReads += reminders.documentReads;
  return summary;
}

interface SendOutcome {
  alertFailures: number;
  /** Alert-worthy deals left to the next batch because they were scraped within ALERT_SETTLE_MS. */
  unsettledDeals: boolean;
}

/** Subscribers with deal access whose preferences ask for a digest or instant alerts (reads counted). */
async function loadSubscribersWantingEmail(
  env: RunEnvironment,
  summary: RunSummary,
): Promise<EmailPreferences[]> {
  const { db, now } = env;
  const subscribersSpec = activeSubscribersQuerySpec();
  const subscribers = await db
    .collection(subscribersSpec.collection)
    .where('subscription_active', '==', true)
    // The other half of hasDealAccess: a failed renewal whose grace period is over gets no email either.
    .select('subscription_active', 'grace_period_end')
    .limit(subscribersSpec.limit)
    .get();
  summary.documentReads += Math.max(1, subscribers.size);
  const withAccess = subscribers.docs.filter((doc) => {
    const grace: unknown = doc.get('grace_period_end');
    return hasDealAccess(
      { subscription_active: true, grace_period_end: typeof grace === 'number' ? grace : null },
      now.getTime(),
    );
  });
  summary.subscribers = withAccess.length;
  if (withAccess.length === 0) return [];

  const uids = withAccess.map((doc) => doc.id);
  const preferenceDocs = await getAllChunked(db, uids.map(emailPreferencesDocPath));
  summary.documentReads += preferenceDocs.length;
  const preferences: EmailPreferences[] = preferenceDocs.flatMap((doc) =>
    doc.exists ? (parseEmailPreferences(doc.ref.parent.parent?.id ?? '', doc.data()) ?? []) : [],
  );
  summary.withPreferences = preferences.length;
  return preferences.filter((p) => p.digest !== 'off' || p.instant_alerts);
}

/** The deals scraped within NEW_DEALS_WINDOW_MS, up to MAX_DEALS_PER_DIGEST_RUN (reads counted). */
async function loadNewDeals(env: RunEnvironment, summary: RunSummary): Promise<Deal[]> {
  const { db, now } = env;
  const log = env.log ?? (() => undefined);
  const dealsSpec = newDealsQuerySpec(new Date(now.getTime() - NEW_DEALS_WINDOW_MS));
  const dealsSnapshot = await db
    .collection(dealsSpec.collection)
    .where('scraped_at', '>=', dealsSpec.where[0]?.value ?? '')
    .limit(MAX_DEALS_PER_DIGEST_RUN)
    .get();
  summary.documentReads += Math.max(1, dealsSnapshot.size);
  if (dealsSnapshot.size >= MAX_DEALS_PER_DIGEST_RUN)
    log('send_digests.deal_cap_reached', { cap: MAX_DEALS_PER_DIGEST_RUN });
  const newDeals = dealsSnapshot.docs.flatMap((doc) => parseDeal(doc.id, doc.data()) ?? []);
  summary.newDeals = newDeals.length;
  return newDeals;
}

/** What every planned email of a run shares: the new deals, the addresses and time zones, the renderer. */
interface SendContext {
  dealsById: Map<string, Deal>;
  addresses: ReadonlyMap<string, string>;
  zones: ReadonlyMap<string, string>;
  render: ReturnType<typeof createEmailRenderer>;
}

/** Claims, renders and sends one planned email, then marks it sent; throws when a step fails. */
async function sendPlannedEmail(
  env: RunEnvironment,
  email: PlannedEmail,
  { dealsById, addresses, zones, render }: SendContext,
  summary: RunSummary,
): Promise<void> {
  const { db, now } = env;
  const deals = await claim(env, email, dealsById);
  summary.documentReads += 1;
  if (deals === null) {
    summary.skipped += 1;
    return;
  }
  if (deals.length === 0) {
    summary.empty += 1;
    return;
  }
  const to = addresses.get(email.uid);
  const entryRef = db.doc(emailLedgerDocPath(email.uid, email.entryId));
  if (!to) {
    summary.noAddress += 1;
    await entryRef.update({ status: 'empty' });
    return;
  }
  const unsubscribe = unsubscribeUrl(env, email);
  const content: EmailContent = {
    list: email.list,
    ...(email.frequency ? { frequency: email.frequency } : {}),
    deals,
    timeZone: zones.get(email.uid) ?? 'UTC',
    unsubscribeUrl: unsubscribe,
    preferencesUrl: `${env.appOrigin}/account#email-preferences`,
    siteOrigin: env.appOrigin,
  };
  const rendered = await render(content);
  await env.transport.sendMail({
    from: env.from,
    to,
    ...rendered,
    // Deterministic: if a crash forces a resend, clients that dedupe on Message-ID show it once.
    messageId: `<${email.entryId}.${email.uid}@bargains.email>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  // The entry is sent and (alerts) the state moves past these deals together: a deal alerts a user once.
  const sentMark = db.batch().update(entryRef, { status: 'sent', sent_at: new Date() });
  if (email.list === 'alerts' && email.alertedThrough) {
    sentMark.set(db.doc(emailLedgerDocPath(email.uid, ALERT_STATE_ENTRY_ID)), {
      alerted_through: email.alertedThrough,
      last_batch_at: now,
    });
  }
  await sentMark.commit();
  summary.sent += 1;
  if (email.list === 'alerts') summary.alertsSent += 1;
  else summary.digestsSent += 1;
}

/** Plans and sends this run's email. */
async function planAndSend(
  env: RunEnvironment,
  dueBatches: readonly AlertBatch[],
  summary: RunSummary,
): Promise<SendOutcome> {
  const nothing: SendOutcome = { alertFailures: 0, unsettledDeals: false };
  const { db, now } = env;
  const log = env.log ?? (() => undefined);
  const wanting = await loadSubscribersWantingEmail(env, summary);
  if (wanting.length === 0) return nothing;

  const newDeals = await loadNewDeals(env, summary);
  const dealsById = new Map(newDeals.map((deal) => [deal.id, deal]));

  // Alerts only when a deal write marked an hour that has ended: no new deals, no alert work.
  const alertUsers = dueBatches.length > 0 ? wanting.filter((p) => p.instant_alerts) : [];
  let cutoffs: CategoryCutoffs | null = null;
  const states = new Map<string, AlertState | null>();
  if (alertUsers.length > 0 && newDeals.length > 0) {
    cutoffs = await loadCutoffs(db, now, summary);
    const stateDocs = await getAllChunked(
      db,
      alertUsers.map((p) => emailLedgerDocPath(p.uid, ALERT_STATE_ENTRY_ID)),
    );
    summary.documentReads += stateDocs.length;
    stateDocs.forEach((doc, i) => {
      const uid = alertUsers[i]?.uid ?? '';
      states.set(uid, parseAlertState(uid, doc.exists ? doc.data() : undefined));
    });
  }

  // A first-time user's first batch: the deals of the hours being sent.
  const earliestHour = dueBatches.map((batch) => batch.hour).sort()[0];
  const batchesSince = earliestHour ? new Date(`${earliestHour}:00:00Z`) : undefined;
  const planned: PlannedEmail[] = [];
  // Deals that do not apply in a subscriber's country (their Near you location) are in no email of theirs.
  const located =
    newDeals.length > 0
      ? await subscriberCountries(
          db,
          wanting.map((p) => p.uid),
        )
      : null;
  summary.documentReads += located?.reads ?? 0;
  for (const prefs of wanting) {
    const deals = dealsApplyingIn(newDeals, located?.countries.get(prefs.uid));
    const digest = planDigest(prefs, deals, now);
    if (digest) planned.push(digest);
    if (cutoffs) {
      const alerts = planAlerts(prefs, states.get(prefs.uid) ?? null, deals, cutoffs, now, batchesSince);
      if (alerts) planned.push(alerts);
    }
  }
  summary.planned = planned.length;
  let alertFailures = 0;

  const addresses =
    planned.length > 0
      ? await env.emailsOf([...new Set(planned.map((email) => email.uid))])
      : new Map<string, string>();
  const zones = new Map(wanting.map((p) => [p.uid, p.time_zone]));
  // Emails with the same deals next to each other, so the renderer compiles each distinct one once.
  const contentKey = (email: PlannedEmail) =>
    `${email.list}|${email.frequency ?? ''}|${zones.get(email.uid) ?? ''}|${email.deals.map((d) => d.id).join(',')}`;
  planned.sort((a, b) => contentKey(a).localeCompare(contentKey(b)));
  const render = createEmailRenderer();
  const sendOne = async (email: PlannedEmail): Promise<void> => {
    try {
      await sendPlannedEmail(env, email, { dealsById, addresses, zones, render }, summary);
    } catch (error) {
      // One user's failure must not stop the others; the claim goes stale and the next run retries it (an alert
      // batch: its hour stays pending, and the user's alert state has not moved).
      summary.failed += 1;
      if (email.list === 'alerts') alertFailures += 1;
      log('send_digests.send_failed', {
        uid: email.uid,
        entry: email.entryId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  await forEachConcurrently(planned, SEND_CONCURRENCY, sendOne);
  const settledUntil = now.getTime() - ALERT_SETTLE_MS;
  const unsettledDeals =
    cutoffs !== null &&
    newDeals.some((deal) => (deal.scraped_at?.getTime() ?? 0) > settledUntil && mayAlert(deal, now));
  return { alertFailures, unsettledDeals };
}
