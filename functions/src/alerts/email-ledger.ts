// users/{uid}/email_ledger/{entryId}: what send_digests sent a user, server only (no client rules), removed
// with the user by delete_account's recursive delete. One entry per digest period (`digest_daily:2026-11-23`)
// and per alert batch (`alerts_2026-11-23T14`), claimed in a transaction before sending and marked sent
// after: a retried or overlapping run finds the claim and skips; a claim left 'sending' longer than
// STALE_CLAIM_MS by a crashed run is taken over and sent. `alerts_state` holds the newest deal time a user
// was alerted through, so a deal is alerted at most once.
import { z } from 'zod';
import {
  type InvalidDocumentReporter,
  parseDocument,
  warnInvalidDocument,
} from '@bargains/model/invalid-document';
import { emailLedgerDocPath } from '@bargains/model/paths';
import { dateSchema, toDateOrNull } from '@bargains/model/timestamp';

/** Longer than send_digests' timeout (540 s): a claim this old belongs to a run that is gone. */
export const STALE_CLAIM_MS = 10 * 60 * 1000;

export const ALERT_STATE_ENTRY_ID = 'alerts_state';
export const digestEntryId = (period: string): string => `digest_${period}`;
/** One alert batch per user and UTC hour. */
export const alertBatchEntryId = (now: Date): string => `alerts_${now.toISOString().slice(0, 13)}`;

export const LEDGER_STATUSES = ['sending', 'sent', 'empty'] as const;

export interface LedgerEntry {
  status: (typeof LEDGER_STATUSES)[number];
  claimed_at: Date;
  deal_ids: string[];
  sent_at: Date | null;
}

const ledgerEntrySchema = z
  .object({
    status: z.enum(LEDGER_STATUSES),
    claimed_at: dateSchema,
    deal_ids: z.array(z.string()),
    /** Absent until the mail server accepted the message. */
    sent_at: z.unknown().optional(),
  })
  .transform(({ sent_at, ...entry }) => ({ ...entry, sent_at: toDateOrNull(sent_at) }));

export function parseLedgerEntry(
  uid: string,
  entryId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): LedgerEntry | null {
  return parseDocument(ledgerEntrySchema, emailLedgerDocPath(uid, entryId), data, report);
}

export interface AlertState {
  /** ISO scraped_at of the newest deal considered for the last alert batch. */
  alerted_through: string;
  last_batch_at: Date;
}

const alertStateSchema = z.object({ alerted_through: z.string(), last_batch_at: dateSchema });

export function parseAlertState(
  uid: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): AlertState | null {
  if (data === undefined) return null;
  return parseDocument(alertStateSchema, emailLedgerDocPath(uid, ALERT_STATE_ENTRY_ID), data, report);
}

/** A claim another run may still be sending (skip) versus one a crashed run left behind (take over). */
export function isLiveClaim(entry: LedgerEntry, now: Date): boolean {
  return entry.status !== 'sending' || now.getTime() - entry.claimed_at.getTime() < STALE_CLAIM_MS;
}
