import * as logger from 'firebase-functions/logger';
import { endpoint } from './endpoint';
import { ContentionError } from '../firestore-contention';
import { CONTENTION_MESSAGE, HttpError } from './errors';
import type { HttpRequest, HttpResponse } from './types';

class FakeResponse implements HttpResponse {
  statusCode = 200;
  headers: Record<string, string> = {};
  body: unknown = undefined;
  ended = false;
  get headersSent(): boolean {
    return this.ended;
  }
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  set(field: string, value: string): this {
    this.headers[field.toLowerCase()] = value;
    return this;
  }
  json(body: unknown): void {
    this.body = body;
    this.ended = true;
  }
  end(): void {
    this.ended = true;
  }
}

const request = (method: string, headers: Record<string, string> = {}): HttpRequest => {
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return { method, get: (name: string) => lower[name.toLowerCase()] };
};

const APP_ORIGIN = 'http://127.0.0.1:5000';

beforeAll(() => {
  process.env.APP_ORIGIN = APP_ORIGIN;
  process.env.STRIPE_PRICE_ID = 'price_test';
  process.env.CORS_ALLOWED_ORIGINS = 'https://preview.example.com';
});

async function run(handler: ReturnType<typeof endpoint>, req: HttpRequest): Promise<FakeResponse> {
  const res = new FakeResponse();
  await handler(req, res);
  return res;
}

describe('endpoint', () => {
  const ok = endpoint({ name: 'test_fn', method: 'POST', cors: true }, async () => ({
    body: { done: true },
  }));

  it('runs the handler for the right method and answers JSON without caching', async () => {
    const res = await run(ok, request('POST'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ done: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await run(ok, request('GET'));
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toEqual({ error: 'Method GET not allowed; use POST' });
  });

  it('turns HttpError into {error} with its status and hides other failures behind a 500', async () => {
    const conflict = endpoint({ name: 'test_fn', method: 'POST', cors: false }, async () => {
      throw new HttpError(409, 'Nope');
    });
    const conflicted = await run(conflict, request('POST'));
    expect(conflicted.statusCode).toBe(409);
    // Exactly `{error}`: no `code` key unless the error sets one.
    expect(conflicted.body).toEqual({ error: 'Nope' });

    const broken = endpoint({ name: 'test_fn', method: 'POST', cors: false }, async () => {
      throw new Error('database password is hunter2');
    });
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      expect(await run(broken, request('POST'))).toMatchObject({
        statusCode: 500,
        body: { error: 'Internal server error' },
      });
      // The detail goes to the log (named after the function), never to the caller.
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith(
        'test_fn.failed',
        expect.objectContaining({ function: 'test_fn', error: 'database password is hunter2' }),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('answers contention (Firestore ABORTED) 503 with Retry-After, logged as a warning, never as an error', async () => {
    const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });
    const raw = endpoint({ name: 'test_fn', method: 'POST', cors: false }, async () => {
      throw aborted;
    });
    const outlasted = endpoint({ name: 'test_fn', method: 'POST', cors: false }, async () => {
      throw new ContentionError(4, aborted);
    });
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const warnings = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      for (const handler of [raw, outlasted]) {
        const res = await run(handler, request('POST'));
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.body).toEqual({ error: CONTENTION_MESSAGE, code: 'contention' });
      }
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).toHaveBeenCalledTimes(2);
      expect(warnings).toHaveBeenCalledWith(
        'test_fn.contention',
        expect.objectContaining({ function: 'test_fn' }),
      );
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('adds the error code to the answer when the HttpError carries one', async () => {
    const stale = endpoint({ name: 'test_fn', method: 'POST', cors: false }, async () => {
      throw new HttpError(403, 'Sign in again', { code: 'requires-recent-login' });
    });
    expect(await run(stale, request('POST'))).toMatchObject({
      statusCode: 403,
      body: { error: 'Sign in again', code: 'requires-recent-login' },
    });
  });

  it('adds CORS headers only for configured origins', async () => {
    const allowed = await run(ok, request('POST', { Origin: APP_ORIGIN }));
    expect(allowed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const extra = await run(ok, request('POST', { Origin: 'https://preview.example.com' }));
    expect(extra.headers['access-control-allow-origin']).toBe('https://preview.example.com');
    const other = await run(ok, request('POST', { Origin: 'https://evil.example' }));
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.statusCode).toBe(200);
  });

  it('answers preflights from configured origins and refuses the others', async () => {
    const preflight = { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'POST' };
    const allowed = await run(ok, request('OPTIONS', preflight));
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-methods']).toBe('POST');
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Authorization/);

    const refused = await run(ok, request('OPTIONS', { ...preflight, Origin: 'https://evil.example' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('does no CORS for endpoints without it (a preflight is just a wrong method)', async () => {
    const webhook = endpoint({ name: 'hook', method: 'POST', cors: false }, async () => ({ body: {} }));
    const res = await run(
      webhook,
      request('OPTIONS', { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'POST' }),
    );
    expect(res.statusCode).toBe(405);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
