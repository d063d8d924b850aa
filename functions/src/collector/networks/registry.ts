// The affiliate networks the collector knows, by source id: what each needs to be read, as one place for the
// scheduled functions (handlers/collect-network.ts) and `npm run import-deals` (saved API answers).
import { stat, readFile } from 'node:fs/promises';
import type { NetworkAccount } from '../../config';
import type { OpenedFeed } from '../feed';
import { AWIN_API_BASE, awinSource } from './awin';
import { CJ_API_BASE, cjSource } from './cj';
import { DEFAULT_MAX_RESPONSE_BYTES, NetworkError, type NetworkHttpOptions, redactedLocation } from './http';
import { IMPACT_API_BASE, impactSource } from './impact';
import { feedOfOffers, type NetworkSource, type RawOffer } from './source';

export const NETWORK_IDS = ['awin', 'impact', 'cj'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export function isNetworkId(value: string): value is NetworkId {
  return (NETWORK_IDS as readonly string[]).includes(value);
}

interface Network {
  source: NetworkSource<never>;
  /** Every offer of the account's listing; `http` overrides the client's defaults (the benchmark only). */
  offers(account: NetworkAccount, http?: Partial<NetworkHttpOptions>): AsyncGenerator<RawOffer>;
  /** For the run document: the API's address (no query, no credentials). */
  location(account: NetworkAccount): string;
}

/** The API's root for run documents and logs: never a query string or credentials. */
const apiRoot = (baseUrl: string | undefined, real: string) =>
  redactedLocation(baseUrl ?? real).replace(/\/+$/, '');

const NETWORKS: Record<NetworkId, Network> = {
  awin: {
    source: awinSource,
    offers: (a, http) =>
      awinSource.fetchOffers({
        publisherId: a.account,
        token: a.token,
        regionCodes: a.regionCodes,
        baseUrl: a.baseUrl,
        http,
      }),
    location: (a) => `${apiRoot(a.baseUrl, AWIN_API_BASE)}/publisher/${a.account}/promotions`,
  },
  impact: {
    source: impactSource,
    offers: (a, http) =>
      impactSource.fetchOffers({ accountSid: a.account, authToken: a.token, baseUrl: a.baseUrl, http }),
    // The Account SID is also the Basic-auth user name: the location leaves it out.
    location: (a) => `${apiRoot(a.baseUrl, IMPACT_API_BASE)}/Mediapartners/(Account SID)/Ads`,
  },
  cj: {
    source: cjSource,
    offers: (a, http) =>
      cjSource.fetchOffers({ websiteId: a.account, token: a.token, baseUrl: a.baseUrl, http }),
    location: (a) => `${apiRoot(a.baseUrl, CJ_API_BASE)}/v2/link-search`,
  },
};

export const networkAdapter = (id: NetworkId) => NETWORKS[id].source.adapter;

/**
 * The network's whole listing as the pipeline's feed; pages are fetched as the pipeline reads. `http` replaces
 * client defaults (the collector benchmark lifts the rate-limit spacing against its local server); production
 * passes none.
 */
export function openNetworkFeed(
  id: NetworkId,
  account: NetworkAccount,
  http?: Partial<NetworkHttpOptions>,
): OpenedFeed {
  const network = NETWORKS[id];
  return feedOfOffers(network.location(account), network.offers(account, http));
}

/** A saved API answer of the network (one page's body: JSON for Awin and impact.com, XML for CJ) as a feed. */
export async function openSavedNetworkAnswer(id: NetworkId, path: string): Promise<OpenedFeed> {
  const info = await stat(path).catch((error: unknown) => {
    throw new NetworkError(
      `${path} is not a readable file (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  if (!info.isFile()) throw new NetworkError(`${path} is not a readable file`);
  if (info.size > DEFAULT_MAX_RESPONSE_BYTES) {
    throw new NetworkError(
      `${path} is larger than one ${id} answer may be (${DEFAULT_MAX_RESPONSE_BYTES} bytes)`,
    );
  }
  const offers = NETWORKS[id].source.offersOfResponse(await readFile(path, 'utf8'));
  return feedOfOffers(path, offers);
}
