import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { env } from '@/config/env';
import { firebaseApp } from './firebase-app';

// getAuth (not initializeAuth) keeps the popup resolver that mobile browsers need loaded before the click.
export const auth = getAuth(firebaseApp);

if (env.useEmulators) {
  connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
}
