import { z } from 'zod';
import { noBodySchema, parseJsonBody, readJsonBody } from './body';
import { HttpError } from './errors';

const request = (body: string | Buffer | undefined, headers: Record<string, string> = {}) => {
  const rawBody = typeof body === 'string' ? Buffer.from(body) : body;
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return { rawBody, get: (name: string) => lower[name.toLowerCase()] };
};

function httpErrorOf(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('readJsonBody', () => {
  it('returns undefined when no body was sent', () => {
    expect(readJsonBody(request(undefined), 100)).toBeUndefined();
    expect(readJsonBody(request(''), 100)).toBeUndefined();
    expect(readJsonBody(request('  \n'), 100)).toBeUndefined();
  });

  it('parses JSON', () => {
    expect(readJsonBody(request('{"userId":"u1"}'), 100)).toEqual({ userId: 'u1' });
  });

  it('rejects malformed JSON, invalid UTF-8 and oversized bodies with 400', () => {
    expect(httpErrorOf(() => readJsonBody(request('{"userId":'), 100))).toMatchObject({
      status: 400,
      message: 'Request body must be valid JSON',
    });
    expect(httpErrorOf(() => readJsonBody(request(Buffer.from([0x7b, 0xff, 0x7d])), 100)).status).toBe(400);
    expect(httpErrorOf(() => readJsonBody(request(`"${'x'.repeat(200)}"`), 100)).message).toMatch(
      /too large/,
    );
  });

  it('rejects a body the runtime left unparsed (declared length, no Content-Type)', () => {
    expect(httpErrorOf(() => readJsonBody(request(undefined, { 'Content-Length': '12' }), 100)).status).toBe(
      400,
    );
    expect(
      httpErrorOf(() => readJsonBody(request(undefined, { 'Content-Length': '5000' }), 100)).message,
    ).toMatch(/too large/);
  });
});

describe('parseJsonBody', () => {
  const schema = z.strictObject({ userId: z.string().min(1) });

  it('returns the validated body', () => {
    expect(parseJsonBody(request('{"userId":"abc"}'), schema, 100)).toEqual({ userId: 'abc' });
  });

  it('names what is wrong', () => {
    expect(httpErrorOf(() => parseJsonBody(request('{"userId":5}'), schema, 100)).message).toMatch(
      /^Invalid request body: userId: /,
    );
    expect(httpErrorOf(() => parseJsonBody(request(undefined), schema, 100)).status).toBe(400);
    expect(httpErrorOf(() => parseJsonBody(request('{"userId":"a","admin":true}'), schema, 100)).status).toBe(
      400,
    );
  });

  it('accepts no body or {} where no body is expected, and nothing else', () => {
    expect(parseJsonBody(request(undefined), noBodySchema, 100)).toBeUndefined();
    expect(parseJsonBody(request('{}'), noBodySchema, 100)).toEqual({});
    expect(httpErrorOf(() => parseJsonBody(request('{"price":"free"}'), noBodySchema, 100)).status).toBe(400);
    expect(httpErrorOf(() => parseJsonBody(request('[]'), noBodySchema, 100)).status).toBe(400);
  });
});
