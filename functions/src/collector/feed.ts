// Reading a feed: where its bytes come from (an HTTP(S) URL or a local file), how big it may be, and how it
// splits into raw records. Parsing streams: a 100k-deal feed is never held as one string.
//
// Formats (documented in docs/collector.md with examples):
//  - NDJSON: one JSON object per line (UTF-8, optional BOM, LF or CRLF; blank lines ignored).
//  - CSV: RFC 4180 with a header row naming the fields (UTF-8, optional BOM, LF or CRLF, quoted fields may
//    hold commas, quotes ("") and line breaks).
// A record that cannot be read (bad JSON line, wrong number of CSV columns, over 64 KiB in either format) is
// reported with its row and skipped; a feed that cannot be read at all (HTTP error, timeout, size cap, broken CSV quoting)
// raises FeedError, and the run then changes nothing.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parse as parseCsv } from 'csv-parse';

export type FeedFormat = 'ndjson' | 'csv';
export const FEED_FORMATS: readonly FeedFormat[] = ['ndjson', 'csv'];

/** A feed larger than this is refused (100k deals are about 60 MiB of NDJSON). */
export const MAX_FEED_BYTES = 256 * 1024 * 1024;
/** One record larger than this is skipped as invalid. */
export const MAX_RECORD_CHARS = 64 * 1024;
/** Time allowed for a feed download, body included. */
export const FEED_TIMEOUT_MS = 5 * 60 * 1000;

/** The feed as a whole is unusable; the run changes nothing. */
export class FeedError extends Error {
  override readonly name = 'FeedError';
}

/** One record as read, before any validation. `row` is its 1-based position among the feed's records. */
export type RawRecord = { row: number; fields: Record<string, unknown> } | { row: number; error: string };

export interface OpenedFeed {
  /** For logs and the run document: the URL (without query) or file path. */
  location: string;
  format: FeedFormat;
  stream: Readable;
}

/** The format named by a file extension or a Content-Type, or null when neither says. */
export function detectFormat(name: string, contentType?: string | null): FeedFormat | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/csv') return 'csv';
  if (
    ['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/jsonlines'].includes(
      type,
    )
  )
    return 'ndjson';
  const lower = name.toLowerCase().replace(/[?#].*$/, '');
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'ndjson';
  return null;
}

const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

/** Passes bytes through and fails the stream once more than `maxBytes` went by. */
function byteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new FeedError(`the feed is larger than the ${mib(maxBytes)} cap`));
      else callback(null, chunk);
    },
  });
}

function capped(source: Readable, maxBytes: number): Readable {
  const cap = byteCap(maxBytes);
  source.on('error', (error) => cap.destroy(error));
  return source.pipe(cap);
}

export async function openFeedFile(
  path: string,
  options: { format?: FeedFormat; maxBytes?: number } = {},
): Promise<OpenedFeed> {
  const format = options.format ?? detectFormat(path);
  if (!format) throw new FeedError(`cannot tell the format of ${path}: name it .ndjson, .jsonl or .csv`);
  const info = await stat(path).catch((error: unknown) => {
    throw new FeedError(
      `${path} is not a readable file (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  if (!info.isFile()) throw new FeedError(`${path} is not a readable file`);
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  if (info.size > maxBytes) throw new FeedError(`the feed is larger than the ${mib(maxBytes)} cap`);
  return { location: path, format, stream: capped(createReadStream(path), maxBytes) };
}

export async function openFeedUrl(
  url: string,
  options: { apiKey?: string; timeoutMs?: number; maxBytes?: number } = {},
): Promise<OpenedFeed> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedError(`the feed URL '${url}' is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new FeedError(`the feed URL must be http(s), got '${parsed.protocol}'`);
  const location = `${parsed.origin}${parsed.pathname}`;
  const headers: Record<string, string> = { Accept: 'application/x-ndjson, text/csv;q=0.9' };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  try {
    response = await fetch(parsed, {
      headers,
      signal: AbortSignal.timeout(options.timeoutMs ?? FEED_TIMEOUT_MS),
    });
  } catch (error) {
    throw new FeedError(`the feed at ${location} could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new FeedError(`the feed at ${location} answered HTTP ${response.status}`);
  }
  const format = detectFormat(parsed.pathname, response.headers.get('content-type'));
  if (!format) {
    await response.body.cancel();
    throw new FeedError(`the feed at ${location} is neither NDJSON nor CSV (by Content-Type or extension)`);
  }
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new FeedError(`the feed is larger than the ${mib(maxBytes)} cap`);
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  return { location, format, stream: capped(body, maxBytes) };
}

function asFeedError(error: unknown): Error {
  if (error instanceof FeedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new FeedError(`the feed could not be read: ${message}`);
}

async function* ndjsonRecords(stream: Readable): AsyncGenerator<RawRecord> {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let row = 0;
  try {
    for await (const rawLine of lines) {
      const line = row === 0 ? rawLine.replace(/^\ufeff/, '') : rawLine;
      if (line.trim() === '') continue;
      row += 1;
      if (line.length > MAX_RECORD_CHARS) {
        yield { row, error: `record is larger than ${MAX_RECORD_CHARS / 1024} KiB` };
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        yield { row, error: 'not valid JSON' };
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        yield { row, error: 'not a JSON object' };
      else yield { row, fields: value as Record<string, unknown> };
    }
  } catch (error) {
    throw asFeedError(error);
  }
}

/** A CSV row's size as its cells and the commas between them (quoting aside). */
function recordChars(cells: readonly string[]): number {
  return cells.reduce((sum, cell) => sum + cell.length, cells.length - 1);
}

async function* csvRecords(stream: Readable): AsyncGenerator<RawRecord> {
  // No max_record_size: csv-parse raises it as an error that ends the whole parse (with
  // skip_records_with_error it drops the rest of the chunk instead), so the size is checked on each parsed row
  // and an oversized one is skipped like an oversized NDJSON line. The feed's byte cap bounds what a row holds.
  const parser = stream.pipe(parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  stream.on('error', (error) => parser.destroy(error));
  let header: string[] | null = null;
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (header === null) {
        header = cells.map((cell) => cell.trim());
        if (header.some((name) => name === '') || new Set(header).size !== header.length)
          throw new FeedError('the CSV header row has blank or repeated column names');
        continue;
      }
      row += 1;
      if (recordChars(cells) > MAX_RECORD_CHARS) {
        yield { row, error: `record is larger than ${MAX_RECORD_CHARS / 1024} KiB` };
        continue;
      }
      if (cells.length !== header.length) {
        yield { row, error: `has ${cells.length} columns, the header has ${header.length}` };
        continue;
      }
      const fields: Record<string, unknown> = {};
      header.forEach((name, i) => {
        fields[name] = cells[i];
      });
      yield { row, fields };
    }
  } catch (error) {
    throw asFeedError(error);
  }
  if (header === null) throw new FeedError('the CSV feed is empty (no header row)');
}

/** The feed's records in order; throws FeedError when the feed itself is unreadable. */
export function readRecords(feed: Pick<OpenedFeed, 'format' | 'stream'>): AsyncGenerator<RawRecord> {
  return feed.format === 'csv' ? csvRecords(feed.stream) : ndjsonRecords(feed.stream);
}
