// One send_digests run: read the active subscribers, their preferences and alert state, and the new deals
// once; plan every user's email in memory (plan.ts); then per planned email claim its ledger entry in a
// transaction, send, and mark it sent. Reads per run: subscribers + preferences of each + alert state of
// those with instant alerts + the new deals + one ledger entry per planned email (+ the deal distribution
// once a day). Nothing is read per user per deal.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { parseAlertPreferences, type AlertPreferences } from '../model/alert-preferences';
import {
  type CategoryCutoffs,
  categoryCutoffs,
  CHEAP_WINDOW_DAYS,
  type DistributionDeal,
} from '../model/alerts';
import { DEAL_CATEGORIES, isDealCategory } from '../model/category';
import { type Deal, parseDeal } from '../model/deal';
import {
  ALERT_STATE_ENTRY_ID,
  type AlertState,
  isLiveClaim,
  parseAlertState,
  parseLedgerEntry,
} from '../model/email-ledger';
import { ALERT_CUTOFFS_DOC_PATH, alertPreferencesDocPath, emailLedgerDocPath } from '../model/paths';
import {
  activeSubscribersQuerySpec,
  MAX_DEALS_PER_DIGEST_RUN,
  newDealsQuerySpec,
  recentDealsQuerySpec,
} from '../model/queries';
import { toDateOrNull } from '../model/timestamp';
import { hasDealAccess } from '../model/user';
import { NEW_DEALS_WINDOW_MS, planAlerts, planDigest, type PlannedEmail } from './plan';
import { type EmailContent, renderEmail } from './render';
import { signUnsubscribeToken, unsubscribeExpiry } from './token';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

/** The slice of a nodemailer transporter a run uses (tests and the benchmark pass a counting one). */
export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
}

export interface RunEnvironment {
  db: Firestore;
  transport: MailTransport;
  /** uid → email address, for the users about to get mail (Auth, not Firestore). */
  emailsOf: (uids: readonly string[]) => Promise<Map<string, string>>;
  appOrigin: string;
  from: string;
  tokenSecret: string;
  now: Date;
  log?: (event: string, details: Record<string, unknown>) => void;
}

export interface RunSummary {
  subscribers: number;
  withPreferences: number;
  newDeals: number;
  planned: number;
  sent: number;
  /** Already sent or being sent by another run. */
  skipped: number;
  /** Due, but nothing matched: recorded so the period is not re-planned. */
  empty: number;
  noAddress: number;
  failed: number;
  documentReads: number;
}

const GET_ALL_CHUNK = 300;
const CUTOFFS_MAX_AGE_MS = 24 * 3600_000;

async function getAllChunked(db: Firestore, paths: readonly string[]) {
  const snapshots = [];
  for (let i = 0; i < paths.length; i += GET_ALL_CHUNK) {
    const refs = paths.slice(i, i + GET_ALL_CHUNK).map((path) => db.doc(path));
    if (refs.length > 0) snapshots.push(...(await db.getAll(...refs)));
  }
  return snapshots;
}

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

function unsubscribeUrl(env: RunEnvironment, email: PlannedEmail): string {
  const token = signUnsubscribeToken(
    { uid: email.uid, list: email.list, expires: unsubscribeExpiry(env.now) },
    env.tokenSecret,
  );
  return `${env.appOrigin}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Claims the ledger entry (and moves the alert state) in one transaction; returns the deals to send, or null. */
async function claim(
  env: RunEnvironment,
  email: PlannedEmail,
  dealsById: Map<string, Deal>,
): Promise<Deal[] | null> {
  const { db, now } = env;
  const entryRef = db.doc(emailLedgerDocPath(email.uid, email.entryId));
  const stateRef = db.doc(emailLedgerDocPath(email.uid, ALERT_STATE_ENTRY_ID));
  try {
    return await db.runTransaction(async (tx: Transaction) => {
      const existing = await tx.get(entryRef);
      const entry = existing.exists ? parseLedgerEntry(email.uid, email.entryId, existing.data()) : null;
      if (existing.exists && (entry === null || isLiveClaim(entry, now))) return null;
      // A stale claim of a crashed run: send what it claimed (the alert state already moved past those deals).
      const deals = entry ? entry.deal_ids.flatMap((id) => dealsById.get(id) ?? []) : email.deals;
      const claimed = {
        list: email.list,
        status: deals.length === 0 ? 'empty' : 'sending',
        claimed_at: now,
        deal_ids: deals.map((deal) => deal.id),
      };
      // Preconditions, not only the transaction's read: a concurrent run's claim fails this commit for sure.
      if (existing.updateTime) tx.update(entryRef, claimed, { lastUpdateTime: existing.updateTime });
      else tx.create(entryRef, claimed);
      if (email.list === 'alerts' && !entry && email.alertedThrough) {
        tx.set(stateRef, { alerted_through: email.alertedThrough, last_batch_at: now });
      }
      return deals;
    });
  } catch (error) {
    if (isLostClaimRace(error)) return null;
    throw error;
  }
}

/** gRPC ALREADY_EXISTS (6) or FAILED_PRECONDITION (9): another run claimed the entry first. */
function isLostClaimRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 6 || code === 9;
}

export async function runSendDigests(env: RunEnvironment): Promise<RunSummary> {
  const { db, now } = env;
  const log = env.log ?? (() => undefined);
  const summary: RunSummary = {
    subscribers: 0,
    withPreferences: 0,
    newDeals: 0,
    planned: 0,
    sent: 0,
    skipped: 0,
    empty: 0,
    noAddress: 0,
    failed: 0,
    documentReads: 0,
  };

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
  if (withAccess.length === 0) return summary;

  const uids = withAccess.map((doc) => doc.id);
  const preferenceDocs = await getAllChunked(db, uids.map(alertPreferencesDocPath));
  summary.documentReads += preferenceDocs.length;
  const preferences: AlertPreferences[] = preferenceDocs.flatMap((doc) =>
    doc.exists ? (parseAlertPreferences(doc.ref.parent.parent?.id ?? '', doc.data()) ?? []) : [],
  );
  summary.withPreferences = preferences.length;
  const wanting = preferences.filter((p) => p.digest !== 'off' || p.instant_alerts);
  if (wanting.length === 0) return summary;

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
  const dealsById = new Map(newDeals.map((deal) => [deal.id, deal]));

  const alertUsers = wanting.filter((p) => p.instant_alerts);
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

  const planned: PlannedEmail[] = [];
  for (const prefs of wanting) {
    const digest = planDigest(prefs, newDeals, now);
    if (digest) planned.push(digest);
    if (cutoffs) {
      const alerts = planAlerts(prefs, states.get(prefs.uid) ?? null, newDeals, cutoffs, now);
      if (alerts) planned.push(alerts);
    }
  }
  summary.planned = planned.length;
  if (planned.length === 0) return summary;

  const addresses = await env.emailsOf([...new Set(planned.map((email) => email.uid))]);
  const zones = new Map(wanting.map((p) => [p.uid, p.time_zone]));
  for (const email of planned) {
    try {
      const deals = await claim(env, email, dealsById);
      summary.documentReads += 1;
      if (deals === null) {
        summary.skipped += 1;
        continue;
      }
      if (deals.length === 0) {
        summary.empty += 1;
        continue;
      }
      const to = addresses.get(email.uid);
      const entryRef = db.doc(emailLedgerDocPath(email.uid, email.entryId));
      if (!to) {
        summary.noAddress += 1;
        await entryRef.update({ status: 'empty' });
        continue;
      }
      const unsubscribe = unsubscribeUrl(env, email);
      const content: EmailContent = {
        list: email.list,
        ...(email.frequency ? { frequency: email.frequency } : {}),
        deals,
        timeZone: zones.get(email.uid) ?? 'UTC',
        unsubscribeUrl: unsubscribe,
        preferencesUrl: `${env.appOrigin}/account#email-preferences`,
      };
      const rendered = await renderEmail(content);
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
      await entryRef.update({ status: 'sent', sent_at: new Date() });
      summary.sent += 1;
    } catch (error) {
      // One user's failure must not stop the others; the claim goes stale and the next run retries it.
      summary.failed += 1;
      log('send_digests.send_failed', {
        uid: email.uid,
        entry: email.entryId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return summary;
}
