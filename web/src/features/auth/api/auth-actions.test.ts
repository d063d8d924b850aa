/**
 * @jest-environment node
 */
import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  OAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type UserCredential,
} from 'firebase/auth';
import { auth } from '@/lib/auth';
import { signInWithApple, signInWithGoogle, signInWithPassword, signUpWithPassword } from './auth-actions';
import { createUserDocument, ensureUserDocument } from '@/lib/user-document-lazy';

jest.mock('@/lib/auth', () => ({ auth: { currentUser: null } }));
jest.mock('@/lib/user-document-lazy', () => ({
  ensureUserDocument: jest.fn(() => Promise.resolve()),
  createUserDocument: jest.fn(() => Promise.resolve()),
}));
jest.mock('firebase/auth', () => ({
  createUserWithEmailAndPassword: jest.fn(),
  signInWithEmailAndPassword: jest.fn(),
  signInWithPopup: jest.fn(),
  signOut: jest.fn(() => Promise.resolve()),
  browserPopupRedirectResolver: { name: 'browserPopupRedirectResolver' },
  GoogleAuthProvider: jest.fn(function GoogleAuthProvider(this: { providerId: string }) {
    this.providerId = 'google.com';
  }),
  OAuthProvider: jest.fn(function OAuthProvider(
    this: { providerId: string; addScope: jest.Mock },
    id: string,
  ) {
    this.providerId = id;
    this.addScope = jest.fn();
  }),
}));

const credential = (uid: string) => ({ user: { uid } }) as unknown as UserCredential;
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
const mockAuth = auth as unknown as { currentUser: { uid: string } | null };

let consoleError: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  mockAuth.currentUser = null;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('auth actions', () => {
  it('signs in with email and password and ensures the user document', async () => {
    jest.mocked(signInWithEmailAndPassword).mockResolvedValue(credential('u1'));
    await expect(signInWithPassword('a@example.com', 'secret1')).resolves.toEqual({ uid: 'u1' });
    expect(signInWithEmailAndPassword).toHaveBeenCalledWith(auth, 'a@example.com', 'secret1');
    expect(ensureUserDocument).toHaveBeenCalledWith('u1');
  });

  it('creates the user document straight away on sign-up', async () => {
    jest.mocked(createUserWithEmailAndPassword).mockResolvedValue(credential('u2'));
    await signUpWithPassword('b@example.com', 'secret1');
    expect(createUserDocument).toHaveBeenCalledWith('u2');
    expect(ensureUserDocument).not.toHaveBeenCalled();
  });

  it('ensures the user document after Google and Apple popups', async () => {
    jest
      .mocked(signInWithPopup)
      .mockResolvedValueOnce(credential('g1'))
      .mockResolvedValueOnce(credential('a1'));
    await signInWithGoogle();
    await signInWithApple();
    expect(jest.mocked(signInWithPopup).mock.calls.map(([, provider]) => provider.providerId)).toEqual([
      'google.com',
      'apple.com',
    ]);
    // Auth is initialised without a resolver (lib/auth), so each popup must bring its own.
    expect(jest.mocked(signInWithPopup).mock.calls.map(([, , resolver]) => resolver)).toEqual([
      browserPopupRedirectResolver,
      browserPopupRedirectResolver,
    ]);
    expect(OAuthProvider).toHaveBeenCalledWith('apple.com');
    expect(ensureUserDocument).toHaveBeenNthCalledWith(1, 'g1');
    expect(ensureUserDocument).toHaveBeenNthCalledWith(2, 'a1');
  });

  it('logs and re-throws failures without touching the user document', async () => {
    const wrongPassword = firebaseError('auth/wrong-password');
    jest.mocked(signInWithEmailAndPassword).mockRejectedValue(wrongPassword);
    await expect(signInWithPassword('a@example.com', 'nope123')).rejects.toBe(wrongPassword);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('auth.sign_in_failed'),
      expect.objectContaining({ code: 'auth/wrong-password' }),
    );
    expect(ensureUserDocument).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it.each(['auth/user-disabled', 'auth/user-token-expired'])('signs the user out after %s', async (code) => {
    mockAuth.currentUser = { uid: 'u3' };
    const error = firebaseError(code);
    jest.mocked(signInWithPopup).mockRejectedValue(error);
    await expect(signInWithGoogle()).rejects.toBe(error);
    expect(signOut).toHaveBeenCalledWith(auth);
  });
});
