// Source adapters: each knows one deal source's field names and maps a raw record to the collector's candidate
// shape; validation and cleaning (normalize.ts) are shared. Adding a source is one adapter file (like wired.ts)
// plus its entry in ADAPTERS. Deals of every adapter land in the product's one deal collection
// (sources/wired/coupons), with ids prefixed by the adapter id so sources never overwrite each other.
import { awinAdapter } from './networks/awin';
import { cjAdapter } from './networks/cj';
import { impactAdapter } from './networks/impact';
import { wiredAdapter } from './wired';

/** The fields the normalizer reads, still untrusted (`unknown`): what a source calls them is the adapter's job. */
export interface DealCandidate {
  /** The source's own id for the deal, when it has one (makes the stored id stable across edits). */
  sourceRecordId: unknown;
  title: unknown;
  description: unknown;
  savings: unknown;
  type: unknown;
  code: unknown;
  start_date: unknown;
  end_date: unknown;
  shop_id: unknown;
  shop_name: unknown;
  shop_url: unknown;
  url_home: unknown;
  is_verified: unknown;
  /** The source's category, already mapped to one of the model's (model/category.ts); else derived from text. */
  category_hint?: unknown;
  /** ISO 3166 alpha-2 codes of the countries the offer is valid in (the network's regions). */
  regions?: unknown;
  /** An in-store deal's stores: points with a label (model/near-you.ts). */
  stores?: unknown;
  /** Where the deal came from: the network's id and the network's own id of the offer. */
  origin?: unknown;
  /** The offer's page on the advertiser's site (networks): with the code, tells one offer carried by two networks. */
  landing_url?: unknown;
}

export interface SourceAdapter {
  /** Lowercase letters and digits: prefixes document ids and names the collector's bookkeeping documents. */
  readonly id: string;
  toCandidate(fields: Record<string, unknown>): DealCandidate;
}

/** Every known source; a new source is one adapter file plus its entry here. */
const ADAPTERS: ReadonlyMap<string, SourceAdapter> = new Map(
  [wiredAdapter, awinAdapter, impactAdapter, cjAdapter].map((adapter) => [adapter.id, adapter]),
);

export { wiredAdapter };

export const ADAPTER_IDS: readonly string[] = [...ADAPTERS.keys()];

export function adapterFor(id: string): SourceAdapter {
  const adapter = ADAPTERS.get(id);
  if (!adapter) throw new Error(`unknown deal source '${id}' (known: ${ADAPTER_IDS.join(', ')})`);
  return adapter;
}
