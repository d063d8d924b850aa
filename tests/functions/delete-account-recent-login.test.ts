// delete_account needs a recent sign-in (docs/reference.md#account-deletion, code requires-recent-login): a token whose sign-in is older than
// 5 minutes is refused with 403 and nothing changes: no Stripe cancellation, no document or Auth deletion.
import { closeAdmin, readDoc, testAuth } from './support/admin';
import { callFunction } from './support/http';
import { stripe } from './support/stripe';
import { settledSubscriber } from './support/subscribe';
import { createTestUser, idTokenSignedInMinutesAgo, jwtClaims, type TestUser } from './support/users';

afterAll(closeAdmin);

const REQUIRES_RECENT_LOGIN = {
  error: 'For security reasons, please sign out and sign in again before deleting your account.',
  code: 'requires-recent-login',
};

/** A token whose sign-in is `minutesAgo` old, checked to say so (else the test would prove nothing). */
async function tokenSignedInMinutesAgo(user: TestUser, minutesAgo: number): Promise<string> {
  const token = await idTokenSignedInMinutesAgo(user, minutesAgo);
  const { auth_time: authTime, iat } = jwtClaims(token);
  expect(typeof authTime).toBe('number');
  expect(Number(iat) - Number(authTime)).toBeGreaterThanOrEqual(minutesAgo * 60 - 5);
  return token;
}

describe('delete_account and the sign-in time', () => {
  it('refuses a sign-in older than 5 minutes with 403 requires-recent-login and changes nothing', async () => {
    const { user, subscriptionId, customerId } = await settledSubscriber('delete-stale');
    const userDocBefore = await readDoc(`users/${user.uid}`);
    const customerDocBefore = await readDoc(`stripe_customers/${customerId}`);
    expect(customerDocBefore?.deleted_at).toBeNull();
    const staleToken = await tokenSignedInMinutesAgo(user, 10);

    const refused = await callFunction('delete_account', { token: staleToken, body: { userId: user.uid } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REQUIRES_RECENT_LOGIN);

    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect(await readDoc(`users/${user.uid}`)).toEqual(userDocBefore);
    expect(await readDoc(`stripe_customers/${customerId}`)).toEqual(customerDocBefore);
    expect((await testAuth().getUser(user.uid)).uid).toBe(user.uid);

    // The sign-in made at the start of this test is recent: with its token the same request goes through.
    const accepted = await callFunction('delete_account', {
      token: user.idToken,
      body: { userId: user.uid },
    });
    expect(accepted.status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  it('accepts a sign-in inside the window', async () => {
    const user = await createTestUser('delete-recent');
    const token = await tokenSignedInMinutesAgo(user, 4);
    const result = await callFunction('delete_account', { token, body: { userId: user.uid } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ deleted: true });
  });

  it('also refuses a stale sign-in once the Auth user is gone (the retry path)', async () => {
    const user = await createTestUser('delete-stale-gone');
    const staleToken = await tokenSignedInMinutesAgo(user, 10);
    await testAuth().deleteUser(user.uid);

    const refused = await callFunction('delete_account', { token: staleToken, body: { userId: user.uid } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REQUIRES_RECENT_LOGIN);
  });
});
