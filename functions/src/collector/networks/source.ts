// An affiliate network as a deal source: fetch every page of its offers API (http.ts), hand each raw offer to
// the pipeline as one record, and let the network's adapter map it into the deal model. The pipeline reads the
// whole listing before it judges or writes anything, so a page that keeps failing fails the run and the
// catalogue stays as it was (a network outage never expires deals).
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { SourceAdapter } from '../adapters';
import type { OpenedFeed } from '../feed';
import { NetworkError } from './http';

/** One offer as the network sent it (JSON object, or an XML element read into one). */
export type RawOffer = Record<string, unknown>;

/** Default cap on pages per run: far above any real listing, low enough to stop an endless one. */
export const DEFAULT_MAX_PAGES = 500;

export interface NetworkSource<Config> {
  adapter: SourceAdapter;
  /** Every offer of every page, in order; throws NetworkError when a page cannot be had. */
  fetchOffers(config: Config): AsyncGenerator<RawOffer>;
  /** The offers of one saved API answer (the body of one page), for `npm run import-deals`. */
  offersOfResponse(text: string): RawOffer[];
}

/** The offers as the pipeline's feed: one JSON line per offer (the adapter reads the network's own fields). */
export function feedOfOffers(
  location: string,
  offers: AsyncIterable<RawOffer> | Iterable<RawOffer>,
): OpenedFeed {
  async function* lines(): AsyncGenerator<string> {
    for await (const offer of offers) yield `${JSON.stringify(offer)}\n`;
  }
  return { location, format: 'ndjson', stream: Readable.from(lines(), { objectMode: false }) };
}

/** Parses a JSON answer against the page's schema (zod at the boundary), or fails the page with the network's name. */
export function readJsonPage<Schema extends z.ZodType>(
  network: string,
  schema: Schema,
  text: string,
): z.infer<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new NetworkError(`${network} answered something that is not JSON (${text.length} characters)`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new NetworkError(
      `${network} answered a page of an unexpected shape (${parsed.error.issues[0]?.message})`,
    );
  }
  return parsed.data;
}

/** The shop's site (the advertiser's home page) of an offer's landing page; null when there is none. */
export function siteOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? `${parsed.origin}/` : null;
  } catch {
    return null;
  }
}
