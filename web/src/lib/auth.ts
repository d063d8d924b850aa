import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { env } from '@/config/env';
import { firebaseApp } from './firebase-app';

// initializeAuth without a popupRedirectResolver: getAuth would install browserPopupRedirectResolver, which on
// mobile browsers loads https://apis.google.com/js/api.js on every page. Popup sign-ins pass the resolver
// themselves (features/auth/api/auth-actions.ts), so it loads only when the user asks for it.
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (env.useEmulators) {
  connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
}
