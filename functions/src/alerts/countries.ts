// The subscribers' countries for send_digests: a digest or alert never lists a deal that does not apply where
// the subscriber set their location (model/near-you.ts dealAppliesIn). One read per subscriber who wants
// email (their users/{uid}/preferences/location); a subscriber without a location gets every deal.
import type { Firestore } from 'firebase-admin/firestore';
import type { Deal } from '@bargains/model/deal';
import { COUNTRY_CODE, dealAppliesIn } from '@bargains/model/near-you';
import { locationDocPath } from '@bargains/model/paths';

/** Firestore's getAll takes at most this many documents per call. */
const GET_ALL_CHUNK = 100;

/** uid → the ISO country code of their stored location (absent: no location, or one without a valid code). */
export async function subscriberCountries(
  db: Firestore,
  uids: readonly string[],
): Promise<{ countries: Map<string, string>; reads: number }> {
  const countries = new Map<string, string>();
  let reads = 0;
  for (let i = 0; i < uids.length; i += GET_ALL_CHUNK) {
    const refs = uids.slice(i, i + GET_ALL_CHUNK).map((uid) => db.doc(locationDocPath(uid)));
    if (refs.length === 0) continue;
    const docs = await db.getAll(...refs);
    reads += docs.length;
    docs.forEach((doc, j) => {
      const country: unknown = doc.get('country');
      const uid = uids[i + j];
      if (uid !== undefined && typeof country === 'string' && COUNTRY_CODE.test(country))
        countries.set(uid, country);
    });
  }
  return { countries, reads };
}

/** The deals that apply in the country (all of them when it is unknown). */
export function dealsApplyingIn(deals: readonly Deal[], country: string | undefined): readonly Deal[] {
  return country === undefined ? deals : deals.filter((deal) => dealAppliesIn(deal, country));
}
