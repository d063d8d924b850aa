/**
 * @jest-environment node
 */
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { createUserDocument, ensureUserDocument } from './user-document';
import { isUserDocumentConfirmed } from './user-document-presence';

jest.mock('@/lib/firestore-lite', () => ({ liteDb: { name: 'lite-db' } }));
jest.mock('firebase/firestore/lite', () => ({
  doc: jest.fn((_db: unknown, path: string) => ({ path })),
  getDoc: jest.fn(),
  setDoc: jest.fn(),
  serverTimestamp: jest.fn(() => 'SERVER_TIMESTAMP'),
}));

const getDocMock = jest.mocked(getDoc);
const setDocMock = jest.mocked(setDoc);
const snapshot = (exists: boolean) =>
  ({ exists: () => exists }) as unknown as Awaited<ReturnType<typeof getDoc>>;
const INITIAL_DOC = {
  subscription_active: false,
  subscription_status: 'inactive',
  created_at: 'SERVER_TIMESTAMP',
  updated_at: 'SERVER_TIMESTAMP',
};

let consoleError: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  setDocMock.mockResolvedValue(undefined);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('ensureUserDocument', () => {
  it('creates users/{uid} with exactly the initial values when it is missing', async () => {
    getDocMock.mockResolvedValue(snapshot(false));
    await ensureUserDocument('uid-1');
    expect(doc).toHaveBeenCalledWith({ name: 'lite-db' }, 'users/uid-1');
    expect(setDocMock).toHaveBeenCalledWith({ path: 'users/uid-1' }, INITIAL_DOC);
    expect(serverTimestamp).toHaveBeenCalled();
    expect(isUserDocumentConfirmed('uid-1')).toBe(true);
  });

  it('leaves an existing document alone and remembers that it exists', async () => {
    getDocMock.mockResolvedValue(snapshot(true));
    expect(isUserDocumentConfirmed('uid-2')).toBe(false);
    await ensureUserDocument('uid-2');
    expect(setDocMock).not.toHaveBeenCalled();
    expect(isUserDocumentConfirmed('uid-2')).toBe(true);
  });

  it('runs one check for concurrent requests for the same user, then checks again on the next sign-in', async () => {
    getDocMock.mockResolvedValue(snapshot(false));
    await Promise.all([
      ensureUserDocument('uid-3'),
      ensureUserDocument('uid-3'),
      createUserDocument('uid-3'),
    ]);
    expect(getDocMock).toHaveBeenCalledTimes(1);
    expect(setDocMock).toHaveBeenCalledTimes(1);

    getDocMock.mockResolvedValue(snapshot(true));
    await ensureUserDocument('uid-3');
    expect(getDocMock).toHaveBeenCalledTimes(2);
  });

  it('logs a failure with name, message, stack and the permission-denied hints, and does not reject', async () => {
    const denied = Object.assign(new Error('Missing or insufficient permissions.'), {
      name: 'FirebaseError',
      code: 'permission-denied',
    });
    getDocMock.mockResolvedValue(snapshot(false));
    setDocMock.mockRejectedValue(denied);

    await expect(ensureUserDocument('uid-4')).resolves.toBeUndefined();

    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('auth.user_document_failed'),
      expect.objectContaining({
        uid: 'uid-4',
        name: 'FirebaseError',
        message: 'Missing or insufficient permissions.',
        stack: expect.any(String),
        code: 'permission-denied',
      }),
    );
    const hints = consoleError.mock.calls.find(([event]) =>
      String(event).includes('permission_denied'),
    )?.[1] as {
      hints: string[];
    };
    expect(hints.hints.join(' ')).toMatch(/not be authenticated/);
    expect(hints.hints.join(' ')).toMatch(/security rules/);
    expect(hints.hints.join(' ')).toMatch(/already exist/);
  });
});

describe('createUserDocument', () => {
  it('creates the document straight away, without reading it first (sign-up)', async () => {
    await createUserDocument('uid-5');
    expect(getDocMock).not.toHaveBeenCalled();
    expect(setDocMock).toHaveBeenCalledWith({ path: 'users/uid-5' }, INITIAL_DOC);
  });

  it('only logs other failures', async () => {
    setDocMock.mockRejectedValue(new Error('offline'));
    await expect(createUserDocument('uid-6')).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(isUserDocumentConfirmed('uid-6')).toBe(false);
  });
});
