// Keeps the demo data current: the generated deal dates are relative to an anchor day stored in _meta/demo.
// When today's UTC day differs, every deal's start_date, end_date, scraped_at (and newest_key, derived from it)
// and votes.last_worked_at, in both of its documents (listing and search, model/deal.ts, and its store
// documents, model/near-you.ts), every vote's
// voted_at (model/votes.ts), every popularity activity record's day and each deal's popularity.window_start
// (model/popularity.ts) and the demo subscriber's period end move by the difference and the anchor becomes today.
// One transaction: either everything moves or nothing does, and running it again the same day (or concurrently)
// changes nothing.
//
// CLI (the emulators must be running): FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node --import tsx scripts/demo-data/rebase.ts
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type DocumentSnapshot, type Firestore, getFirestore } from 'firebase-admin/firestore';
import { missingNewestKey } from '@bargains/model/deal';
import { COLLECTIONS, DEMO_META_DOC_PATH, userDocPath } from '@bargains/model/paths';
import { activityDoc, activityDocId } from '@bargains/model/popularity';
import { parseDemoMeta, utcDay } from '@bargains/model/server-docs';
import { toDateOrNull, toIsoTimestamp } from '@bargains/model/timestamp';
import { DEMO_ACCOUNTS } from './constants';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Field paths of a deal document that hold dates ('votes.last_worked_at' only on deals someone voted on). */
const SHIFTED_DEAL_FIELDS = ['start_date', 'end_date', 'scraped_at', 'votes.last_worked_at'] as const;

export type RebaseResult =
  | { status: 'no-demo-data' }
  | { status: 'current'; anchor: string }
  | { status: 'rebased'; from: string; to: string; days: number; deals: number; votes: number };

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS);
}

/**
 * The stored value moved by `days`, in its own representation: canonical ISO strings stay strings (queries
 * compare them as text), Timestamps are written back as Dates (which the Admin SDK stores as Timestamps).
 * Unreadable values are left alone.
 */
export function shiftStoredDate(value: unknown, days: number): string | Date | undefined {
  const date = toDateOrNull(value);
  if (date === null) return undefined;
  const shifted = new Date(date.getTime() + days * DAY_MS);
  return typeof value === 'string' ? toIsoTimestamp(shifted) : shifted;
}

function dealUpdate(snapshot: DocumentSnapshot, days: number): Record<string, string | Date> {
  const update: Record<string, string | Date> = {};
  for (const field of SHIFTED_DEAL_FIELDS) {
    const shifted = shiftStoredDate(snapshot.get(field), days);
    if (shifted !== undefined) update[field] = shifted;
  }
  // Newest First's key is derived from scraped_at (model/deal.ts): it moves with it.
  const scrapedAt = update['scraped_at'];
  if (typeof scrapedAt === 'string') {
    const key = missingNewestKey({ ...snapshot.data(), scraped_at: scrapedAt });
    if (key !== null) update['newest_key'] = key;
  }
  return update;
}

export async function rebaseDemoData(db: Firestore, today: Date = new Date()): Promise<RebaseResult> {
  const target = utcDay(today);
  return db.runTransaction(async (transaction) => {
    const metaRef = db.doc(DEMO_META_DOC_PATH);
    const metaSnapshot = await transaction.get(metaRef);
    if (!metaSnapshot.exists) return { status: 'no-demo-data' } as const;
    const meta = parseDemoMeta(metaSnapshot.data());
    if (meta === null)
      throw new Error(`${DEMO_META_DOC_PATH} is malformed; regenerate with \`npm run demo-data\`.`);
    if (meta.anchor === target) return { status: 'current', anchor: target } as const;

    const days = daysBetween(meta.anchor, target);
    const deals = await transaction.get(db.collection(COLLECTIONS.deals));
    const searchDocs = await transaction.get(db.collection(COLLECTIONS.dealSearch));
    // The in-store deals' store documents carry their deal's dates (model/near-you.ts).
    const storeDocs = await transaction.get(db.collection(COLLECTIONS.dealStores));
    const votes = await transaction.get(db.collectionGroup(COLLECTIONS.votes));
    const activity = await transaction.get(db.collectionGroup(COLLECTIONS.activity));
    const subscriberRef = db.doc(userDocPath(DEMO_ACCOUNTS.subscriber.uid));
    const subscriber = await transaction.get(subscriberRef);

    for (const deal of [...deals.docs, ...searchDocs.docs, ...storeDocs.docs]) {
      const update = dealUpdate(deal, days);
      const windowStart: unknown = deal.get('popularity.window_start');
      if (typeof windowStart === 'string') {
        const shifted = new Date(Date.parse(`${windowStart}T00:00:00.000Z`) + days * DAY_MS);
        update['popularity.window_start'] = shifted.toISOString().slice(0, 10);
      }
      if (Object.keys(update).length > 0) transaction.update(deal.ref, update);
    }
    // A vote's time moves with its deal, so "last worked 2 h ago" and the pace rule stay as generated.
    for (const vote of votes.docs) {
      const votedAt = shiftStoredDate(vote.get('voted_at'), days);
      if (votedAt !== undefined) transaction.update(vote.ref, { voted_at: votedAt });
    }
    // An activity record's day is part of its id (model/popularity.ts): it moves to the id of its new day.
    for (const record of activity.docs) {
      const [uid, kind, day]: unknown[] = [record.get('uid'), record.get('kind'), record.get('day')];
      if (typeof uid !== 'string' || (kind !== 'open' && kind !== 'save') || typeof day !== 'number')
        continue;
      const moved = day + days;
      transaction.delete(record.ref);
      transaction.set(record.ref.parent.doc(activityDocId(kind, moved, uid)), activityDoc(kind, moved, uid));
    }
    const periodEnd: unknown = subscriber.get('current_period_end');
    if (subscriber.exists && typeof periodEnd === 'number') {
      transaction.update(subscriberRef, { current_period_end: periodEnd + days * (DAY_MS / 1000) });
    }
    transaction.set(metaRef, { anchor: target });
    return {
      status: 'rebased',
      from: meta.anchor,
      to: target,
      days,
      deals: deals.size,
      votes: votes.size,
    } as const;
  });
}

function summarize(result: RebaseResult): string {
  switch (result.status) {
    case 'no-demo-data':
      return `demo-data: no ${DEMO_META_DOC_PATH} document, nothing to rebase.`;
    case 'current':
      return `demo-data: deal dates are already relative to today (${result.anchor}).`;
    case 'rebased':
      return (
        `demo-data: moved ${result.deals} deals and ${result.votes} votes by ${result.days} days ` +
        `(${result.from} → ${result.to}).`
      );
  }
}

async function main(): Promise<void> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: the rebase only runs against the local emulator.');
  }
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-bargains' }, 'demo-data-rebase');
  try {
    console.log(summarize(await rebaseDemoData(getFirestore(app))));
  } finally {
    await deleteApp(app);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('demo-data: rebase failed:', error);
    process.exit(1);
  });
}
