// Where a deal applies: its `regions` (ISO 3166 alpha-2 codes, from the networks or the feed) against the
// country of the subscriber's location (model/near-you.ts). Apart from near-you.ts so the dashboard's list,
// which only needs this rule, does not bundle the geohash code.

/** ISO 3166 alpha-2, upper case. */
export const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * The one rule every list, digest and alert applies: a deal without regions applies everywhere; a subscriber
 * whose country is unknown (no location set) sees every deal.
 */
export function dealAppliesIn(deal: { regions?: readonly string[] | null }, country: string | null): boolean {
  if (!country || !deal.regions || deal.regions.length === 0) return true;
  return deal.regions.includes(country);
}
