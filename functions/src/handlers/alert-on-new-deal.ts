// alert_on_new_deal (Firestore trigger on deal creation): marks the deal's UTC hour as having an alert batch to
// send (alerts/alert-batch.ts). At most one write per deal and no read; the batch is sent by send_digests.
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { db } from '../admin';
import { mayAlert, pendingAlertBatch } from '../alerts/alert-batch';
import { parseDeal } from '@bargains/model/deal';
import { alertBatchDocPath } from '@bargains/model/paths';

export type MarkOutcome = 'marked' | 'already-marked' | 'not-alertable';

/** gRPC ALREADY_EXISTS: an earlier deal of the same hour created the batch. */
const alreadyExists = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 6;

export async function markAlertBatch(
  firestore: Firestore,
  dealId: string,
  data: unknown,
  writtenAt: Date,
): Promise<MarkOutcome> {
  const deal = parseDeal(dealId, data);
  if (deal === null || !mayAlert(deal, writtenAt)) return 'not-alertable';
  const batch = pendingAlertBatch(dealId, writtenAt);
  try {
    await firestore.doc(alertBatchDocPath(batch.hour)).create(batch);
    return 'marked';
  } catch (error) {
    if (alreadyExists(error)) return 'already-marked';
    throw error;
  }
}

export async function handle(dealId: string, data: unknown, writtenAt: Date): Promise<MarkOutcome> {
  const outcome = await markAlertBatch(db(), dealId, data, writtenAt);
  if (outcome === 'marked') logger.info('alert_on_new_deal.marked', { deal: dealId, at: writtenAt });
  return outcome;
}
