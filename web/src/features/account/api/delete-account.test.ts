import { deleteDoc, doc, type Firestore } from 'firebase/firestore';
import { signOutIfSessionEnded } from '@/lib/auth-errors';
import { ACCOUNT_MESSAGES, deleteAccountErrorMessage } from '../lib/account-messages';
import type { TokenTimes } from '../lib/recent-login';
import { deleteAccount } from './account-api';
import { deleteUserAccount, type AccountOwner } from './delete-account';

jest.mock('firebase/firestore', () => ({
  doc: jest.fn((_db: unknown, path: string) => ({ path })),
  deleteDoc: jest.fn(),
}));
jest.mock('./account-api', () => ({ deleteAccount: jest.fn() }));
jest.mock('@/lib/auth-errors', () => ({ signOutIfSessionEnded: jest.fn() }));

const db = { name: 'test-db' } as unknown as Firestore;
const NOW = Date.UTC(2026, 0, 5, 12, 0, 0);

/** A signed-in user whose freshly refreshed token says the sign-in was `signedInSecondsAgo` ago. */
function ownerSignedIn(signedInSecondsAgo: number) {
  const getIdTokenResult = jest.fn<Promise<TokenTimes>, [forceRefresh?: boolean]>(() =>
    Promise.resolve({
      authTime: new Date(NOW - signedInSecondsAgo * 1000).toUTCString(),
      issuedAtTime: new Date(NOW).toUTCString(),
    }),
  );
  // Only the token times are read from the IdTokenResult.
  const owner = { uid: 'user-1', getIdTokenResult } as unknown as AccountOwner;
  return { owner, getIdTokenResult };
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(doc).mockImplementation(((_db: unknown, path: string) => ({ path })) as unknown as typeof doc);
});

describe('deleteUserAccount', () => {
  it('deletes the user document, then asks the backend to delete the account', async () => {
    const calls: string[] = [];
    jest.mocked(deleteDoc).mockImplementation(async () => void calls.push('deleteDoc'));
    jest.mocked(deleteAccount).mockImplementation(async () => void calls.push('deleteAccount'));
    const { owner, getIdTokenResult } = ownerSignedIn(60);

    await deleteUserAccount(db, owner);

    expect(getIdTokenResult).toHaveBeenCalledWith(true);
    expect(doc).toHaveBeenCalledWith(db, 'users/user-1');
    expect(deleteDoc).toHaveBeenCalledWith({ path: 'users/user-1' });
    expect(deleteAccount).toHaveBeenCalledWith('user-1');
    expect(calls).toEqual(['deleteDoc', 'deleteAccount']);
  });

  it('deletes nothing and calls nothing when the sign-in is too old', async () => {
    const { owner, getIdTokenResult } = ownerSignedIn(10 * 60);
    const attempt = deleteUserAccount(db, owner);

    await expect(attempt).rejects.toMatchObject({ code: 'requires-recent-login' });
    expect(deleteAccountErrorMessage(await attempt.catch((error: unknown) => error))).toBe(
      ACCOUNT_MESSAGES.deleteRequiresRecentLogin,
    );
    expect(getIdTokenResult).toHaveBeenCalledWith(true);
    expect(deleteDoc).not.toHaveBeenCalled();
    expect(deleteAccount).not.toHaveBeenCalled();
  });

  it('deletes nothing when the token cannot be refreshed, and ends a dead session', async () => {
    const disabled = Object.assign(new Error('Firebase: Error (auth/user-disabled).'), {
      code: 'auth/user-disabled',
    });
    const { owner, getIdTokenResult } = ownerSignedIn(0);
    getIdTokenResult.mockRejectedValue(disabled);

    await expect(deleteUserAccount(db, owner)).rejects.toBe(disabled);
    expect(signOutIfSessionEnded).toHaveBeenCalledWith(disabled);
    expect(deleteDoc).not.toHaveBeenCalled();
    expect(deleteAccount).not.toHaveBeenCalled();
  });
});
