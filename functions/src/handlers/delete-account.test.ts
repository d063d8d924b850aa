// delete_account's token check, which the Auth emulator cannot show: the emulator makes the Admin SDK check
// revocation whatever it is asked, so only here does a missing revocation check fail a test.
import type { HttpRequest, HttpResponse } from '../http/types';
// jest.mock below is hoisted above this import.
import { handle } from './delete-account';

const verifyIdToken = jest.fn();
jest.mock('../admin-auth', () => ({ adminAuth: () => ({ verifyIdToken }) }));
jest.mock('../admin', () => ({
  db: () => {
    throw new Error('delete_account must not touch Firestore for a refused token');
  },
}));

class FakeResponse implements HttpResponse {
  statusCode = 200;
  body: unknown = undefined;
  headersSent = false;
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  set(): this {
    return this;
  }
  json(body: unknown): void {
    this.body = body;
    this.headersSent = true;
  }
  end(): void {
    this.headersSent = true;
  }
}

beforeAll(() => {
  process.env.APP_ORIGIN = 'http://127.0.0.1:5000';
  process.env.STRIPE_PRICE_ID = 'price_test';
  process.env.CORS_ALLOWED_ORIGINS = '';
});

it('asks the Admin SDK to check revocation, and answers 401 for a revoked session', async () => {
  verifyIdToken.mockImplementation(async (_token: string, checkRevoked?: boolean) => {
    if (checkRevoked) throw Object.assign(new Error('revoked'), { code: 'auth/id-token-revoked' });
    return { uid: 'u1', auth_time: Math.floor(Date.now() / 1000) };
  });
  const headers: Record<string, string> = {
    authorization: 'Bearer a.b.c',
    'content-type': 'application/json',
  };
  const req: HttpRequest = {
    method: 'POST',
    get: (name: string) => headers[name.toLowerCase()],
    rawBody: Buffer.from('{"userId":"u1"}'),
  };
  const res = new FakeResponse();
  await handle(req, res);
  expect(verifyIdToken).toHaveBeenCalledWith('a.b.c', true);
  expect(res.statusCode).toBe(401);
});
