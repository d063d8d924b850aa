import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { env } from '@/config/env';
import { announceAuth } from './auth-session';
import { firebaseApp } from './firebase-app';

// initializeAuth without a popupRedirectResolver: getAuth would install browserPopupRedirectResolver, which on
// mobile browsers loads https://apis.google.com/js/api.js on every page. Popup sign-ins pass the resolver
// themselves (features/auth/api/auth-actions.ts), so it loads only when the user asks for it.
//
// localStorage first: the dashboard's inline starter (app/dashboard-start.ts) reads the signed-in user before any
// script has loaded, and localStorage answers at once where opening IndexedDB took 130–540 ms on a throttled
// phone. The SDK moves a user it finds in IndexedDB (where the app kept it before) into the first persistence of
// the list when it starts, so nobody is signed out by the change; IndexedDB remains for browsers without
// localStorage.
export const auth = initializeAuth(firebaseApp, {
  persistence: [browserLocalPersistence, indexedDBLocalPersistence],
});

if (env.useEmulators) {
  connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
}
// Whatever loaded the SDK (a sign-in form, a protected page), the app's session follows it from now on.
announceAuth(auth);
