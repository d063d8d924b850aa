import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigationType } from 'react-router-dom';
import { signOutUser } from '@/features/auth/api/auth-actions';
import { deleteUserAccount } from '../api/delete-account';
import { DeleteAccountSection } from './DeleteAccountSection';

jest.mock('@/lib/firestore', () => ({ db: { name: 'test-db' } }));
jest.mock('@/features/auth/api/auth-actions', () => ({ signOutUser: jest.fn() }));
jest.mock('../api/delete-account', () => ({ deleteUserAccount: jest.fn() }));
const mockDeleteUserAccount = jest.mocked(deleteUserAccount);
const mockSignOutUser = jest.mocked(signOutUser);

/** The landing page, saying how the router got there (REPLACE keeps Back from returning to /account). */
function Home() {
  return <p>Home page via {useNavigationType()}</p>;
}

function renderSection() {
  render(
    <MemoryRouter initialEntries={['/', '/account']} initialIndex={1}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/account" element={<DeleteAccountSection uid="user-1" />} />
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
    renderSection();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(mockDeleteUserAccount).toHaveBeenCalledWith({ name: 'test-db' }, 'user-1');

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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'For security reasons, please sign out and sign in again before deleting your account.',
    );
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
