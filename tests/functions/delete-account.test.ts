// delete_account: Stripe subscription canceled at once, user document and Auth user gone, safe to repeat.
import { dealDocPaths } from '@bargains/model/deal';
import { activityDoc, activityDocPath, utcDayOf } from '@bargains/model/popularity';
import { dealVoteDocPath } from '@bargains/model/votes';
import { waitUntil } from '../../tools/wait-until';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';
import { closeAdmin, readDoc, testAuth, testDb } from './support/admin';
import { callFunction } from './support/http';
import { flushDeliveries, stripe } from './support/stripe';
import { subscribeThroughCheckout } from './support/subscribe';
import { createTestUser } from './support/users';

afterAll(closeAdmin);

async function authUserExists(uid: string): Promise<boolean> {
  try {
    await testAuth().getUser(uid);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

describe('delete_account', () => {
  it('cancels the subscription, deletes the document and the Auth user, and can be called again', async () => {
    const user = await createTestUser('delete');
    const { subscriptionId, customerId } = await subscribeThroughCheckout(user);

    const result = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ deleted: true });

    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(await authUserExists(user.uid)).toBe(false);
    // The cancellation's webhook arrives after the deletion and must not bring the document back.
    await flushDeliveries();
    expect(await readDoc(`users/${user.uid}`)).toBeUndefined();
    expect(await readDoc(`stripe_customers/${customerId}`)).toMatchObject({
      uid: user.uid,
      deleted_at: expect.anything(),
    });

    const repeated = await callFunction('delete_account', {
      token: user.idToken,
      body: { userId: user.uid },
    });
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual({ deleted: true });
  });

  it('works when the client deleted its document first, and for a user who never subscribed', async () => {
    const user = await createTestUser('delete-free');
    await testDb()
      .doc(`users/${user.uid}`)
      .set({ subscription_active: false, subscription_status: 'inactive' });
    await testDb().doc(`users/${user.uid}`).delete();

    const result = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ deleted: true });
    expect(await authUserExists(user.uid)).toBe(false);
  });

  it('deletes the saved deals, their counter and reminders, also when the client deleted its user document first', async () => {
    const user = await createTestUser('delete-saved');
    const saved = testDb().collection(`users/${user.uid}/saved`);
    await saved.doc('deal-a').set({ saved_at: new Date() });
    await saved.doc('deal-b').set({ saved_at: new Date() });
    await testDb().doc(`users/${user.uid}/counters/saved`).set({ count: 2, deal_id: 'deal-b' });
    const reminders = testDb().collection(`users/${user.uid}/reminders`);
    await reminders.doc('deal-a').set({
      deal_id: 'deal-a',
      lead_days: 1,
      time_zone: 'UTC',
      remind_at: new Date(Date.now() + 86_400_000),
      set_at: new Date(),
    });
    expect((await saved.get()).size).toBe(2);

    const result = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(result.status).toBe(200);
    expect((await saved.get()).size).toBe(0);
    expect((await reminders.get()).size).toBe(0);
    expect(await readDoc(`users/${user.uid}/counters/saved`)).toBeUndefined();
  });

  it('refuses the checkout of a deleted account whose token is still valid', async () => {
    const user = await createTestUser('delete-then-pay');
    expect(
      (await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } })).status,
    ).toBe(200);
    const checkout = await callFunction('create_checkout_session', { token: user.idToken });
    expect(checkout.status).toBe(401);
  });
});

describe('delete_account and code votes', () => {
  it('deletes the user’s votes, and the trigger recounts the deal without them', async () => {
    const user = await createTestUser('delete-votes');
    const other = `other-voter-${user.uid}`;
    const dealId = `delete-votes-${user.uid}`;
    const db = testDb();
    await writeDeals(db, [
      {
        id: dealId,
        doc: liveCodeDeal({
          title: '10% off lamps',
          savings: '10% off',
          code: 'LAMP10',
          shop_id: 'acme',
          shop_name: 'Acme',
          url_home: 'https://acme.example/lamps',
        }),
      },
    ]);
    const cast = (uid: string, worked: boolean, at: number) =>
      db.doc(dealVoteDocPath(dealId, uid)).set({ worked, code: 'LAMP10', uid, voted_at: new Date(at) });
    await cast(other, false, Date.now() - 60_000);
    await cast(user.uid, false, Date.now() - 30_000);
    const countedVotes = (total: number, what: string) =>
      waitUntil(
        () => readDoc(dealDocPaths(dealId)[0]),
        (data) => (data?.['votes'] as { total?: number } | undefined)?.total === total,
        { what, timeoutMs: 30_000 },
      );
    await countedVotes(2, 'both votes counted');

    const result = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(result.status).toBe(200);
    expect(await readDoc(dealVoteDocPath(dealId, user.uid))).toBeUndefined();
    expect(await readDoc(dealVoteDocPath(dealId, other))).toBeDefined();
    const recounted = await countedVotes(1, 'the deal recounted without the deleted user’s vote');
    // One No is not a streak: the code is no longer reported dead and is back in Verified Only.
    expect(recounted).toMatchObject({ votes: { total: 1, not_working: false }, is_verified: true });
    await deleteDeals(db, [dealId]);
  });
});

describe('delete_account and popularity activity', () => {
  it('deletes the user’s opens and saves, and the trigger recounts the deal without them', async () => {
    const user = await createTestUser('delete-activity');
    const other = `other-opener-${user.uid}`;
    const dealId = `delete-activity-${user.uid}`;
    const db = testDb();
    await writeDeals(db, [
      {
        id: dealId,
        doc: liveCodeDeal({
          title: '10% off lamps',
          savings: '10% off',
          code: 'LAMP10',
          shop_id: 'acme',
          shop_name: 'Acme',
          url_home: 'https://acme.example/lamps',
        }),
      },
    ]);
    const day = utcDayOf(new Date());
    const records = [
      activityDocPath(dealId, 'open', day, user.uid),
      activityDocPath(dealId, 'save', day, user.uid),
      activityDocPath(dealId, 'open', day, other),
    ];
    await db.doc(records[0] ?? '').set(activityDoc('open', day, user.uid));
    await db.doc(records[1] ?? '').set(activityDoc('save', day, user.uid));
    await db.doc(records[2] ?? '').set(activityDoc('open', day, other));
    const counted = (opens: number, saves: number, what: string) =>
      waitUntil(
        () => readDoc(dealDocPaths(dealId)[0]),
        (data) => {
          const popularity = data?.['popularity'] as { opens?: number; saves?: number } | undefined;
          return popularity?.opens === opens && popularity.saves === saves;
        },
        { what, timeoutMs: 30_000 },
      );
    await counted(2, 1, 'both users’ activity counted');

    const result = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(result.status).toBe(200);
    expect(await Promise.all(records.map((path) => readDoc(path)))).toEqual([
      undefined,
      undefined,
      activityDoc('open', day, other),
    ]);
    await counted(1, 0, 'the deal recounted without the deleted user’s activity');
    await db.recursiveDelete(db.doc(dealDocPaths(dealId)[0]));
    await deleteDeals(db, [dealId]);
  });
});
