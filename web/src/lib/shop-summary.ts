import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import { SHOP_SUMMARY_DOC_PATH } from '@model/paths';
import { parseShopSummary, type ShopSummary } from '@model/shop-summary';

/** The stores and categories of the live deals with counts: one document read (null when missing or malformed). */
export async function fetchShopSummary(db: Firestore): Promise<ShopSummary | null> {
  const snapshot = await getDoc(doc(db, SHOP_SUMMARY_DOC_PATH));
  return snapshot.exists() ? parseShopSummary(snapshot.data()) : null;
}
