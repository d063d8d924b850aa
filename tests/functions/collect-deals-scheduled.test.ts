// collect_deals as deployed (functions/src/index.ts), invoked through firebase-functions-test the way Cloud
// Scheduler would, with its params and secret from the environment: it fetches the configured feed (with the API
// key as a bearer token), writes the deals, and a failing feed is logged and recorded without throwing.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import firebaseFunctionsTest from 'firebase-functions-test';
import * as logger from 'firebase-functions/logger';
import type { CloudEvent, CloudFunction } from 'firebase-functions/v2';
import type { ScheduleFunction } from 'firebase-functions/v2/scheduler';
import { deleteApp, getApps } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { collect_deals } from '../../functions/src/index';
import { COLLECTIONS } from '@bargains/model/paths';
import { FIRESTORE_EMULATOR } from './support/env';

const PROJECT = 'demo-bargains-collect-deals';
process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;
process.env.GCLOUD_PROJECT = PROJECT;
const fft = firebaseFunctionsTest({ projectId: PROJECT });

const feedLine = (id: string) =>
  JSON.stringify({
    id,
    title: `<b>${id}</b> deal`,
    savings: '30% off',
    start_date: '2026-01-01T00:00:00Z',
    end_date: '2099-01-01T00:00:00Z',
    shop_name: 'Acme',
    url_home: `https://acme.example/${id}`,
    is_verified: true,
  });

/**
 * firebase-functions-test 3.5 tells 2nd-gen functions apart by arity, and a scheduled function's HTTP handler
 * takes (req, res), so `wrap` treats it as a 1st-gen scheduled function: it calls `run` with a generated event
 * context (options: eventId, timestamp). collect_deals ignores its event, so that is all the test needs; the
 * library's types do not describe this case, hence the casts.
 */
function wrapScheduled(fn: ScheduleFunction): () => Promise<unknown> {
  const wrapped = fft.wrap(fn as unknown as CloudFunction<CloudEvent<unknown>>) as unknown as (options: {
    timestamp?: string;
  }) => Promise<unknown>;
  return () => wrapped({ timestamp: new Date().toISOString() });
}

let server: Server;
let status = 200;
const requests: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.headers);
    res.writeHead(status, { 'Content-Type': 'application/x-ndjson' });
    res.end(status === 200 ? `${feedLine('s1')}\n${feedLine('s2')}\n` : 'down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.COLLECTOR_FEED_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/deals.ndjson`;
  process.env.COLLECTOR_SOURCE = 'wired';
  process.env.COLLECTOR_FEED_API_KEY = 'feed-key-123';
});

afterAll(async () => {
  fft.cleanup();
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await new Promise((resolve) => server.close(resolve));
});

async function latestRun() {
  const runs = await getFirestore()
    .collection(COLLECTIONS.collectorRuns)
    .orderBy('started_at', 'desc')
    .limit(1)
    .get();
  return runs.docs[0]?.data();
}

describe('collect_deals (scheduled)', () => {
  it('collects the configured feed with the API key and records the run', async () => {
    const wrapped = wrapScheduled(collect_deals);
    await wrapped();

    expect(requests.at(-1)?.authorization).toBe('Bearer feed-key-123');
    const deal = await getFirestore().doc(`${COLLECTIONS.deals}/wired_s1`).get();
    expect(deal.data()).toMatchObject({
      title: 's1 deal',
      savings_value: 30,
      shop_id: 'acme',
      source_id: 'wired',
    });
    expect(await latestRun()).toMatchObject({
      trigger: 'schedule',
      status: 'succeeded',
      counts: expect.objectContaining({ fetched: 2, created: 2 }),
    });
  });

  it('sends no key when the secret is `none`, and logs a failing feed without throwing', async () => {
    process.env.COLLECTOR_FEED_API_KEY = 'none';
    status = 500;
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      await expect(wrapScheduled(collect_deals)()).resolves.toBeUndefined();
      expect(requests.at(-1)?.authorization).toBeUndefined();
      expect(errors).toHaveBeenCalledWith(
        'collect_deals.summary',
        expect.objectContaining({ status: 'failed', detail: expect.stringContaining('answered HTTP 500') }),
      );
    } finally {
      errors.mockRestore();
    }
    expect(await latestRun()).toMatchObject({ status: 'failed', deal_writes: 0 });
    expect((await getFirestore().doc(`${COLLECTIONS.deals}/wired_s2`).get()).exists).toBe(true);
  });
});
