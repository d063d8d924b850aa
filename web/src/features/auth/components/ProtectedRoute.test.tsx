import { render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthStateContext, type AuthState } from '@/lib/auth-state';
import { SubscriptionContext, type SubscriptionState } from '@/subscription/hooks/useSubscription';
import ProtectedRoute from './ProtectedRoute';

// The Firebase SDK instances and reactfire's providers are wiring only here; the gate's decisions are under test.
jest.mock('@/lib/firebase-app', () => ({ firebaseApp: {} }));
jest.mock('@/lib/auth', () => ({ auth: {} }));
jest.mock('reactfire', () => {
  const passThrough = ({ children }: { children: ReactNode }) => children;
  return { FirebaseAppProvider: passThrough, AuthProvider: passThrough };
});
let mockSubscription: SubscriptionState;
const mockWatchedUid = jest.fn<undefined, [string]>();
jest.mock('@/subscription/components/SubscriptionProvider', () => ({
  SubscriptionProvider: ({ uid, children }: { uid: string; children: ReactNode }) => {
    mockWatchedUid(uid);
    return <SubscriptionContext.Provider value={mockSubscription}>{children}</SubscriptionContext.Provider>;
  },
}));

const signedIn: AuthState = { view: 'signed-in', user: { uid: 'u1' } as User };
const signedOut: AuthState = { view: 'signed-out', user: null };
const ready = (active: boolean): SubscriptionState => ({ status: 'ready', active, user: null, error: null });

function LoginProbe() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function renderAt(path: string, auth: AuthState) {
  render(
    <AuthStateContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route element={<ProtectedRoute />}>
            <Route path="/dashboard" element={<p>dashboard page</p>} />
            <Route path="/account" element={<p>account page</p>} />
            <Route path="/deals/saved" element={<p>subscriber page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthStateContext.Provider>,
  );
}

beforeEach(() => {
  mockSubscription = ready(false);
  mockWatchedUid.mockClear();
});

describe('ProtectedRoute (docs/reference.md#access-control)', () => {
  it('sends signed-out visitors to /login, remembering where they were going', () => {
    renderAt('/account', signedOut);
    expect(screen.getByText('login page, from /account')).toBeInTheDocument();
    expect(screen.queryByText('account page')).not.toBeInTheDocument();
    expect(mockWatchedUid).not.toHaveBeenCalled();
  });

  it("watches the signed-in user's subscription", () => {
    renderAt('/dashboard', signedIn);
    expect(mockWatchedUid).toHaveBeenCalledWith('u1');
  });

  it('shows a spinner while the subscription loads', () => {
    mockSubscription = { status: 'loading', active: false, user: null, error: null };
    renderAt('/dashboard', signedIn);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your subscription');
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/account'])('lets a user without a subscription open %s', (path) => {
    renderAt(path, signedIn);
    expect(screen.getByText(`${path.slice(1)} page`)).toBeInTheDocument();
  });

  it('sends a user without a subscription from any other protected path to /dashboard', () => {
    renderAt('/deals/saved', signedIn);
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
    expect(screen.queryByText('subscriber page')).not.toBeInTheDocument();
  });

  it('lets a subscriber through everywhere', () => {
    mockSubscription = ready(true);
    renderAt('/deals/saved', signedIn);
    expect(screen.getByText('subscriber page')).toBeInTheDocument();
  });
});
