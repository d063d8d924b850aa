import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteDoc } from 'firebase/firestore';
import { MemoryRouter, Route, Routes, useNavigationType } from 'react-router-dom';
import { signOutUser } from '@/lib/sign-out';
import { ApiError } from '@/lib/api-client';
import { deleteAccount } from '../api/account-api';
import { deleteUserAccount, type AccountOwner } from '../api/delete-account';
import { DeleteAccountSection } from './DeleteAccountSection';

jest.mock('@/lib/firestore', () => ({ db: { name: 'test-db' } }));
jest.mock('@/lib/auth', () => ({ auth: { currentUser: null } }));
jest.mock('@/lib/auth-errors', () => ({ signOutIfSessionEnded: jest.fn() }));
jest.mock('firebase/firestore', () => ({ doc: jest.fn(() => ({})), deleteDoc: jest.fn() }));
jest.mock('@/lib/sign-out', () => ({ signOutUser: jest.fn() }));
jest.mock('../api/account-api', () => ({ deleteAccount: jest.fn() }));
jest.mock('../api/delete-account', () => ({ deleteUserAccount: jest.fn() }));
const mockDeleteUserAccount = jest.mocked(deleteUserAccount);
const mockSignOutUser = jest.mocked(signOutUser);
const realDeleteUserAccount =
  jest.requireActual<typeof import('../api/delete-account')>('../api/delete-account').deleteUserAccount;

const RECENT_LOGIN_MESSAGE =
  'For security reasons, please sign out and sign in again before deleting your account.';

/** The signed-in user; its refreshed token says the sign-in was `signedInSecondsAgo` ago. */
function accountOwner(signedInSecondsAgo = 30) {
  const issuedAt = Date.UTC(2026, 0, 5, 12, 0, 0);
  const getIdTokenResult = jest.fn(() =>
    Promise.resolve({
      authTime: new Date(issuedAt - signedInSecondsAgo * 1000).toUTCString(),
      issuedAtTime: new Date(issuedAt).toUTCString(),
    }),
  );
  // Only the token times are read from the IdTokenResult.
  return { uid: 'user-1', getIdTokenResult } as unknown as AccountOwner;
}

/** The landing page, saying how the router got there (REPLACE keeps Back from returning to /account). */
function Home() {
  return <p>Home page via {useNavigationType()}</p>;
}

function renderSection(user: AccountOwner = accountOwner()) {
  render(
    <MemoryRouter initialEntries={['/', '/account']} initialIndex={1}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/account" element={<DeleteAccountSection user={user} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('DeleteAccountSection', () => {
  it('opens a warning panel with Cancel and Confirm Delete; Cancel closes it', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(screen.getByText('Delete your account?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Delete' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Delete your account?')).not.toBeInTheDocument();
    expect(mockDeleteUserAccount).not.toHaveBeenCalled();
  });

  it("shows 'Deleting...', deletes the account, signs out and lands on /", async () => {
    const user = userEvent.setup();
    let finishDelete: () => void = () => undefined;
    mockDeleteUserAccount.mockReturnValue(new Promise<void>((resolve) => (finishDelete = resolve)));
    mockSignOutUser.mockResolvedValue();
    const owner = accountOwner();
    renderSection(owner);

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(mockDeleteUserAccount).toHaveBeenCalledWith({ name: 'test-db' }, owner);

    finishDelete();
    expect(await screen.findByText(/Home page/)).toBeInTheDocument();
    await waitFor(() => expect(mockSignOutUser).toHaveBeenCalledTimes(1));
  });

  it('replaces the history entry, so Back does not return to the deleted account', async () => {
    const user = userEvent.setup();
    mockDeleteUserAccount.mockResolvedValue();
    mockSignOutUser.mockResolvedValue();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByText('Home page via REPLACE')).toBeInTheDocument();
  });

  it('asks for a fresh sign-in on requires-recent-login', async () => {
    const user = userEvent.setup();
    mockDeleteUserAccount.mockRejectedValue(
      Object.assign(new Error('Firebase: Error'), { code: 'auth/requires-recent-login' }),
    );
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RECENT_LOGIN_MESSAGE);
    expect(mockSignOutUser).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm Delete' })).toBeEnabled();
  });

  it('shows the general message for any other failure', async () => {
    const user = userEvent.setup();
    mockDeleteUserAccount.mockRejectedValue(new Error('API request failed with status 500'));
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to delete your account. Please try again later or contact support.',
    );
    expect(mockSignOutUser).not.toHaveBeenCalled();
  });
});

describe('DeleteAccountSection with the real deletion flow', () => {
  beforeEach(() => mockDeleteUserAccount.mockImplementation(realDeleteUserAccount));

  async function confirmDeletion() {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
  }

  it('asks for a fresh sign-in when the sign-in is too old, and deletes nothing', async () => {
    renderSection(accountOwner(10 * 60));
    await confirmDeletion();

    expect(await screen.findByRole('alert')).toHaveTextContent(RECENT_LOGIN_MESSAGE);
    expect(deleteDoc).not.toHaveBeenCalled();
    expect(deleteAccount).not.toHaveBeenCalled();
    expect(mockSignOutUser).not.toHaveBeenCalled();
    expect(screen.queryByText(/Home page/)).not.toBeInTheDocument();
  });

  it("shows the same message when the backend answers with code 'requires-recent-login'", async () => {
    jest.mocked(deleteDoc).mockResolvedValue();
    jest
      .mocked(deleteAccount)
      .mockRejectedValue(new ApiError(RECENT_LOGIN_MESSAGE, 403, 'requires-recent-login'));
    renderSection(accountOwner(30));
    await confirmDeletion();

    expect(await screen.findByRole('alert')).toHaveTextContent(RECENT_LOGIN_MESSAGE);
    expect(deleteAccount).toHaveBeenCalledWith('user-1');
    expect(mockSignOutUser).not.toHaveBeenCalled();
  });

  it('deletes the document and the account after a recent sign-in, then leaves for /', async () => {
    jest.mocked(deleteDoc).mockResolvedValue();
    jest.mocked(deleteAccount).mockResolvedValue();
    mockSignOutUser.mockResolvedValue();
    renderSection(accountOwner(30));
    await confirmDeletion();

    expect(await screen.findByText('Home page via REPLACE')).toBeInTheDocument();
    expect(deleteDoc).toHaveBeenCalledTimes(1);
    expect(deleteAccount).toHaveBeenCalledWith('user-1');
  });
});
