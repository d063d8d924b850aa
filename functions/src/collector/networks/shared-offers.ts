// One offer carried by several networks is one deal. Network deals are stored under an id of the offer itself
// (`offer_` + a hash of its shop and code, or without a code of its landing page), so two networks name the same
// document. Each network still keeps its own manifest; across them:
//  - the text comes from the first network in NETWORK_PRECEDENCE that carries the offer: a later one that sees
//    the offer held by an earlier one does not write it, and records it as held-but-not-written (DEFERRED), so
//    it writes its own version as soon as the earlier one drops the offer;
//  - a network that drops an offer another network still carries neither expires nor deletes it (it only marks
//    its own entry gone): the deal stays, and stays one, until every network carrying it has dropped it.
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { Manifest } from '../manifest';

/** Which network's text a shared offer shows: the first here that carries it. */
export const NETWORK_PRECEDENCE = ['awin', 'impact', 'cj'] as const;

/** The manifest hash of an offer this network carries but another (earlier) network's text is shown for. */
export const DEFERRED_HASH = 'deferred';

const TRACKING_PARAMS = /^(utm_|gclid$|fbclid$|msclkid$|cjevent$|irclickid$|awc$|clickref)/i;

/** The landing page as the dedup key compares it: host lowercased, tracking parameters and fragment dropped. */
export function canonicalLandingPage(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  for (const name of [...parsed.searchParams.keys()])
    if (TRACKING_PARAMS.test(name)) parsed.searchParams.delete(name);
  parsed.searchParams.sort();
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  return `${parsed.protocol}//${parsed.host.toLowerCase()}${path}${parsed.search}`;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * The document id of a network offer, the same whichever network carries it: by shop and code when it has a code,
 * else by landing page; null when it has neither (the caller keeps the network's own id).
 */
export function sharedOfferId(
  shopId: string,
  code: string | null,
  landingPage: string | null,
): string | null {
  if (code) return `offer_c${digest(`${shopId}\n${code.toLowerCase()}`)}`;
  if (landingPage) return `offer_p${digest(canonicalLandingPage(landingPage))}`;
  return null;
}

/** What the pipeline asks about the other networks while collecting one. */
export interface SharedOffers {
  /** An earlier network (by precedence) that carries the deal now: its text is shown, so this one defers. */
  precedingHolder(dealId: string): string | null;
  /** Another network carries the deal now: dropping it here must not expire or delete it. */
  heldElsewhere(dealId: string): boolean;
}

const carries = (manifest: Manifest, dealId: string, nowMs: number) => {
  const entry = manifest.get(dealId);
  return entry !== undefined && !entry.gone && entry.endMs > nowMs;
};

/** Reads the other networks' manifests (256 small documents each) for a run of `sourceId` at `now`. */
export async function loadSharedOffers(db: Firestore, sourceId: string, now: Date): Promise<SharedOffers> {
  const others = NETWORK_PRECEDENCE.filter((id) => id !== sourceId);
  const manifests = new Map(
    await Promise.all(others.map(async (id) => [id, await Manifest.load(db, id)] as const)),
  );
  const rank = (id: string) => NETWORK_PRECEDENCE.indexOf(id as (typeof NETWORK_PRECEDENCE)[number]);
  const nowMs = now.getTime();
  return {
    precedingHolder: (dealId) =>
      others.find(
        (id) => rank(id) < rank(sourceId) && carries(manifests.get(id) as Manifest, dealId, nowMs),
      ) ?? null,
    heldElsewhere: (dealId) => others.some((id) => carries(manifests.get(id) as Manifest, dealId, nowMs)),
  };
}
