// Loaded lazily by the entry (src/boot.ts starts the first auth check, src/main.tsx waits for it): Firebase Auth is
// the largest piece the first auth check needs, and the public pages' snapshots show while it downloads.
import { onAuthStateChanged, type User } from 'firebase/auth';
import { auth } from './auth';

/** The signed-in user after the first auth check, in the shape useSyncExternalStore reads. */
export interface AuthSession {
  currentUser(): User | null;
  subscribe(onChange: () => void): () => void;
}

/** Resolves once Firebase Auth has finished its first check (restored a persisted user, or found none). */
export async function startAuthSession(): Promise<AuthSession> {
  await auth.authStateReady();
  return {
    currentUser: () => auth.currentUser,
    subscribe: (onChange) => onAuthStateChanged(auth, () => onChange()),
  };
}
