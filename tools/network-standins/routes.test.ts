// The stand-ins answer the network sources as the real APIs would: every page, hiccups retried, a bad token
// refused with the "expired" answer, and a forced outage failing the listing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { awinSource } from '../../functions/src/collector/networks/awin';
import { cjSource } from '../../functions/src/collector/networks/cj';
import { impactSource } from '../../functions/src/collector/networks/impact';
import type { RawOffer } from '../../functions/src/collector/networks/source';
import { normalizeRecord } from '../../functions/src/collector/normalize';
import { awinOffers, cjLinks, impactAds } from './offers';
import { resetNetworkStandins, routeNetworkStandin, STANDIN_CREDENTIALS } from './routes';

let server: Server;
let origin = '';
const http = { sleep: async () => {}, now: () => 0 };

beforeAll(async () => {
  server = createServer((req, res) => {
    routeNetworkStandin(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      (error: unknown) => res.writeHead(400).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => resetNetworkStandins());

async function all(offers: AsyncIterable<RawOffer>): Promise<RawOffer[]> {
  const list: RawOffer[] = [];
  for await (const offer of offers) list.push(offer);
  return list;
}

const awin = (token: string = STANDIN_CREDENTIALS.awin.token) =>
  awinSource.fetchOffers({
    publisherId: STANDIN_CREDENTIALS.awin.publisherId,
    token,
    baseUrl: `${origin}/awin`,
    http,
  });
const impact = (token: string = STANDIN_CREDENTIALS.impact.token) =>
  impactSource.fetchOffers({
    accountSid: STANDIN_CREDENTIALS.impact.accountSid,
    authToken: token,
    baseUrl: `${origin}/impact`,
    http,
  });
const cj = (token: string = STANDIN_CREDENTIALS.cj.token) =>
  cjSource.fetchOffers({ websiteId: STANDIN_CREDENTIALS.cj.websiteId, token, baseUrl: `${origin}/cj`, http });

it('serves every page of each network, retrying its 429s and 500s', async () => {
  const anchor = new Date();
  expect(await all(awin())).toHaveLength(awinOffers(anchor).length);
  // impact.com: the EXPIRED deal is left out; CJ: the banner is.
  expect(await all(impact())).toHaveLength(impactAds(anchor).length - 1);
  expect(await all(cj())).toHaveLength(cjLinks(anchor).length - 1);
});

it.each([
  ['awin', () => all(awin('old-token'))],
  ['impact', () => all(impact('old-token'))],
  ['cj', () => all(cj('old-token'))],
])('answers a bad %s token with 401, which fails the listing clearly', async (_network, run) => {
  await expect(run()).rejects.toThrow(/refused the credentials \(HTTP 401\).*expired/);
});

it('fails the listing during a forced outage', async () => {
  await fetch(`${origin}/_control/network-status`, {
    method: 'POST',
    body: JSON.stringify({ network: 'cj', status: 503 }),
  });
  await expect(all(cj())).rejects.toThrow(/HTTP 503 after 5 attempts/);
});

it('serves only offers the collector accepts', async () => {
  const now = new Date();
  for (const [adapter, offers] of [
    [awinSource.adapter, await all(awin())],
    [impactSource.adapter, await all(impact())],
    [cjSource.adapter, await all(cj())],
  ] as const) {
    for (const offer of offers) {
      const result = normalizeRecord(adapter, offer, now);
      expect(result.ok ? 'ok' : result.reason).toBe('ok');
    }
  }
});
