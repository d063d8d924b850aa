// The app's view of the signed-in user, shared by the layout and the pages. It lives apart from the Firebase Auth
// SDK (src/lib/auth.ts, a lazy chunk) so that the entry chunk and the build-time page snapshots carry no Firebase
// code.
import { createContext, useContext } from 'react';
import type { User } from 'firebase/auth';
import type { AuthView } from '@/components/layout/nav-items';

export interface AuthState {
  /**
   * 'loading' only before the first auth check (docs/reference.md#signing-in): the live app renders after it, so only the build-time
   * snapshots of public pages (src/app/prerender.tsx) see it. Auth-dependent controls are withheld then.
   */
  view: AuthView;
  user: User | null;
}

export const AuthStateContext = createContext<AuthState>({ view: 'loading', user: null });

export function useAuthState(): AuthState {
  return useContext(AuthStateContext);
}
