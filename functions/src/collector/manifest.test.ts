import { buildDealDoc, buildDealSearchDoc } from '@bargains/model/deal';
import { contentHash, Manifest, shardOf } from './manifest';

const input = {
  title: 'Deal',
  description: '',
  savings: '10% off',
  type: '',
  start_date: new Date('2026-01-01T00:00:00Z'),
  end_date: new Date('2026-02-01T00:00:00Z'),
  shop_id: 'acme',
  shop_name: 'Acme',
  url_home: 'https://acme.example/',
  is_verified: false,
};

describe('contentHash', () => {
  it('ignores scraped_at and key order, and sees every other field', () => {
    const a = buildDealDoc({ ...input, scraped_at: new Date('2026-01-01T00:00:00Z') });
    const b = buildDealDoc({ ...input, scraped_at: new Date('2026-01-05T00:00:00Z') });
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as typeof a;
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(reordered)).toBe(contentHash(a));
    expect(contentHash({ ...a, is_verified: true })).not.toBe(contentHash(a));
    expect(contentHash({ ...a, code: 'X' })).not.toBe(contentHash(a));
  });

  it('differs from every hash recorded while deals stored their search_terms, so each deal is rewritten once', () => {
    // Until the search index moved to coupon_search, buildDealDoc returned what buildDealSearchDoc returns now
    // (the listing fields plus search_terms, even an empty list), and the manifest hashed that.
    for (const texts of [{}, { description: 'Clearance.' }, { title: '', shop_name: '', description: '' }]) {
      const doc = buildDealDoc({ ...input, ...texts, scraped_at: new Date('2026-01-01T00:00:00Z') });
      const { scraped_at: _ignored, ...unscraped } = doc;
      expect(contentHash(unscraped)).not.toBe(contentHash(buildDealSearchDoc(doc)));
    }
  });
});

describe('Manifest', () => {
  it('reports only the shards whose entries changed', () => {
    const manifest = new Manifest();
    expect(manifest.changedShards()).toEqual([]);
    manifest.set('wired_a', { hash: 'h1', endMs: 10, gone: false });
    manifest.set('wired_b', { hash: 'h2', endMs: 20, gone: true });
    const changed = manifest.changedShards();
    expect(changed.map((shard) => shard.shard).sort()).toEqual(
      [shardOf('wired_a'), shardOf('wired_b')].sort(),
    );
    expect(changed.flatMap((shard) => shard.text.split('\n')).sort()).toEqual([
      'wired_a\th1\t10\t0',
      'wired_b\th2\t20\t1',
    ]);
    expect(manifest.liveCount()).toBe(1);
  });
});
