// The HTTP contract every browser-facing billing endpoint shares: bearer auth, methods, JSON bodies, CORS.
import { closeAdmin } from './support/admin';
import { APP_ORIGIN } from './support/env';
import { callFunction, errorOf } from './support/http';
import { createTestUser, expiredToken, foreignProjectToken, type TestUser } from './support/users';

interface EndpointCase {
  name: string;
  method: 'GET' | 'POST';
  wrongMethod: string;
  /** A body that passes validation, for the auth checks (they must fail before the body matters). */
  validBody?: (user: TestUser) => unknown;
}

const ENDPOINTS: EndpointCase[] = [
  { name: 'create_checkout_session', method: 'POST', wrongMethod: 'GET' },
  { name: 'get_subscription_status', method: 'GET', wrongMethod: 'POST' },
  { name: 'cancel_subscription', method: 'POST', wrongMethod: 'GET' },
  { name: 'resume_subscription', method: 'POST', wrongMethod: 'PUT' },
  { name: 'create_portal_session', method: 'POST', wrongMethod: 'GET' },
  { name: 'delete_account', method: 'POST', wrongMethod: 'GET', validBody: (user) => ({ userId: user.uid }) },
  { name: 'resolve_location', method: 'POST', wrongMethod: 'GET', validBody: () => ({ query: 'Portland' }) },
];
const POST_ENDPOINTS = ENDPOINTS.filter((endpoint) => endpoint.method === 'POST');

let user: TestUser;

beforeAll(async () => {
  user = await createTestUser('contract');
});

afterAll(closeAdmin);

describe.each(ENDPOINTS)('$name', ({ name, method, wrongMethod, validBody }) => {
  const body = () => validBody?.(user);

  it('answers 401 "User must be logged in" without a bearer token', async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { Authorization: 'Basic dXNlcjpwYXNz' },
      { Authorization: 'Bearer ' },
    ];
    for (const headers of headerSets) {
      const result = await callFunction(name, { method, headers, body: body() });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ error: 'User must be logged in' });
    }
  });

  it.each([
    ['a garbage token', () => 'not-a-jwt'],
    ['a token for another project', () => foreignProjectToken(user.uid)],
    ['an expired token', () => expiredToken(user.uid)],
  ])('answers 401 "User not authenticated" for %s', async (_label, token) => {
    const result = await callFunction(name, { method, token: token(), body: body() });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ error: 'User not authenticated' });
  });

  it(`answers 405 with Allow: ${method} to ${wrongMethod}`, async () => {
    const result = await callFunction(name, { method: wrongMethod, token: user.idToken });
    expect(result.status).toBe(405);
    expect(result.headers.get('allow')).toBe(method);
    expect(errorOf(result)).toMatch(/not allowed/);
  });

  it('answers CORS only for the app origin', async () => {
    const preflight = (origin: string) =>
      callFunction(name, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/);

    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe.each(POST_ENDPOINTS)('$name request bodies', ({ name }) => {
  it('answers 400 {error} for a body that is not JSON', async () => {
    const result = await callFunction(name, {
      token: user.idToken,
      body: '{"userId": ',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Request body must be valid JSON' });
  });

  it('answers 400 for malformed JSON sent as application/json (rejected by the runtime before the function)', async () => {
    const result = await callFunction(name, { token: user.idToken, body: '{"userId": ' });
    expect(result.status).toBe(400);
  });

  it('answers 400 {error} for an oversized body', async () => {
    const result = await callFunction(name, {
      token: user.idToken,
      body: { userId: user.uid, padding: 'x'.repeat(64 * 1024) },
    });
    expect(result.status).toBe(400);
    expect(errorOf(result)).toMatch(/too large/);
  });
});

describe('bodies of endpoints that take none', () => {
  it.each(['create_checkout_session', 'cancel_subscription', 'resume_subscription', 'create_portal_session'])(
    '%s rejects unexpected fields (the return URLs and price are never taken from a request)',
    async (name) => {
      const result = await callFunction(name, {
        token: user.idToken,
        body: { success_url: 'https://evil.example/success', price: 'price_free' },
      });
      expect(result.status).toBe(400);
      expect(errorOf(result)).toMatch(/^Invalid request body/);
    },
  );
});

describe('delete_account body', () => {
  it('answers 403 for another user id and 400 without one', async () => {
    const other = await createTestUser('contract-other');
    const forbidden = await callFunction('delete_account', {
      token: user.idToken,
      body: { userId: other.uid },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'You can only delete your own account' });

    for (const body of [undefined, {}, { userId: '' }, { userId: 42 }]) {
      const invalid = await callFunction('delete_account', { token: user.idToken, body });
      expect(invalid.status).toBe(400);
      expect(errorOf(invalid)).toMatch(/^Invalid request body/);
    }
  });
});

describe('get_subscription_status', () => {
  it('answers null status for a user who never subscribed', async () => {
    const result = await callFunction('get_subscription_status', { method: 'GET', token: user.idToken });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: null, current_period_end: null });
  });
});
