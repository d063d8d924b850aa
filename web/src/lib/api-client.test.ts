/**
 * @jest-environment node
 */
// Node provides fetch's Response; jsdom does not.
import type { User } from 'firebase/auth';
import { auth } from './auth';
import { signOutIfSessionEnded } from './auth-errors';
import { ApiError, callFunction } from './api-client';

jest.mock('./auth', () => ({
  auth: { currentUser: null, authStateReady: jest.fn(() => Promise.resolve()) },
}));
jest.mock('./auth-errors', () => ({ signOutIfSessionEnded: jest.fn(() => Promise.resolve()) }));

const mockAuth = auth as unknown as { currentUser: Partial<User> | null };
const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

function respond(status: number, body: string) {
  fetchMock.mockResolvedValueOnce(
    new Response(body, { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as typeof fetch;
  mockAuth.currentUser = { getIdToken: jest.fn(() => Promise.resolve('id-token-123')) };
});

describe('callFunction', () => {
  it('sends the bearer ID token, JSON body, and returns the parsed response', async () => {
    respond(200, JSON.stringify({ url: 'https://checkout.example/session' }));
    const parse = jest.fn((data: unknown) => data as { url: string });

    const result = await callFunction('/delete_account', { method: 'POST', body: { userId: 'u1' }, parse });

    expect(result).toEqual({ url: 'https://checkout.example/session' });
    expect(parse).toHaveBeenCalledWith({ url: 'https://checkout.example/session' });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/delete_account');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer id-token-123',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe(JSON.stringify({ userId: 'u1' }));
  });

  it('sends no body or content type for a GET', async () => {
    respond(200, JSON.stringify({ status: 'active', current_period_end: 1 }));
    await callFunction('/get_subscription_status', { method: 'GET' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it("throws the response's error field on failure (docs/reference.md#backend-calls)", async () => {
    respond(409, JSON.stringify({ error: 'Subscription is not active' }));
    const call = callFunction('/cancel_subscription', { method: 'POST' });
    await expect(call).rejects.toThrow(new ApiError('Subscription is not active', 409));
    await expect(call).rejects.toMatchObject({ status: 409 });
  });

  it("carries the response's code field, when there is one", async () => {
    respond(403, JSON.stringify({ error: 'Please sign in again', code: 'requires-recent-login' }));
    await expect(
      callFunction('/delete_account', { method: 'POST', body: { userId: 'u1' } }),
    ).rejects.toMatchObject({
      message: 'Please sign in again',
      status: 403,
      code: 'requires-recent-login',
    });
    respond(409, JSON.stringify({ error: 'Subscription is not active' }));
    const withoutCode = callFunction('/cancel_subscription', { method: 'POST' });
    await expect(withoutCode).rejects.toMatchObject({ status: 409, code: undefined });
  });

  it('falls back to "API request failed with status {code}" without an error field', async () => {
    respond(502, '<html>Bad gateway</html>');
    await expect(callFunction('/cancel_subscription', { method: 'POST' })).rejects.toThrow(
      'API request failed with status 502',
    );
    respond(500, JSON.stringify({ message: 'no error field' }));
    await expect(callFunction('/cancel_subscription', { method: 'POST' })).rejects.toThrow(
      'API request failed with status 500',
    );
  });

  it('refuses to call when nobody is signed in, with the chosen message', async () => {
    mockAuth.currentUser = null;
    await expect(callFunction('/get_subscription_status', { method: 'GET' })).rejects.toThrow(
      'User not authenticated',
    );
    await expect(
      callFunction('/create_checkout_session', {
        method: 'POST',
        notSignedInMessage: 'User must be logged in',
      }),
    ).rejects.toThrow('User must be logged in');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out when the token cannot be refreshed because the session ended', async () => {
    const expired = Object.assign(new Error('token expired'), { code: 'auth/user-token-expired' });
    mockAuth.currentUser = { getIdToken: jest.fn(() => Promise.reject(expired)) };
    await expect(callFunction('/get_subscription_status', { method: 'GET' })).rejects.toBe(expired);
    expect(signOutIfSessionEnded).toHaveBeenCalledWith(expired);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
