// The app's one view of Firebase Auth's user. Light on purpose (no SDK code): the SDK (lib/auth.ts) loads only where
// it is needed (lib/first-auth-check.ts), and the session follows it from the moment anything loads it (a sign-in
// form, a protected page, a sign-in in another tab). Until then nobody is signed in.
import type { Auth, User } from 'firebase/auth';
import { env } from '@/config/env';

/** The signed-in user after the first auth check, in the shape useSyncExternalStore reads. */
export interface AuthSession {
  currentUser(): User | null;
  subscribe(onChange: () => void): () => void;
}

/** Where Firebase Auth keeps the default app's user in localStorage (the first of lib/auth.ts's persistences). */
export const AUTH_USER_STORAGE_KEY = `firebase:authUser:${env.firebase.apiKey}:[DEFAULT]`;

let startedAuth: Auth | null = null;
const listeners = new Map<() => void, () => void>();

/** Called by lib/auth.ts once the SDK is initialised: from then on the session reads and follows it. */
export function announceAuth(auth: Auth): void {
  if (startedAuth) return;
  startedAuth = auth;
  for (const onChange of listeners.keys()) listeners.set(onChange, auth.onAuthStateChanged(onChange));
}

/** Whether the SDK has been loaded on this page. */
export const authStarted = (): boolean => startedAuth !== null;

export const authSession: AuthSession = {
  currentUser: () => startedAuth?.currentUser ?? null,
  subscribe(onChange) {
    listeners.set(onChange, startedAuth ? startedAuth.onAuthStateChanged(onChange) : () => undefined);
    return () => {
      listeners.get(onChange)?.();
      listeners.delete(onChange);
    };
  },
};
