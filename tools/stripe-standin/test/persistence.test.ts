import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startStripeStandin } from '../src/server';
import { paidCheckout, startHarness, subscriptionId, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

describe('state file', () => {
  it('keeps customers, sessions, subscriptions and idempotency keys across a restart', async () => {
    const { customer, session } = await paidCheckout(harness, 'uid-restart');
    const completed = await harness.stripe.checkout.sessions.retrieve(session.id);
    const subscription = await harness.stripe.subscriptions.retrieve(subscriptionId(completed));
    const keyed = await harness.stripe.customers.create(
      { email: 'keyed@example.com' },
      { idempotencyKey: 'restart-key' },
    );

    await harness.standin.close();
    const onDisk = JSON.parse(await readFile(harness.stateFile, 'utf8')) as {
      subscriptions: Record<string, unknown>;
    };
    expect(Object.keys(onDisk.subscriptions)).toContain(subscription.id);
    // Written atomically: no temporary files are left next to the state file.
    expect((await readdir(dirname(harness.stateFile))).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    await harness.restart();
    expect(await harness.stripe.customers.retrieve(customer.id)).toMatchObject({
      id: customer.id,
      metadata: { firebase_uid: 'uid-restart' },
    });
    expect(await harness.stripe.subscriptions.retrieve(subscription.id)).toEqual(
      expect.objectContaining({ id: subscription.id, status: 'active', items: subscription.items }),
    );
    expect((await harness.stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');

    const replay = await harness.stripe.customers.create(
      { email: 'keyed@example.com' },
      { idempotencyKey: 'restart-key' },
    );
    expect(replay.id).toBe(keyed.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('wipes everything on POST /_control/reset', async () => {
    const customer = await harness.stripe.customers.create({ email: 'reset@example.com' });
    const reset = await harness.control('POST', '/_control/reset');
    expect(reset.status).toBe(200);
    await expect(harness.stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
    const state = await harness.control<{ customers: object; subscriptions: object }>(
      'GET',
      '/_control/state',
    );
    expect(state.body.customers).toEqual({});
    expect(state.body.subscriptions).toEqual({});
  });

  it('refuses to start on a corrupt state file, naming the file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'stripe-standin-corrupt-'));
    const stateFile = join(directory, 'state.json');
    await writeFile(stateFile, '{ not json');
    try {
      await expect(startStripeStandin({ port: 0, stateFile, log: () => undefined })).rejects.toThrow(
        stateFile,
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
