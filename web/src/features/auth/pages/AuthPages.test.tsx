import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { signInWithGoogle, signInWithPassword, signUpWithPassword } from '../api/auth-actions';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

jest.mock('../api/auth-actions', () => ({
  signInWithPassword: jest.fn(),
  signUpWithPassword: jest.fn(),
  signInWithGoogle: jest.fn(),
  isPopupDismissal: (error: { code?: string }) => error.code === 'auth/popup-closed-by-user',
}));

function Landed() {
  return <p>landed on {useLocation().pathname}</p>;
}

function renderAt(entry: string | { pathname: string; state: unknown }) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.type(screen.getByLabelText('Email'), 'shopper@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: button }));
}

beforeEach(() => jest.resetAllMocks());

describe('/login', () => {
  it("shows 'Welcome Back', a Google button, the form and a link to signup", () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('goes to /dashboard after signing in', async () => {
    jest.mocked(signInWithPassword).mockResolvedValue({} as Awaited<ReturnType<typeof signInWithPassword>>);
    const user = renderAt('/login');
    await fillAndSubmit(user, 'Sign In');
    expect(await screen.findByText('landed on /dashboard')).toBeInTheDocument();
    expect(signInWithPassword).toHaveBeenCalledWith('shopper@example.com', 'secret1');
  });

  it('goes back to the protected page the user was sent away from', async () => {
    jest.mocked(signInWithPassword).mockResolvedValue({} as Awaited<ReturnType<typeof signInWithPassword>>);
    const user = renderAt({
      pathname: '/login',
      state: { from: { pathname: '/account', search: '', hash: '' } },
    });
    await fillAndSubmit(user, 'Sign In');
    expect(await screen.findByText('landed on /account')).toBeInTheDocument();
  });

  it('shows the spec message when sign-in fails', async () => {
    jest
      .mocked(signInWithPassword)
      .mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/wrong-password' }));
    const user = renderAt('/login');
    await fillAndSubmit(user, 'Sign In');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to sign in. Please check your credentials and try again.',
    );
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('shows the Google message when Google sign-in fails, and nothing when the popup is closed', async () => {
    jest
      .mocked(signInWithGoogle)
      .mockRejectedValueOnce(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }))
      .mockRejectedValueOnce(Object.assign(new Error('boom'), { code: 'auth/internal-error' }));
    const user = renderAt('/login');

    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to sign in with Google. Please try again.',
    );
  });
});

describe('/signup', () => {
  it("shows 'Create an Account' and a 'Sign Up' button and a link to login", () => {
    renderAt('/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('goes to /dashboard after signing up', async () => {
    jest.mocked(signUpWithPassword).mockResolvedValue({} as Awaited<ReturnType<typeof signUpWithPassword>>);
    const user = renderAt('/signup');
    await fillAndSubmit(user, 'Sign Up');
    expect(await screen.findByText('landed on /dashboard')).toBeInTheDocument();
  });

  it('shows the spec message (without the error text) when sign-up fails', async () => {
    jest
      .mocked(signUpWithPassword)
      .mockRejectedValue(new Error('Firebase: Error (auth/email-already-in-use).'));
    const user = renderAt('/signup');
    await fillAndSubmit(user, 'Sign Up');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to sign up\. Please try again\.$/);
  });
});
