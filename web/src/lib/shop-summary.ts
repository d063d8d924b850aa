import { doc, getDoc } from 'firebase/firestore/lite';
import { SHOP_SUMMARY_DOC_PATH } from '@bargains/model/paths';
import { parseShopSummary, type ShopSummary } from '@bargains/model/shop-summary';
import { liteDb } from './firestore-lite';

/**
 * The stores and categories of the live deals with counts: one document read (null when missing or malformed).
 * It takes no `db`: the two Firestore SDKs' types look alike, but Lite's `doc()` throws on the full SDK's
 * instance, so the read uses the one instance it can use.
 */
export async function fetchShopSummary(): Promise<ShopSummary | null> {
  const snapshot = await getDoc(doc(liteDb, SHOP_SUMMARY_DOC_PATH));
  return snapshot.exists() ? parseShopSummary(snapshot.data()) : null;
}
