import { render } from '@testing-library/react';
import { useUser } from 'reactfire';
import { ensureUserDocumentUnlessConfirmed } from '../api/user-document-lazy';
import { UserDocumentSync } from './UserDocumentSync';

jest.mock('reactfire', () => ({ useUser: jest.fn() }));
jest.mock('../api/user-document-lazy', () => ({
  ensureUserDocumentUnlessConfirmed: jest.fn(() => Promise.resolve()),
}));

const signedInAs = (uid: string | null) =>
  jest
    .mocked(useUser)
    .mockReturnValue({ data: uid ? { uid } : null } as unknown as ReturnType<typeof useUser>);
const isWatchedPath = (pathname: string) => pathname === '/dashboard';

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('UserDocumentSync', () => {
  it('ensures users/{uid} when the auth state changes to signed in on a page that does not watch it', () => {
    signedInAs('u1');
    render(<UserDocumentSync isWatchedPath={isWatchedPath} />);
    expect(ensureUserDocumentUnlessConfirmed).toHaveBeenCalledWith('u1');
  });

  it('leaves the decision to the listener on a page that watches the document', () => {
    window.history.replaceState(null, '', '/dashboard');
    signedInAs('u1');
    render(<UserDocumentSync isWatchedPath={isWatchedPath} />);
    expect(ensureUserDocumentUnlessConfirmed).not.toHaveBeenCalled();
  });

  it('does nothing while signed out', () => {
    signedInAs(null);
    render(<UserDocumentSync isWatchedPath={isWatchedPath} />);
    expect(ensureUserDocumentUnlessConfirmed).not.toHaveBeenCalled();
  });
});
