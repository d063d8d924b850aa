// Local stand-ins of the affiliate networks' offer APIs, served by the local deal feed (tools/deal-feed/server.ts)
// under /awin, /impact and /cj; functions/.env.demo-bargains points collect_awin, collect_impact and collect_cj at
// them. Each answers in its network's documented shape with pagination (small pages, so paging is exercised),
// now and then a 429 (with Retry-After) or a 500 the client retries, and 401 with an "expired token" answer for
// any other credential than the local one.
//
//   POST /awin/publisher/{id}/promotions      Bearer local-awin-token, JSON filters + pagination
//   GET  /impact/Mediapartners/{SID}/Ads      Basic IRlocalSID:local-impact-token, Page/PageSize
//   GET  /cj/v2/link-search                   Bearer local-cj-token, page-number/records-per-page, XML
//   POST /_control/network-status             {"network":"awin","status":503}: every call answers that (0 = normal)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { awinOffers, cjLinks, impactAds } from './offers';
import { awinPage, cjPage, impactPage } from './pages';

export const STANDIN_CREDENTIALS = {
  awin: { publisherId: '123456', token: 'local-awin-token' },
  impact: { accountSid: 'IRlocalSID', token: 'local-impact-token' },
  cj: { websiteId: '7654321', token: 'local-cj-token' },
} as const;

type Network = keyof typeof STANDIN_CREDENTIALS;
/** Pages are small so that a dozen offers still span several pages. */
const MAX_PAGE = 3;

const forced = new Map<Network, number>();
/** Calls per network: every 5th answers 429 (Retry-After 1) and every 7th 500, then the retry gets its page. */
const counters = new Map<Network, number>();

function hiccup(network: Network): number | null {
  const count = (counters.get(network) ?? 0) + 1;
  counters.set(network, count);
  if (count % 5 === 0) return 429;
  if (count % 7 === 0) return 500;
  return null;
}

/** Back to normal answers (the deal feed's /_control/reset). */
export function resetNetworkStandins(): void {
  forced.clear();
  counters.clear();
}

const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failure(res: ServerResponse, network: Network, status: number): void {
  if (network === 'cj') {
    send(
      res,
      status,
      `<cj-api><error-message>${status === 401 ? 'Not Authenticated: token expired' : 'Server error'}</error-message></cj-api>`,
      'application/xml',
    );
  } else if (network === 'impact') {
    send(
      res,
      status,
      JSON.stringify({
        Status: 'ERROR',
        Message: status === 401 ? 'Token expired or invalid' : 'Server error',
      }),
      'application/json',
    );
  } else {
    send(
      res,
      status,
      JSON.stringify({
        error: status === 401 ? 'invalid_token' : 'server_error',
        description: status === 401 ? 'The access token expired' : 'Server error',
      }),
      'application/json',
    );
  }
}

/** Answers the request when it is for a network stand-in; false when the path is not one of theirs. */
export async function routeNetworkStandin(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (req.method === 'POST' && path === '/_control/network-status') {
    const { network, status } = JSON.parse(await readBody(req)) as { network: Network; status: number };
    if (!(network in STANDIN_CREDENTIALS)) throw new Error(`unknown network ${String(network)}`);
    if (Number.isInteger(status) && status >= 100 && status < 600) forced.set(network, status);
    else forced.delete(network);
    send(res, 200, JSON.stringify({ network, status: forced.get(network) ?? 0 }), 'application/json');
    return true;
  }
  const network = (['awin', 'impact', 'cj'] as const).find((name) => path.startsWith(`/${name}/`));
  if (!network) return false;
  const anchor = startOfUtcDay(new Date());
  const auth = req.headers.authorization ?? '';

  if (network === 'awin') {
    const match = /^\/awin\/publisher\/(\d+)\/promotions$/.exec(path);
    if (req.method !== 'POST' || !match)
      return (send(res, 404, '{"error":"not found"}', 'application/json'), true);
    if (
      auth !== `Bearer ${STANDIN_CREDENTIALS.awin.token}` ||
      match[1] !== STANDIN_CREDENTIALS.awin.publisherId
    )
      return (failure(res, network, 401), true);
    const status = forced.get(network) ?? hiccup(network);
    if (status)
      return (send(res, status, '', 'application/json', status === 429 ? { 'Retry-After': '1' } : {}), true);
    const body = JSON.parse((await readBody(req)) || '{}') as {
      pagination?: { page?: number; pageSize?: number };
    };
    const page = Math.max(1, body.pagination?.page ?? 1);
    const pageSize = Math.min(MAX_PAGE, Math.max(1, body.pagination?.pageSize ?? 10));
    send(res, 200, awinPage(awinOffers(anchor), page, pageSize), 'application/json');
    return true;
  }

  if (network === 'impact') {
    const sid = STANDIN_CREDENTIALS.impact.accountSid;
    if (req.method !== 'GET' || path !== `/impact/Mediapartners/${sid}/Ads`)
      return (failure(res, network, path.startsWith('/impact/Mediapartners/') ? 401 : 404), true);
    if (auth !== `Basic ${Buffer.from(`${sid}:${STANDIN_CREDENTIALS.impact.token}`).toString('base64')}`)
      return (failure(res, network, 401), true);
    const status = forced.get(network) ?? hiccup(network);
    if (status)
      return (send(res, status, '', 'application/json', status === 429 ? { 'Retry-After': '1' } : {}), true);
    const page = Math.max(1, Number(url.searchParams.get('Page') ?? 1) || 1);
    const pageSize = Math.min(MAX_PAGE, Math.max(1, Number(url.searchParams.get('PageSize') ?? 100) || 100));
    send(res, 200, impactPage(impactAds(anchor), sid, page, pageSize), 'application/json');
    return true;
  }

  if (req.method !== 'GET' || path !== '/cj/v2/link-search')
    return (send(res, 404, '', 'application/xml'), true);
  if (auth !== `Bearer ${STANDIN_CREDENTIALS.cj.token}`) return (failure(res, network, 401), true);
  const status = forced.get(network) ?? hiccup(network);
  if (status)
    return (send(res, status, '', 'application/xml', status === 429 ? { 'Retry-After': '1' } : {}), true);
  const page = Math.max(1, Number(url.searchParams.get('page-number') ?? 1) || 1);
  const perPage = Math.min(
    MAX_PAGE,
    Math.max(1, Number(url.searchParams.get('records-per-page') ?? 100) || 100),
  );
  send(res, 200, cjPage(cjLinks(anchor), page, perPage), 'application/xml');
  return true;
}
