// Deals for tests that write them to the emulator (alert triggers, digests, the dashboard): a verified code deal
// that is live now (started an hour ago, ends in five days) unless the caller says otherwise, and the writes
// that store deals the way every deal writer does, both documents of each (model/deal.ts dealDocuments).
import type { Firestore } from 'firebase-admin/firestore';
import {
  buildDealDoc,
  type DealDoc,
  dealDocPaths,
  dealDocuments,
  type DealInput,
} from '@bargains/model/deal';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export function liveCodeDeal(
  fields: Pick<DealInput, 'title' | 'savings' | 'code' | 'shop_id' | 'shop_name' | 'url_home'> &
    Partial<DealInput>,
  now = Date.now(),
): DealDoc {
  return buildDealDoc({
    description: '',
    type: 'code',
    start_date: new Date(now - HOUR),
    end_date: new Date(now + 5 * DAY),
    scraped_at: new Date(now),
    is_verified: true,
    ...fields,
  });
}

/** Stores each deal's listing and search documents, in one batch (at most 250 deals). */
export async function writeDeals(
  db: Firestore,
  deals: ReadonlyArray<{ id: string; doc: DealDoc }>,
): Promise<void> {
  const batch = db.batch();
  for (const { id, doc } of deals) {
    for (const { path, data } of dealDocuments(id, doc)) batch.set(db.doc(path), data);
  }
  await batch.commit();
}

/** Deletes both documents of each deal, in one batch (at most 250 deals). */
export async function deleteDeals(db: Firestore, ids: readonly string[]): Promise<void> {
  const batch = db.batch();
  for (const id of ids) for (const path of dealDocPaths(id)) batch.delete(db.doc(path));
  await batch.commit();
}
