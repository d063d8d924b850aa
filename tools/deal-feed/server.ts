// The local deal feed: what `collect_deals` fetches under `npm start` and in the emulator tests
// (COLLECTOR_FEED_URL in functions/.env.demo-bargains). Usage: node --import tsx tools/deal-feed/server.ts
//
//   GET  /feed.ndjson        the fixture deals (dated around today) plus any added deals, as NDJSON
//   GET  /_control/health    200 when listening
//   POST /_control/deals     NDJSON body: deals to add to the feed (same id replaces)
//   POST /_control/status    {"status": 503}: answer the feed with that HTTP status (0 = normal again)
//   POST /_control/reset     back to the fixture only
//   /awin, /impact, /cj      stand-ins of the affiliate networks' offer APIs (tools/network-standins/routes.ts)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resetNetworkStandins, routeNetworkStandin } from '../network-standins/routes';
import { fixtureRecords, startOfUtcDay, type WiredRecord } from './feed-records';

export const DEAL_FEED_PORT = Number(process.env.DEAL_FEED_PORT ?? 12112);
const MAX_CONTROL_BODY = 1024 * 1024;

const added = new Map<string, Record<string, unknown>>();
let forcedStatus = 0;

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CONTROL_BODY) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

function feedLines(): string {
  const fixture: Array<WiredRecord | Record<string, unknown>> = fixtureRecords(
    startOfUtcDay(new Date()),
  ).filter((record) => !added.has(record.id));
  return [...fixture, ...added.values()].map((record) => JSON.stringify(record)).join('\n') + '\n';
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (await routeNetworkStandin(req, res)) return;
  if (req.method === 'GET' && path === '/_control/health') return send(res, 200, '{"ok":true}');
  if (req.method === 'GET' && path === '/feed.ndjson') {
    if (forcedStatus) return send(res, forcedStatus, '{"error":"forced by /_control/status"}');
    return send(res, 200, feedLines(), 'application/x-ndjson');
  }
  if (req.method === 'POST' && path === '/_control/deals') {
    const lines = (await readBody(req)).split('\n').filter((line) => line.trim() !== '');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const record of records) added.set(String(record.id), record);
    return send(res, 200, JSON.stringify({ added: records.length, total: added.size }));
  }
  if (req.method === 'POST' && path === '/_control/status') {
    const { status } = JSON.parse(await readBody(req)) as { status: number };
    forcedStatus = Number.isInteger(status) && status >= 100 && status < 600 ? status : 0;
    return send(res, 200, JSON.stringify({ status: forcedStatus }));
  }
  if (req.method === 'POST' && path === '/_control/reset') {
    added.clear();
    forcedStatus = 0;
    resetNetworkStandins();
    return send(res, 200, '{"reset":true}');
  }
  send(res, 404, '{"error":"not found"}');
}

const server = createServer((req, res) => {
  route(req, res).catch((error: unknown) => send(res, 400, JSON.stringify({ error: String(error) })));
});
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Deal feed: port ${DEAL_FEED_PORT} is in use; stop that process or set DEAL_FEED_PORT.`
      : `Deal feed failed: ${error.message}`,
  );
  process.exit(1);
});
server.listen(DEAL_FEED_PORT, '127.0.0.1', () => {
  console.log(`Deal feed listening on http://127.0.0.1:${DEAL_FEED_PORT}/feed.ndjson`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
