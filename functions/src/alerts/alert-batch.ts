// alert_batches/{hour}: the hours in which deals that could alert someone were written (server only). The deal
// trigger (alert_on_new_deal) creates the hour's document when the first such deal of that UTC hour is written
// (one create per hour, no read: every later deal of the hour finds it and stops), and the next send_digests run
// after the hour has ended sends that hour's alert batch once, then marks it sent. The batch itself reads the
// new deals once and matches them to every subscriber with alerts on in memory (alerts/plan.ts), so a collector
// run writing thousands of deals costs one alert batch, not thousands of per-user queries.
import { z } from 'zod';
import type { Deal } from '@bargains/model/deal';
import {
  type InvalidDocumentReporter,
  parseDocument,
  warnInvalidDocument,
} from '@bargains/model/invalid-document';
import { alertBatchDocPath } from '@bargains/model/paths';
import { dateSchema } from '@bargains/model/timestamp';

/** `2026-11-23T14`: the UTC hour a deal was written in (the batch's document id, sortable as text). */
export const alertBatchHour = (at: Date): string => at.toISOString().slice(0, 13);

export const ALERT_BATCH_STATUSES = ['pending', 'sent'] as const;

export interface AlertBatch {
  hour: string;
  status: (typeof ALERT_BATCH_STATUSES)[number];
  first_deal_id: string;
  created_at: Date;
}

const alertBatchSchema = z.object({
  hour: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/),
  status: z.enum(ALERT_BATCH_STATUSES),
  first_deal_id: z.string(),
  created_at: dateSchema,
});

export function parseAlertBatch(
  hour: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): AlertBatch | null {
  return parseDocument(alertBatchSchema, alertBatchDocPath(hour), data, report);
}

/** The document the trigger creates for the first alert-worthy deal of an hour. */
export function pendingAlertBatch(dealId: string, writtenAt: Date): AlertBatch {
  return { hour: alertBatchHour(writtenAt), status: 'pending', first_deal_id: dealId, created_at: writtenAt };
}

/**
 * Whether a newly written deal could be unusually cheap for anyone: it names a saving and has not ended (one
 * that starts later is alerted once it is live, by the batch of its hour or a later one). Interests,
 * cutoffs and thresholds are the batch's business (they need every user's preferences); this only spares the
 * marker write for deals no rule could ever pick.
 */
export function mayAlert(deal: Pick<Deal, 'savings_value' | 'end_date'>, now: Date): boolean {
  return deal.savings_value > 0 && deal.end_date.getTime() > now.getTime();
}

/** A batch is sent by the first run after its hour has ended, so it holds every deal written in that hour. */
export function isAlertBatchDue(batch: Pick<AlertBatch, 'hour' | 'status'>, now: Date): boolean {
  return batch.status === 'pending' && batch.hour < alertBatchHour(now);
}
