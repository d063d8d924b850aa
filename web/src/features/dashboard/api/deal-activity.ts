// "Most popular" from the web app: the subscriber's View Deal open of a deal today, as the activity document the
// rules allow (model/popularity.ts). The counts on the deal are the triggers'; the app never writes them.
import { doc, setDoc, type Firestore } from 'firebase/firestore/lite';
import { activityDoc, activityDocPath, utcDayOf } from '@bargains/model/popularity';

/**
 * Records today's (UTC) open; recording it again the same day writes the same document unchanged, which the rules
 * allow and which counts nothing twice.
 */
export async function writeDealOpen(db: Firestore, uid: string, dealId: string, now: Date): Promise<void> {
  const day = utcDayOf(now);
  await setDoc(doc(db, activityDocPath(dealId, 'open', day, uid)), activityDoc('open', day, uid));
}
