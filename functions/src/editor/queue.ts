// editor_queue's reads: the deals an editor should look at, in one list. New and changed deals (written by the
// source in the last QUEUE_RECENT_DAYS), deals whose code the votes report not working (model/votes.ts), and
// every deal with overrides (hidden, pinned, verified, edited; flagged when the source changed an edited deal).
// Each read is capped; a search narrows the list in memory (the desk lists hundreds, not the catalogue).
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COLLECTIONS } from '@bargains/model/paths';
import type { DealDoc } from '@bargains/model/deal';
import {
  applyOverrides,
  documentIdSchema,
  EDITOR_COLLECTIONS,
  hasEdits,
  NO_OVERRIDES,
  type OverrideFields,
  sourceOfStored,
  storedOverrideOf,
} from '@bargains/model/editor';
import { foldText } from '@bargains/model/search';
import { toIsoTimestamp } from '@bargains/model/timestamp';

export const QUEUE_RECENT_DAYS = 7;
export const QUEUE_READ_LIMIT = 200;

export const QUEUE_VIEWS = [
  'all',
  'new',
  'reported',
  'edited',
  'hidden',
  'pinned',
  'source_changed',
] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

export const queueRequestSchema = z
  .object({
    view: z.enum(QUEUE_VIEWS).default('all'),
    q: z.string().trim().max(100).default(''),
  })
  .strict();
export type QueueRequest = z.infer<typeof queueRequestSchema>;

export interface QueueItem {
  id: string;
  /** The deal as subscribers see it (the source's version for a hidden deal). */
  deal: DealDoc & { votes?: { not_working?: boolean } };
  /** The source's own title, description, category and verdict, to compare with the overrides. */
  source: Pick<DealDoc, 'title' | 'description' | 'category' | 'is_verified'>;
  overrides: OverrideFields;
  flags: {
    new: boolean;
    reported: boolean;
    hidden: boolean;
    pinned: boolean;
    edited: boolean;
    source_changed: boolean;
  };
  source_changed_at: string | null;
}

const pickSource = ({ title, description, category, is_verified }: DealDoc) => ({
  title,
  description,
  category,
  is_verified,
});

export function matchesView(item: QueueItem, view: QueueView): boolean {
  if (view === 'all') return true;
  return item.flags[view];
}

export function matchesSearch(item: QueueItem, q: string): boolean {
  const term = foldText(q);
  if (term === '') return true;
  return [item.deal.title, item.deal.shop_name, item.deal.description, item.id].some((text) =>
    foldText(text).includes(term),
  );
}

export async function readQueue(
  firestore: Firestore,
  request: QueueRequest,
  now: Date,
): Promise<QueueItem[]> {
  const since = toIsoTimestamp(new Date(now.getTime() - QUEUE_RECENT_DAYS * 24 * 3600 * 1000));
  const deals = firestore.collection(COLLECTIONS.deals);
  const [recent, reported, overrides] = await Promise.all([
    deals.where('scraped_at', '>=', since).orderBy('scraped_at', 'desc').limit(QUEUE_READ_LIMIT).get(),
    deals.where('votes.not_working', '==', true).limit(QUEUE_READ_LIMIT).get(),
    firestore
      .collection(EDITOR_COLLECTIONS.dealOverrides)
      .orderBy('updated_at', 'desc')
      .limit(QUEUE_READ_LIMIT)
      .get(),
  ]);
  const storedDeals = new Map<string, Record<string, unknown>>();
  for (const snapshot of [...recent.docs, ...reported.docs]) storedDeals.set(snapshot.id, snapshot.data());
  const recentIds = new Set(recent.docs.map((snapshot) => snapshot.id));
  const overrideById = new Map(
    overrides.docs.map((snapshot) => [snapshot.id, storedOverrideOf(snapshot.data())]),
  );
  // Overridden deals not among the recent or reported ones: read their stored documents too.
  const missing = [...overrideById.keys()].filter((id) => !storedDeals.has(id));
  if (missing.length > 0) {
    const snapshots = await firestore.getAll(...missing.map((id) => deals.doc(id)));
    for (const snapshot of snapshots)
      if (snapshot.exists) storedDeals.set(snapshot.id, snapshot.data() ?? {});
  }

  const ids = new Set([...storedDeals.keys(), ...overrideById.keys()]);
  const items: QueueItem[] = [];
  for (const id of ids) {
    const override = overrideById.get(id) ?? null;
    const stored = storedDeals.get(id);
    const source = override?.source ?? (stored ? sourceOfStored(stored) : null);
    if (source === null) continue;
    const fields = override?.fields ?? NO_OVERRIDES;
    const shown = stored ?? applyOverrides(source, { ...fields, hidden_reason: null }) ?? source;
    const votes = (stored?.['votes'] ?? undefined) as { not_working?: boolean } | undefined;
    items.push({
      id,
      deal: { ...(shown as DealDoc), ...(votes ? { votes } : {}) },
      source: pickSource(source),
      overrides: fields,
      flags: {
        new: recentIds.has(id),
        reported: votes?.not_working === true,
        hidden: fields.hidden_reason !== null,
        pinned: fields.pinned,
        edited: hasEdits(fields) || fields.verified !== null,
        source_changed: override?.source_changed_at != null,
      },
      source_changed_at: override?.source_changed_at ?? null,
    });
  }
  return items
    .filter((item) => matchesView(item, request.view) && matchesSearch(item, request.q))
    .sort(
      (a, b) => (b.deal.scraped_at ?? '').localeCompare(a.deal.scraped_at ?? '') || a.id.localeCompare(b.id),
    );
}

export const historyRequestSchema = z.object({ deal_id: documentIdSchema }).strict();

export const HISTORY_LIMIT = 50;
