// The adapter of 'wired', the product's deal source (registered in adapters.ts).
import type { SourceAdapter } from './adapters';

/**
 * 'wired', the product's deal source: its records use the model's own field names (docs/reference.md#deal-document), plus `id`,
 * the source's deal id. Optional: `regions` (ISO 3166 alpha-2 codes of the countries the deal applies
 * in) and `stores` (an in-store deal's stores: `{label, lat, lng}`), docs/near-you.md.
 */
export const wiredAdapter: SourceAdapter = {
  id: 'wired',
  toCandidate: (fields) => ({
    sourceRecordId: fields.id,
    title: fields.title,
    description: fields.description,
    savings: fields.savings,
    type: fields.type,
    code: fields.code,
    start_date: fields.start_date,
    end_date: fields.end_date,
    shop_id: fields.shop_id,
    shop_name: fields.shop_name,
    shop_url: fields.shop_url,
    url_home: fields.url_home,
    is_verified: fields.is_verified,
    regions: fields.regions,
    stores: fields.stores,
  }),
};
