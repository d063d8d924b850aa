// The first auth check, which the app's first render waits for (src/main.tsx). It loads the Auth SDK (lib/auth.ts)
// only on a device that may hold a signed-in user. A visitor who never signed in here gets the public pages without
// the SDK's download and start-up (the largest task of their takeover on a phone), and is signed out, which is what
// the SDK would have found.
import { AUTH_USER_STORAGE_KEY, authSession, authStarted, type AuthSession } from './auth-session';

/** The SDK's IndexedDB database: it held the user before localStorage did, and exists once the SDK has run here. */
const AUTH_DATABASE = 'firebaseLocalStorageDb';

/**
 * Whether this device may hold a signed-in user: the SDK's record in localStorage, or its IndexedDB database (a user
 * kept there before is moved to localStorage when the SDK starts). Where storage cannot be read, the SDK decides.
 */
export async function mayHoldSignedInUser(): Promise<boolean> {
  try {
    if (localStorage.getItem(AUTH_USER_STORAGE_KEY) !== null) return true;
  } catch (error) {
    // Storage disabled (private modes, policies): the SDK finds out what it can use.
    if (error instanceof DOMException) return true;
    throw error;
  }
  if (typeof indexedDB === 'undefined') return false;
  // Browsers without databases() (Firefox before 126): only the SDK can tell.
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === AUTH_DATABASE);
  } catch (error) {
    console.warn('auth.storage_check_failed: loading Firebase Auth to find the user', { error });
    return true;
  }
}

/** Loads the SDK when another tab of this site signs a user in (the SDK itself would have followed it). */
function followSignInElsewhere(): void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_USER_STORAGE_KEY || event.newValue === null) return;
    window.removeEventListener('storage', onStorage);
    import('./auth').catch((error: unknown) =>
      console.error('auth.load_failed: a sign-in in another tab is not shown here', { error }),
    );
  };
  window.addEventListener('storage', onStorage);
}

async function firstAuthCheck(): Promise<AuthSession> {
  if (await mayHoldSignedInUser()) {
    const { auth } = await import('./auth');
    await auth.authStateReady();
  } else if (!authStarted()) followSignInElsewhere();
  return authSession;
}

let started: Promise<AuthSession> | undefined;

/**
 * Resolves once the first auth check has finished: the SDK restored a persisted user (or found none), or the device
 * holds none to restore. The entry starts it early (src/boot.ts) and the app awaits it: both get the same check.
 */
export function startAuthSession(): Promise<AuthSession> {
  started ??= firstAuthCheck();
  return started;
}
