// One Near you page: the geohash range queries around the location (model/near-you.ts: at most 9 bounds × 20
// stores), then the deals of the nearest 20 by id (one query). At most MAX_NEAR_YOU_READS (200) documents;
// typically 4 bounds and as many store documents as there are stores in them.
import { getDocs, type Firestore } from 'firebase/firestore/lite';
import { type Deal, isDealLive, parseDeal } from '@bargains/model/deal';
import {
  type GeoPoint,
  nearbyDeals,
  nearbyStoresQuerySpecs,
  type NearbyDeal,
  type StoreLocationDoc,
} from '@bargains/model/near-you';
import { dealsByIdQuerySpec } from '@bargains/model/queries';
import { dealAppliesIn } from '@bargains/model/regions';
import { toFirestoreQuery } from './store-query';

export interface NearbyDealCard extends NearbyDeal {
  deal: Deal;
}

function storeOf(data: Record<string, unknown>): StoreLocationDoc | null {
  const { deal_id, label, lat, lng, geohash, start_date, end_date, regions } = data;
  if (
    typeof deal_id !== 'string' ||
    typeof label !== 'string' ||
    typeof lat !== 'number' ||
    typeof lng !== 'number' ||
    typeof geohash !== 'string' ||
    typeof start_date !== 'string' ||
    typeof end_date !== 'string'
  )
    return null;
  const store: StoreLocationDoc = { deal_id, label, lat, lng, geohash, start_date, end_date };
  if (Array.isArray(regions))
    store.regions = regions.filter((code): code is string => typeof code === 'string');
  return store;
}

export async function fetchNearbyDeals(
  db: Firestore,
  center: GeoPoint,
  radiusKm: number,
  country: string | null,
  now: Date = new Date(),
): Promise<{ cards: NearbyDealCard[]; reads: number }> {
  const snapshots = await Promise.all(
    nearbyStoresQuerySpecs(center, radiusKm).map((spec) => getDocs(toFirestoreQuery(db, spec))),
  );
  const stores = snapshots.flatMap((snapshot) =>
    snapshot.docs.flatMap((document) => storeOf(document.data()) ?? []),
  );
  let reads = snapshots.reduce((sum, snapshot) => sum + Math.max(1, snapshot.size), 0);
  const nearest = nearbyDeals(stores, center, radiusKm, now, country);
  if (nearest.length === 0) return { cards: [], reads };
  const dealSnapshot = await getDocs(
    toFirestoreQuery(db, dealsByIdQuerySpec(nearest.map((entry) => entry.dealId))),
  );
  reads += Math.max(1, dealSnapshot.size);
  const deals = new Map(
    dealSnapshot.docs.flatMap((document) => {
      const deal = parseDeal(document.id, document.data());
      return deal ? [[deal.id, deal] as const] : [];
    }),
  );
  // The deal document has the last word: a store it no longer lists, or a deal that ended or does not apply in
  // the country since its stores were written, is left out.
  const cards = nearest.flatMap((entry) => {
    const deal = deals.get(entry.dealId);
    if (!deal || !isDealLive(deal, now) || !dealAppliesIn(deal, country)) return [];
    if (!deal.stores?.some((store) => store.label === entry.storeLabel)) return [];
    return [{ ...entry, deal }];
  });
  return { cards, reads };
}
