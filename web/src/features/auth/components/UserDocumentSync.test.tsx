import { render } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { AuthStateContext, type AuthState } from '@/lib/auth-state';
import { ensureUserDocumentUnlessConfirmed } from '@/lib/user-document-lazy';
import { UserDocumentSync } from './UserDocumentSync';

jest.mock('@/lib/user-document-lazy', () => ({
  ensureUserDocumentUnlessConfirmed: jest.fn(() => Promise.resolve()),
}));

const signedInAs = (uid: string | null): AuthState =>
  uid ? { view: 'signed-in', user: { uid } as User } : { view: 'signed-out', user: null };
const isWatchedPath = (pathname: string) => pathname === '/dashboard';

function renderSync(state: AuthState) {
  const sync = (value: AuthState) => (
    <AuthStateContext.Provider value={value}>
      <UserDocumentSync isWatchedPath={isWatchedPath} />
    </AuthStateContext.Provider>
  );
  const { rerender } = render(sync(state));
  return { changeTo: (next: AuthState) => rerender(sync(next)) };
}

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('UserDocumentSync', () => {
  it('ensures users/{uid} when the auth state changes to signed in on a page that does not watch it', () => {
    const { changeTo } = renderSync(signedInAs(null));
    expect(ensureUserDocumentUnlessConfirmed).not.toHaveBeenCalled();
    changeTo(signedInAs('u1'));
    expect(ensureUserDocumentUnlessConfirmed).toHaveBeenCalledWith('u1');
    changeTo(signedInAs('u2'));
    expect(ensureUserDocumentUnlessConfirmed).toHaveBeenLastCalledWith('u2');
    expect(ensureUserDocumentUnlessConfirmed).toHaveBeenCalledTimes(2);
  });

  it('ensures users/{uid} for a user already signed in when the app starts', () => {
    renderSync(signedInAs('u1'));
    expect(ensureUserDocumentUnlessConfirmed).toHaveBeenCalledWith('u1');
  });

  it('leaves the decision to the listener on a page that watches the document', () => {
    window.history.replaceState(null, '', '/dashboard');
    renderSync(signedInAs('u1'));
    expect(ensureUserDocumentUnlessConfirmed).not.toHaveBeenCalled();
  });

  it('does nothing while signed out or before the first auth check', () => {
    const { changeTo } = renderSync(signedInAs(null));
    changeTo({ view: 'loading', user: null });
    expect(ensureUserDocumentUnlessConfirmed).not.toHaveBeenCalled();
  });
});
