import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AuthView } from '@/components/layout/nav-items';
import { AuthStateContext } from '@/lib/auth-state';
import type { User } from 'firebase/auth';
import {
  sendPasswordReset,
  signInWithGoogle,
  signInWithPassword,
  signUpWithPassword,
} from '../api/auth-actions';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

jest.mock('../api/auth-actions', () => ({
  signInWithPassword: jest.fn(),
  signUpWithPassword: jest.fn(),
  signInWithGoogle: jest.fn(),
  sendPasswordReset: jest.fn(),
  isPopupDismissal: (error: { code?: string }) => error.code === 'auth/popup-closed-by-user',
}));

function Landed() {
  return <p>landed on {useLocation().pathname}</p>;
}

// The live app renders these pages after the first auth check, so signed out; 'loading' is the build-time snapshot.
function renderAt(
  entry: string | { pathname: string; state: unknown },
  view: AuthView = 'signed-out',
  signedInUser: User | null = null,
) {
  render(
    <AuthStateContext.Provider value={{ view, user: signedInUser }}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </AuthStateContext.Provider>,
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

  it('shows the documented message when sign-in fails', async () => {
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

  it('shows the documented message (without the SDK text) when sign-up fails', async () => {
    jest.mocked(signUpWithPassword).mockRejectedValue(new Error('Firebase: Error (auth/internal-error).'));
    const user = renderAt('/signup');
    await fillAndSubmit(user, 'Sign Up');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to sign up\. Please try again\.$/);
  });

  it('says in words that the email is taken', async () => {
    jest.mocked(signUpWithPassword).mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), {
        code: 'auth/email-already-in-use',
      }),
    );
    const user = renderAt('/signup');
    await fillAndSubmit(user, 'Sign Up');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Sign in instead, or reset your password.',
    );
  });
});

describe('auth card before the first auth check (build-time snapshot)', () => {
  // jsdom does not implement inert's effects, so the attribute is what is checked here; browsers then keep the
  // snapshot's form from being focused, typed into or natively submitted until the app takes over.
  it.each([
    ['/login', 'Welcome Back'],
    ['/signup', 'Create an Account'],
  ])('makes the %s card inert while the view is loading', (path, heading) => {
    renderAt(path, 'loading');
    expect(screen.getByRole('region', { name: heading })).toHaveAttribute('inert');
  });

  it.each([
    ['/login', 'Welcome Back'],
    ['/signup', 'Create an Account'],
  ])('leaves the %s card usable once the visitor is known to be signed out', (path, heading) => {
    renderAt(path, 'signed-out');
    expect(screen.getByRole('region', { name: heading })).not.toHaveAttribute('inert');
  });
});

describe('a signed-in user opening /login or /signup', () => {
  const signedIn = { uid: 'u1', email: 'shopper@example.com' } as User;

  it.each(['/login', '/signup'])('goes from %s to /dashboard', (path) => {
    renderAt(path, 'signed-in', signedIn);
    expect(screen.getByText('landed on /dashboard')).toBeInTheDocument();
  });

  it('goes to the protected page it was sent from instead, when there is one', () => {
    renderAt(
      { pathname: '/login', state: { from: { pathname: '/account', search: '', hash: '' } } },
      'signed-in',
      signedIn,
    );
    expect(screen.getByText('landed on /account')).toBeInTheDocument();
  });
});

describe('Forgot password? on /login', () => {
  /** On /login: Forgot password?, the address, Send reset link. */
  async function requestResetLink(email: string) {
    const user = renderAt('/login');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email for the reset link'), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  }

  it('sends the reset link and says so the same way for any address', async () => {
    jest.mocked(sendPasswordReset).mockResolvedValue(undefined);
    await requestResetLink(' shopper@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for shopper@example.com, we’ve sent it a link to reset your password.',
    );
    expect(sendPasswordReset).toHaveBeenCalledWith('shopper@example.com');
  });

  it('checks the address first and sends nothing for an invalid one', async () => {
    await requestResetLink('not-an-email');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(sendPasswordReset).not.toHaveBeenCalled();
  });

  it('explains a failure in words', async () => {
    jest
      .mocked(sendPasswordReset)
      .mockRejectedValue(Object.assign(new Error('Firebase: Error'), { code: 'auth/too-many-requests' }));
    await requestResetLink('shopper@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('is not offered on /signup', () => {
    renderAt('/signup');
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });
});
