import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthSession } from '@/lib/auth-session';
import { AuthStateContext, type AuthState } from '@/lib/auth-state';

/** Provides the signed-in user from a session whose first auth check has finished (never 'loading'). */
export function AuthStateProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  const user = useSyncExternalStore(session.subscribe, session.currentUser);
  const state = useMemo<AuthState>(() => ({ view: user ? 'signed-in' : 'signed-out', user }), [user]);
  return <AuthStateContext.Provider value={state}>{children}</AuthStateContext.Provider>;
}
