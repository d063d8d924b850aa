import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSigninCheck } from 'reactfire';
import { SubscriptionContext, type SubscriptionState } from '../hooks/useSubscription';
import ProtectedRoute from './ProtectedRoute';

jest.mock('@/lib/firestore', () => ({ db: {} }));
jest.mock('reactfire', () => ({
  useSigninCheck: jest.fn(),
  FirestoreProvider: ({ children }: { children: ReactNode }) => children,
}));
let mockSubscription: SubscriptionState;
jest.mock('./SubscriptionProvider', () => ({
  SubscriptionProvider: ({ children }: { children: ReactNode }) => (
    <SubscriptionContext.Provider value={mockSubscription}>{children}</SubscriptionContext.Provider>
  ),
}));

const signinCheck = jest.mocked(useSigninCheck);
type SigninStatus = ReturnType<typeof useSigninCheck>;
const signedIn = {
  status: 'success',
  data: { signedIn: true, user: { uid: 'u1' } },
} as unknown as SigninStatus;
const signedOut = { status: 'success', data: { signedIn: false, user: null } } as unknown as SigninStatus;
const authLoading = { status: 'loading', data: undefined } as unknown as SigninStatus;
const ready = (active: boolean): SubscriptionState => ({ status: 'ready', active, user: null, error: null });

function LoginProbe() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route element={<ProtectedRoute />}>
          <Route path="/dashboard" element={<p>dashboard page</p>} />
          <Route path="/account" element={<p>account page</p>} />
          <Route path="/deals/saved" element={<p>subscriber page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  mockSubscription = ready(false);
});

describe('ProtectedRoute (spec §4 access control)', () => {
  it('shows a spinner while the auth check runs', () => {
    signinCheck.mockReturnValue(authLoading);
    renderAt('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });

  it('sends signed-out visitors to /login, remembering where they were going', () => {
    signinCheck.mockReturnValue(signedOut);
    renderAt('/account');
    expect(screen.getByText('login page, from /account')).toBeInTheDocument();
  });

  it('shows a spinner while the subscription loads', () => {
    signinCheck.mockReturnValue(signedIn);
    mockSubscription = { status: 'loading', active: false, user: null, error: null };
    renderAt('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your subscription');
  });

  it.each(['/dashboard', '/account'])('lets a user without a subscription open %s', (path) => {
    signinCheck.mockReturnValue(signedIn);
    renderAt(path);
    expect(screen.getByText(`${path.slice(1)} page`)).toBeInTheDocument();
  });

  it('sends a user without a subscription from any other protected path to /dashboard', () => {
    signinCheck.mockReturnValue(signedIn);
    renderAt('/deals/saved');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('lets a subscriber through everywhere', () => {
    signinCheck.mockReturnValue(signedIn);
    mockSubscription = ready(true);
    renderAt('/deals/saved');
    expect(screen.getByText('subscriber page')).toBeInTheDocument();
  });
});
