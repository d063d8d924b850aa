// The one ingestion pipeline behind `collect_deals` (scheduled) and `npm run import-deals` (ops, back-fills).
//
//  1. Take the source's lease (lease.ts); without it the run is recorded as skipped and changes nothing.
//  2. Read the whole feed (streaming): every record is normalized (normalize.ts), duplicates are caught, the
//     built document (buildDealDoc, the one model) is hashed and compared with the manifest (manifest.ts). Deals
//     to write are spooled to a temporary file, so memory holds ids and hashes, never the feed.
//  3. Judge the feed: unreadable (FeedError) → failed; no valid deal, mostly invalid records, or far fewer deals
//     than the last run → rejected. Either way nothing is written: a broken feed never expires the catalogue.
//  4. Write with a BulkWriter (retries, throttling): new and changed deals (scraped_at = write time; a changed
//     deal keeps its subscribers' votes on the same code, kept-votes.ts, and the editor's overrides,
//     kept-overrides.ts); deals that
//     left the feed get end_date = run time (expired, hidden by the dashboard query, never deleted in that run);
//     deals that ended more than RETENTION_DAYS ago and are no longer in the feed are deleted, so the catalogue
//     stops growing. Each of these touches both documents of the deal (listing and search, model/deal.ts), and
//     the manifest records a deal as written only when both writes succeeded, so a failed half is retried by
//     the next run. A deal's failed write is tried once more in a batch of its own, so a document the server
//     refuses fails only its own deal, never the others sharing its batch. Then the manifest shards that
//     changed, and (when a deal changed) the shop summary the dashboard's Store and Category filters read
//     (deals/refresh-store-summary.ts).
//  5. Record the run in collector_runs/{runId} and log one `collect_deals.summary` line.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { type BulkWriter, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { refreshStoreSummary } from '../deals/refresh-store-summary';
import { buildDealDoc, type DealDoc, dealDocPaths, dealDocuments } from '@bargains/model/deal';
import { storeLocationDocuments } from '@bargains/model/near-you';
import { dealOverrideDocPath, recollectedWithOverride, type StoredOverride } from '@bargains/model/editor';
import { collectorRunDocPath } from '@bargains/model/paths';
import { keepPopularityFields } from '@bargains/model/popularity';
import { keepVoteFields } from '@bargains/model/votes';
import { toIsoTimestamp } from '@bargains/model/timestamp';
import type { SourceAdapter } from './adapters';
import { FeedError, type OpenedFeed, readRecords } from './feed';
import { storedOverrides } from './kept-overrides';
import { KEEP_VOTES_READ_BATCH, type StoredDealCounts, storedVoteSummaries } from './kept-votes';
import { acquireLease, LeaseHeldError, type Lease } from './lease';
import { contentHash, Manifest, manifestCollectionPath } from './manifest';
import { DEFERRED_HASH, type SharedOffers } from './networks/shared-offers';
import { normalizeRecord } from './normalize';

/** A feed with fewer valid deals than this share of the last run's is refused as suspicious. */
export const MIN_SHARE_OF_PREVIOUS = 0.5;
/**
 * A feed where more than this share of the records is invalid is refused, whatever its size: 3 bad records of 4
 * say the feed is broken as clearly as 300 of 400 do. (A feed with no valid record is refused anyway.)
 */
export const MAX_INVALID_SHARE = 0.5;
/** Deals that left the feed and ended this long ago are deleted. */
export const RETENTION_DAYS = 30;
/** How many record errors the run document and the log keep (the counts are always complete). */
export const MAX_REPORTED_ERRORS = 50;

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Deals whose writes may be under way at once (two document writes each): enough to keep the BulkWriter's batches
 * full, few enough that pending documents stay a small part of memory. Past it the run waits until half settled.
 */
const MAX_DEALS_IN_FLIGHT = 1000;
const GRPC_NOT_FOUND = 5;

export type RunTrigger = 'schedule' | 'cli';
export type RunStatus = 'succeeded' | 'partial' | 'rejected' | 'failed' | 'skipped' | 'dry-run';

export interface RunCounts {
  fetched: number;
  valid: number;
  invalid: number;
  /** Well-formed records of deals that have already ended: skipped (and expired if stored), not errors. */
  ended: number;
  created: number;
  updated: number;
  unchanged: number;
  expired: number;
  purged: number;
  write_failures: number;
}

export interface RecordError {
  /** 1-based position of the record in the feed; 0 for a write that failed. */
  row: number;
  id?: string;
  reason: string;
}

export interface RunSummary {
  run_id: string;
  source: string;
  trigger: RunTrigger;
  status: RunStatus;
  /** Why the run was rejected, failed or skipped; '' when it succeeded. */
  message: string;
  feed: string;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  counts: RunCounts;
  /** The first MAX_REPORTED_ERRORS record and write errors. */
  errors: RecordError[];
  /**
   * Deals written (created + updated + expired + purged): 0 when nothing changed. Each is two document writes,
   * its listing and its search document.
   */
  deal_writes: number;
  /** Manifest shard documents written (bookkeeping, not deals). */
  manifest_writes: number;
}

export interface CollectorLogger {
  info(message: string, data: object): void;
  warn(message: string, data: object): void;
  error(message: string, data: object): void;
}

export interface CollectionOptions {
  db: Firestore;
  adapter: SourceAdapter;
  openFeed: () => Promise<OpenedFeed>;
  trigger: RunTrigger;
  logger: CollectorLogger;
  /** Validate and report without writing anything (no lease, no run document). */
  dryRun?: boolean;
  /** Accept a feed with far fewer deals than the last run (an intended catalogue cut). */
  allowShrink?: boolean;
  /** The run time; also the end_date given to deals that left the feed. */
  now?: Date;
  /** Affiliate networks: what the other networks carry (networks/shared-offers.ts), for offers several carry. */
  sharedOffers?: SharedOffers;
}

export const SUMMARY_LOG_MESSAGE = 'collect_deals.summary';

/** Sortable and unique: the start time, then random characters. */
export function newRunId(now: Date): string {
  return `${toIsoTimestamp(now).replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
}

const emptyCounts = (): RunCounts => ({
  fetched: 0,
  valid: 0,
  invalid: 0,
  ended: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  expired: 0,
  purged: 0,
  write_failures: 0,
});

class RejectedFeed extends Error {}

interface SpooledDeal {
  id: string;
  hash: string;
  isNew: boolean;
  doc: Omit<DealDoc, 'scraped_at'>;
}

interface FeedScan {
  seen: Set<string>;
  spoolFile: string;
  /** Deals the run would create / update (the spool's content). */
  toCreate: number;
  toUpdate: number;
  /** Deals another network's text is shown for (sharedOffers): recorded as carried, not written. */
  deferred: Array<{ id: string; endMs: number }>;
}

async function scanFeed(
  options: CollectionOptions,
  manifest: Manifest,
  runTime: Date,
  spoolDir: string,
  counts: RunCounts,
  reportError: (error: RecordError) => void,
): Promise<FeedScan> {
  const feed = await options.openFeed();
  const spoolFile = join(spoolDir, 'deals.ndjson');
  const spool = createWriteStream(spoolFile);
  const firstRow = new Map<string, number>();
  let toCreate = 0;
  let toUpdate = 0;
  const deferred: FeedScan['deferred'] = [];
  try {
    for await (const record of readRecords(feed)) {
      counts.fetched += 1;
      if ('error' in record) {
        counts.invalid += 1;
        reportError({ row: record.row, reason: record.error });
        continue;
      }
      const result = normalizeRecord(options.adapter, record.fields, runTime);
      if (!result.ok && result.ended) {
        counts.ended += 1;
        continue;
      }
      if (!result.ok) {
        counts.invalid += 1;
        reportError({ row: record.row, reason: result.reason });
        continue;
      }
      const { id, input } = result.deal;
      const earlier = firstRow.get(id);
      if (earlier !== undefined) {
        counts.invalid += 1;
        reportError({ row: record.row, id, reason: `duplicate of row ${earlier}` });
        continue;
      }
      firstRow.set(id, record.row);
      counts.valid += 1;
      const { scraped_at: _setAtWrite, ...doc } = buildDealDoc({ ...input, scraped_at: runTime });
      const hash = contentHash(doc);
      const known = manifest.get(id);
      if (options.sharedOffers?.precedingHolder(id)) {
        counts.unchanged += 1;
        deferred.push({ id, endMs: Date.parse(doc.end_date) });
        continue;
      }
      if (known && !known.gone && known.hash === hash) {
        counts.unchanged += 1;
        continue;
      }
      if (known === undefined) toCreate += 1;
      else toUpdate += 1;
      const line: SpooledDeal = { id, hash, isNew: known === undefined, doc };
      if (!spool.write(`${JSON.stringify(line)}\n`)) await once(spool, 'drain');
    }
  } finally {
    spool.end();
    await once(spool, 'close');
    feed.stream.destroy();
  }
  return { seen: new Set(firstRow.keys()), spoolFile, toCreate, toUpdate, deferred };
}

/** Why a read feed must not be applied, or null when it may be. */
export function feedRejection(
  counts: Pick<RunCounts, 'fetched' | 'valid' | 'invalid' | 'ended'>,
  previousLive: number,
  allowShrink: boolean,
): string | null {
  if (counts.valid === 0) return `the feed has no valid deals (${counts.fetched} records read)`;
  // Deals that ended are well-formed: they neither count for nor against the feed.
  const judged = counts.fetched - counts.ended;
  if (counts.invalid / judged > MAX_INVALID_SHARE)
    return `${counts.invalid} of ${judged} records are invalid (more than ${MAX_INVALID_SHARE * 100}%)`;
  if (!allowShrink && previousLive > 0 && counts.valid < previousLive * MIN_SHARE_OF_PREVIOUS)
    return `the feed has ${counts.valid} valid deals, fewer than ${MIN_SHARE_OF_PREVIOUS * 100}% of the ${previousLive} of the last run (use --allow-shrink if intended)`;
  return null;
}

function judgeFeed(counts: RunCounts, previousLive: number, allowShrink: boolean): void {
  const rejection = feedRejection(counts, previousLive, allowShrink);
  if (rejection !== null) throw new RejectedFeed(rejection);
}

interface Outcomes {
  written: Array<{ id: string; hash: string; endMs: number }>;
  expired: string[];
  purged: string[];
}

/** One deal's document writes (both of its documents), enqueued on a BulkWriter; settles when all did. */
type DealWrite = (writer: BulkWriter) => Promise<unknown>;

/**
 * The manifest's deals this run's feed no longer carries: a live one expires (its end date becomes the run's), a
 * gone one is purged once past the retention period, and one another network still carries stays.
 */
async function retireUnseenDeals(
  options: CollectionOptions,
  manifest: Manifest,
  scan: FeedScan,
  runTime: Date,
  writeDeal: (id: string, write: DealWrite, done: () => void) => Promise<void>,
  counts: RunCounts,
  outcomes: Outcomes,
): Promise<void> {
  const { db } = options;
  const runMs = runTime.getTime();
  const purgeBefore = runMs - RETENTION_DAYS * DAY_MS;
  const expiry = { end_date: toIsoTimestamp(runTime) };
  for (const [id, entry] of [...manifest.entries()]) {
    if (scan.seen.has(id)) continue;
    if (options.sharedOffers?.heldElsewhere(id)) {
      // Another network still carries this offer: the deal stays; only this network's claim on it ends.
      if (!entry.gone) manifest.set(id, { ...entry, endMs: Math.min(entry.endMs, runMs), gone: true });
      else if (entry.endMs < purgeBefore) manifest.delete(id);
      continue;
    }
    if (!entry.gone && entry.endMs > runMs) {
      await writeDeal(
        id,
        (target) =>
          Promise.all(
            dealDocPaths(id).map((path) =>
              target.update(db.doc(path), expiry).catch((error: unknown) => {
                // Someone deleted the document by hand (or a deal written before the search documents existed
                // has none): there is nothing left to expire.
                if ((error as { code?: unknown }).code !== GRPC_NOT_FOUND) throw error;
              }),
            ),
          ),
        () => {
          counts.expired += 1;
          outcomes.expired.push(id);
        },
      );
    } else if (!entry.gone) {
      manifest.set(id, { ...entry, gone: true });
    } else if (entry.endMs < purgeBefore) {
      await writeDeal(
        id,
        (target) => Promise.all(dealDocPaths(id).map((path) => target.delete(db.doc(path)))),
        () => {
          counts.purged += 1;
          outcomes.purged.push(id);
        },
      );
    }
  }
}

async function applyChanges(
  options: CollectionOptions,
  manifest: Manifest,
  scan: FeedScan,
  runTime: Date,
  lease: Lease,
  counts: RunCounts,
  reportError: (error: RecordError) => void,
): Promise<Outcomes> {
  const { db } = options;
  const writer = db.bulkWriter();
  const outcomes: Outcomes = { written: [], expired: [], purged: [] };
  const failed = (id: string, error: unknown) => {
    counts.write_failures += 1;
    reportError({ row: 0, id, reason: `write failed: ${(error as Error).message}` });
  };

  // The BulkWriter sends 20 writes per batch RPC, and when the RPC fails as a whole (the server refuses one
  // document of it) every write in it reports that error: one bad document would fail nine other deals. So a
  // deal whose writes failed is written once more through a BulkWriter of its own, where the batch is that
  // deal's alone; only that failure is the deal's, and counted.
  const writeAlone = async (id: string, write: DealWrite, done: () => void) => {
    const alone = db.bulkWriter();
    const result = write(alone).then(
      () => null,
      (error: unknown) => ({ error }),
    );
    await alone.close();
    const failure = await result;
    if (failure === null) done();
    else failed(id, failure.error);
  };

  let inFlight = 0;
  let wake: (() => void) | null = null;
  const settled = () => {
    inFlight -= 1;
    if (wake !== null && inFlight <= MAX_DEALS_IN_FLIGHT / 2) {
      const resume = wake;
      wake = null;
      resume();
    }
  };
  /** Enqueues one deal's writes; `done` records it once both documents are written. */
  const writeDeal = async (id: string, write: DealWrite, done: () => void) => {
    // A run that lost its lease enqueues nothing more (what is under way still finishes).
    lease.assertHeld();
    inFlight += 1;
    write(writer)
      .then(done, () => writeAlone(id, write, done))
      .catch((error: unknown) => failed(id, error))
      .finally(settled);
    // Waiting, not flushing: a flush would let the pipeline run dry every time.
    if (inFlight >= MAX_DEALS_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
  };

  try {
    /** Enqueues one spooled deal; a changed deal keeps its votes on the same code (model/votes.ts keepVoteFields,
     * collector/kept-votes.ts). */
    const writeSpooled = async (
      deal: SpooledDeal,
      previous: StoredDealCounts | undefined,
      override?: StoredOverride,
    ) => {
      const source: DealDoc = { ...deal.doc, scraped_at: toIsoTimestamp(new Date()) };
      // An editor's overrides stand over the source's new version (collector/kept-overrides.ts).
      const recollected = override ? recollectedWithOverride(source, override, source.scraped_at) : null;
      const shown = recollected ? recollected.deal : source;
      const stored = shown === null ? null : keepPopularityFields(keepVoteFields(shown, previous), previous);
      // Recorded as written only once both documents are: otherwise the manifest keeps the old hash (or none)
      // and the next run writes the deal again.
      await writeDeal(
        deal.id,
        (target) =>
          Promise.all([
            ...(stored === null
              ? []
              : [...dealDocuments(deal.id, stored), ...storeLocationDocuments(deal.id, stored)]
            ).map(({ path, data }) => target.set(db.doc(path), data)),
            ...(recollected
              ? [target.set(db.doc(dealOverrideDocPath(deal.id)), recollected.override, { merge: true })]
              : []),
          ]),
        () => {
          counts[deal.isNew ? 'created' : 'updated'] += 1;
          outcomes.written.push({ id: deal.id, hash: deal.hash, endMs: Date.parse(deal.doc.end_date) });
        },
      );
    };
    const changed: SpooledDeal[] = [];
    const writeChanged = async () => {
      const batch = changed.splice(0);
      const ids = batch.map((deal) => deal.id);
      const [previous, overrides] = await Promise.all([
        storedVoteSummaries(db, ids),
        storedOverrides(db, ids),
      ]);
      for (const deal of batch) await writeSpooled(deal, previous.get(deal.id), overrides.get(deal.id));
    };
    const lines = createInterface({ input: createReadStream(scan.spoolFile), crlfDelay: Infinity });
    for await (const line of lines) {
      const deal = JSON.parse(line) as SpooledDeal;
      if (deal.isNew) await writeSpooled(deal, undefined);
      else if (changed.push(deal) >= KEEP_VOTES_READ_BATCH) await writeChanged();
    }
    await writeChanged();

    await retireUnseenDeals(options, manifest, scan, runTime, writeDeal, counts, outcomes);
  } finally {
    await writer.close();
    // Deals written again alone may still be under way.
    while (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
  }
  return outcomes;
}

async function saveManifest(
  db: Firestore,
  sourceId: string,
  manifest: Manifest,
  outcomes: Outcomes,
  runTime: Date,
) {
  for (const { id, hash, endMs } of outcomes.written) manifest.set(id, { hash, endMs, gone: false });
  for (const id of outcomes.expired) {
    const entry = manifest.get(id);
    if (entry) manifest.set(id, { ...entry, endMs: runTime.getTime(), gone: true });
  }
  for (const id of outcomes.purged) manifest.delete(id);
  const changed = manifest.changedShards();
  const writer = db.bulkWriter();
  const failures: string[] = [];
  for (const { shard, text, count } of changed) {
    writer
      .set(db.doc(`${manifestCollectionPath(sourceId)}/${shard}`), { entries: text, count })
      .catch((error: unknown) => failures.push(`${shard}: ${(error as Error).message}`));
  }
  await writer.close();
  if (failures.length > 0) {
    // The deals are written; without their manifest entries the next run rewrites them (same content).
    throw new Error(`manifest shards could not be saved (${failures.join('; ')})`);
  }
  return changed.length;
}

function logSummary(logger: CollectorLogger, summary: RunSummary): void {
  // `message` is the log entry's own field, so the run's message travels as `detail`.
  const { errors, message, ...rest } = summary;
  const data = { ...rest, detail: message, first_errors: errors.slice(0, 10) };
  if (summary.status === 'succeeded' || summary.status === 'dry-run') logger.info(SUMMARY_LOG_MESSAGE, data);
  else if (summary.status === 'skipped' || summary.status === 'partial')
    logger.warn(SUMMARY_LOG_MESSAGE, data);
  else logger.error(SUMMARY_LOG_MESSAGE, data);
}

/** Dry run: what a real run would do, from the manifest alone. */
function countDryRun(
  options: CollectionOptions,
  manifest: Manifest,
  scan: FeedScan,
  runTime: Date,
  counts: RunCounts,
): void {
  for (const [id, entry] of manifest.entries()) {
    if (
      !scan.seen.has(id) &&
      !entry.gone &&
      entry.endMs > runTime.getTime() &&
      !options.sharedOffers?.heldElsewhere(id)
    )
      counts.expired += 1;
  }
  counts.created = scan.toCreate;
  counts.updated = scan.toUpdate;
}

/** The status and message of a run that stopped on `error`: a rejected feed, a held lease, or a failure. */
function stoppedRun(error: unknown): { status: RunStatus; message: string } {
  let status: RunStatus;
  if (error instanceof RejectedFeed) status = 'rejected';
  else if (error instanceof LeaseHeldError) status = 'skipped';
  else status = 'failed';
  const message =
    error instanceof FeedError || error instanceof RejectedFeed
      ? error.message
      : String((error as Error).message ?? error);
  return { status, message };
}

/** Runs one collection; never throws for a bad feed or a held lease (the summary says what happened). */
export async function runCollection(options: CollectionOptions): Promise<RunSummary> {
  const { db, adapter } = options;
  const runTime = options.now ?? new Date();
  const runId = newRunId(runTime);
  const startedMs = Date.now();
  const counts = emptyCounts();
  const errors: RecordError[] = [];
  const reportError = (error: RecordError) => {
    if (errors.length < MAX_REPORTED_ERRORS) errors.push(error);
  };
  let status: RunStatus = options.dryRun ? 'dry-run' : 'succeeded';
  let message = '';
  let feedLocation = '';
  let manifestWrites = 0;
  const runRef = db.doc(collectorRunDocPath(runId));
  const spoolDir = await mkdtemp(join(tmpdir(), 'collect-deals-'));
  let lease: Lease | null = null;

  try {
    if (!options.dryRun) {
      lease = await acquireLease(db, adapter.id, runId);
      await runRef.set({
        source: adapter.id,
        trigger: options.trigger,
        status: 'running',
        started_at: Timestamp.fromDate(runTime),
      });
    }
    const manifest = await Manifest.load(db, adapter.id);
    const previousLive = manifest.liveCount();
    const scan = await scanFeed(
      {
        ...options,
        openFeed: async () => {
          const feed = await options.openFeed();
          feedLocation = feed.location;
          return feed;
        },
      },
      manifest,
      runTime,
      spoolDir,
      counts,
      reportError,
    );
    judgeFeed(counts, previousLive, options.allowShrink ?? false);
    if (lease) {
      lease.assertHeld();
      const outcomes = await applyChanges(options, manifest, scan, runTime, lease, counts, reportError);
      for (const { id, endMs } of scan.deferred)
        manifest.set(id, { hash: DEFERRED_HASH, endMs, gone: false });
      manifestWrites = await saveManifest(db, adapter.id, manifest, outcomes, runTime);
      // The dashboard's Store and Category filters read one summary document; a run that changed no deal
      // leaves it as it is, so an unchanged feed still costs no write.
      if (counts.created + counts.updated + counts.expired + counts.purged > 0) {
        await refreshStoreSummary(db, runTime);
      }
      if (counts.write_failures > 0) {
        status = 'partial';
        message = `${counts.write_failures} writes failed; the next run retries them`;
      }
    } else {
      countDryRun(options, manifest, scan, runTime, counts);
    }
  } catch (error) {
    ({ status, message } = stoppedRun(error));
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }

  const finished = new Date();
  const summary: RunSummary = {
    run_id: runId,
    source: adapter.id,
    trigger: options.trigger,
    status,
    message,
    feed: feedLocation,
    started_at: toIsoTimestamp(runTime),
    finished_at: toIsoTimestamp(finished),
    duration_ms: Date.now() - startedMs,
    counts,
    errors,
    deal_writes: counts.created + counts.updated + counts.expired + counts.purged,
    manifest_writes: manifestWrites,
  };
  try {
    if (!options.dryRun) {
      const { run_id: _id, started_at: _started, finished_at: _finished, ...fields } = summary;
      await runRef.set({
        ...fields,
        started_at: Timestamp.fromDate(runTime),
        finished_at: Timestamp.fromDate(finished),
      });
    }
  } finally {
    await lease?.release();
    logSummary(options.logger, summary);
  }
  return summary;
}
