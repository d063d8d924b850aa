// Request values that become Firestore document ids, through every handler that takes one: an id Firestore
// refuses (reserved `__x__`, '..', a '/', too long) is the handler's documented 4xx and changes nothing — never
// a 500 from the read that Firestore refuses, which the "function errors" alert pages on.
import { createHmac } from 'node:crypto';
import { closeAdmin } from './support/admin';
import { APP_ORIGIN, functionUrl } from './support/env';
import { callFunction, errorOf } from './support/http';
import { fakeId, subscriptionEvent } from './support/events';
import { deliverEvent } from './support/stripe';
import { createTestUser } from './support/users';

afterAll(closeAdmin);

/** The local value of EMAIL_TOKEN_SECRET (functions/.secret.local.example), which the emulated functions use. */
const EMAIL_TOKEN_SECRET = 'local-bargains-unsubscribe-signing-key-0123456789';

describe('render_blog (through Hosting)', () => {
  it.each(['/blog/__x__', '/blog/____', '/blog/__name__', '/blog/__x__/'])(
    'answers the not-found page for the reserved post id in %s',
    async (path) => {
      const response = await fetch(`${APP_ORIGIN}${path}`, { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).toContain('<html');
    },
  );

  it.each(['/blog?after=__x__', '/blog?after=____', '/blog?after=__name__'])(
    'answers 400 for the reserved cursor in %s',
    async (path) => {
      const response = await fetch(`${APP_ORIGIN}${path}`, { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 400]);
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );
});

describe('unsubscribe', () => {
  /** A token signed with the real key for a uid no document can have: only the id check can refuse it. */
  function genuineTokenFor(uid: string): string {
    const payload = [uid, 'digest', String(Math.floor(Date.now() / 1000) + 3600)].join('.');
    const signature = createHmac('sha256', EMAIL_TOKEN_SECRET).update(payload).digest('base64url');
    return `${payload}.${signature}`;
  }

  it.each(['GET', 'POST'])('%s answers 400 for a signed token whose uid is reserved', async (method) => {
    const response = await fetch(
      `${functionUrl('unsubscribe')}?token=${encodeURIComponent(genuineTokenFor('__x__'))}`,
      { method },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This unsubscribe link is incomplete');
  });
});

describe('delete_account', () => {
  it.each(['__x__', '..', 'a/b'])('answers 400 for the userId %j and deletes nothing', async (userId) => {
    const user = await createTestUser('delete-reserved');
    await callFunction('delete_account', { token: user.idToken, body: { userId } }).then((result) => {
      expect([userId, result.status]).toEqual([userId, 400]);
      expect(errorOf(result)).toEqual(expect.stringContaining('userId'));
    });
    // The caller's own account is untouched: the refusal happened before any step of the deletion.
    const again = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(again.status).toBe(200);
  });
});

describe('stripe_webhook', () => {
  const now = Math.floor(Date.now() / 1000);
  const event = (overrides: { eventId?: string; customerId?: string }) =>
    subscriptionEvent({
      type: 'customer.subscription.updated',
      subscriptionId: fakeId('sub'),
      customerId: overrides.customerId ?? fakeId('cus'),
      uid: 'uid-reserved-ids',
      created: now,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: now + 30 * 86_400,
      ...(overrides.eventId === undefined ? {} : { eventId: overrides.eventId }),
    });

  it.each([
    ['event id', { eventId: '__x__' }],
    ['customer id', { customerId: '__x__' }],
  ])('answers 400 for a signed event whose %s Firestore reserves', async (_name, ids) => {
    const result = await deliverEvent(event(ids));
    expect(result.status).toBe(400);
  });
});
