import { act, render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { AuthSession } from '@/lib/auth-session';
import { useAuthState } from '@/lib/auth-state';
import { AuthStateProvider } from './AuthStateProvider';

/** A stand-in for Firebase Auth after its first check: the test decides who is signed in and when to notify. */
function fakeSession(initialUser: User | null) {
  let user = initialUser;
  const listeners = new Set<() => void>();
  const unsubscribe = jest.fn();
  const session: AuthSession = {
    currentUser: () => user,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => {
        unsubscribe();
        listeners.delete(onChange);
      };
    },
  };
  const changeUser = (next: User | null) => {
    user = next;
    act(() => listeners.forEach((notify) => notify()));
  };
  return { session, changeUser, unsubscribe, listenerCount: () => listeners.size };
}

function AuthProbe() {
  const { view, user } = useAuthState();
  return (
    <p>
      {view}, uid {user?.uid ?? 'none'}
    </p>
  );
}

function renderWith(session: AuthSession) {
  return render(
    <AuthStateProvider session={session}>
      <AuthProbe />
    </AuthStateProvider>,
  );
}

describe('AuthStateProvider', () => {
  it('follows the session: signed out, then signed in when the session reports a user', () => {
    const { session, changeUser } = fakeSession(null);
    renderWith(session);
    expect(screen.getByText('signed-out, uid none')).toBeInTheDocument();

    changeUser({ uid: 'u1' } as User);
    expect(screen.getByText('signed-in, uid u1')).toBeInTheDocument();

    changeUser(null);
    expect(screen.getByText('signed-out, uid none')).toBeInTheDocument();
  });

  it('starts signed in when the first auth check restored a user, never loading', () => {
    const { session } = fakeSession({ uid: 'u2' } as User);
    renderWith(session);
    expect(screen.getByText('signed-in, uid u2')).toBeInTheDocument();
    expect(screen.queryByText(/loading/)).not.toBeInTheDocument();
  });

  it('stops listening to the session on unmount', () => {
    const { session, unsubscribe, listenerCount } = fakeSession(null);
    const { unmount } = renderWith(session);
    expect(listenerCount()).toBe(1);
    expect(unsubscribe).not.toHaveBeenCalled();

    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(listenerCount()).toBe(0);
  });
});

describe('useAuthState without a provider', () => {
  it("reads 'loading' with no user (what the build-time snapshots render)", () => {
    render(<AuthProbe />);
    expect(screen.getByText('loading, uid none')).toBeInTheDocument();
  });
});
