// What the collector last wrote, per deal: a content hash and the stored end_date, kept in 256 shard documents
// under collector_state/{source}/manifest/{00..ff} instead of on the deals. A run reads 256 small documents
// rather than every deal (100k reads), compares hashes to skip unchanged deals, knows which deals it owns (only
// those are ever expired, so demo or hand-made deals are never touched) and when each one ended.
//
// A shard's `entries` is one string of lines `id<TAB>hash<TAB>endMillis<TAB>gone` (gone = 1 once the deal left
// the feed): compact (about 70 bytes a deal, so even 1M deals stay far below the 1 MiB document limit) and
// written only when it changed.
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { DealDoc } from '@bargains/model/deal';
import { collectorStateDocPath } from '@bargains/model/paths';

export interface ManifestEntry {
  hash: string;
  endMs: number;
  /** The deal is no longer in the feed (it was expired, or had ended on its own). */
  gone: boolean;
}

export const MANIFEST_SHARDS = 256;

export const manifestCollectionPath = (sourceId: string): string =>
  `${collectorStateDocPath(sourceId)}/manifest`;

export function shardOf(dealId: string): string {
  return createHash('sha1').update(dealId).digest('hex').slice(0, 2);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Hash of everything stored for a deal except scraped_at (which changes on every write) and newest_key (derived
 * from it when the deal is written, model/deal.ts dealDocuments). It covers whatever
 * buildDealDoc produces, so fields added to the model later are part of it automatically; the search document
 * is derived from the same listing document (buildDealSearchDoc), so it needs no hash of its own. Before the
 * search index moved to its own collection, the hashed document held `search_terms`: every hash recorded then
 * differs from today's, so the first run after that change rewrote every deal in the feed once (filling
 * coupon_search and dropping search_terms from coupons).
 */
export function contentHash(doc: Omit<DealDoc, 'scraped_at'> | DealDoc): string {
  const { scraped_at: _ignored, newest_key: _derived, ...content } = doc as DealDoc;
  return createHash('sha256').update(stableJson(content)).digest('base64url').slice(0, 22);
}

export class Manifest {
  private readonly shards = new Map<string, Map<string, ManifestEntry>>();
  private readonly loadedText = new Map<string, string>();

  get(dealId: string): ManifestEntry | undefined {
    return this.shards.get(shardOf(dealId))?.get(dealId);
  }

  set(dealId: string, entry: ManifestEntry): void {
    const shard = shardOf(dealId);
    let entries = this.shards.get(shard);
    if (!entries) {
      entries = new Map();
      this.shards.set(shard, entries);
    }
    entries.set(dealId, entry);
  }

  delete(dealId: string): void {
    this.shards.get(shardOf(dealId))?.delete(dealId);
  }

  *entries(): Generator<[string, ManifestEntry]> {
    for (const shard of this.shards.values()) yield* shard.entries();
  }

  /** Deals in the feed at the last successful run (the "suspicious feed" check compares against it). */
  liveCount(): number {
    let count = 0;
    for (const [, entry] of this.entries()) if (!entry.gone) count += 1;
    return count;
  }

  static async load(db: Firestore, sourceId: string): Promise<Manifest> {
    const manifest = new Manifest();
    const snapshot = await db.collection(manifestCollectionPath(sourceId)).get();
    for (const doc of snapshot.docs) {
      const text = doc.get('entries');
      if (typeof text !== 'string') continue;
      manifest.loadedText.set(doc.id, text);
      for (const line of text.split('\n')) {
        const [id, hash, endMs, gone] = line.split('\t');
        if (id && hash && endMs) manifest.set(id, { hash, endMs: Number(endMs), gone: gone === '1' });
      }
    }
    return manifest;
  }

  private serialize(shard: string): string {
    const entries = [...(this.shards.get(shard)?.entries() ?? [])].sort(([a], [b]) => (a < b ? -1 : 1));
    return entries
      .map(([id, entry]) => `${id}\t${entry.hash}\t${entry.endMs}\t${entry.gone ? 1 : 0}`)
      .join('\n');
  }

  /** Shards whose text differs from what was loaded, with their new text. */
  changedShards(): Array<{ shard: string; text: string; count: number }> {
    const names = new Set([...this.shards.keys(), ...this.loadedText.keys()]);
    const changed: Array<{ shard: string; text: string; count: number }> = [];
    for (const shard of [...names].sort()) {
      const text = this.serialize(shard);
      if (text !== (this.loadedText.get(shard) ?? '')) {
        changed.push({ shard, text, count: this.shards.get(shard)?.size ?? 0 });
      }
    }
    return changed;
  }
}
