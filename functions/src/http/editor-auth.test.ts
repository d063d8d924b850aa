import { HttpError } from './errors';
import { requireEditor } from './editor-auth';

const verifyIdToken = jest.fn<Promise<Record<string, unknown>>, [string, boolean]>();
jest.mock('../admin-auth', () => ({ adminAuth: () => ({ verifyIdToken }) }));

const request = (authorization?: string) => ({
  method: 'POST',
  get: (name: string) => (name.toLowerCase() === 'authorization' ? authorization : undefined),
});

async function refusal(authorization?: string): Promise<{ status: number; message: string }> {
  const error: unknown = await requireEditor(request(authorization)).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.status, message: error.message };
}

beforeEach(() => verifyIdToken.mockReset());

describe('requireEditor', () => {
  it('returns the editor of a token with editor: true, checked for revocation', async () => {
    verifyIdToken.mockResolvedValue({ uid: 'ed', email: 'ed@example.com', editor: true });
    await expect(requireEditor(request('Bearer t0k'))).resolves.toEqual({
      uid: 'ed',
      email: 'ed@example.com',
    });
    expect(verifyIdToken).toHaveBeenCalledWith('t0k', true);
  });

  it('answers 401 without a token and for a rejected (e.g. revoked) token', async () => {
    expect(await refusal(undefined)).toEqual({ status: 401, message: 'User must be logged in' });
    verifyIdToken.mockRejectedValue({ code: 'auth/id-token-revoked' });
    expect(await refusal('Bearer old')).toEqual({ status: 401, message: 'User not authenticated' });
  });

  it.each([{ uid: 'sub' }, { uid: 'sub', editor: 'true' }, { uid: 'sub', editor: false }])(
    'answers 403 to a signed-in user whose claims are %j',
    async (claims) => {
      verifyIdToken.mockResolvedValue(claims);
      expect(await refusal('Bearer t0k')).toEqual({ status: 403, message: 'Editor access required' });
    },
  );

  it('lets an Auth outage through as a failure (a 500 from the endpoint), not a refusal', async () => {
    verifyIdToken.mockRejectedValue({ code: 'auth/internal-error' });
    await expect(requireEditor(request('Bearer t0k'))).rejects.toEqual({ code: 'auth/internal-error' });
  });
});
