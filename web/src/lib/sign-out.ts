// Sign-out, for the site header (app) and for account deletion: a module of its own so both load it lazily or
// directly without pulling in the sign-in flows of features/auth.
import { signOut } from 'firebase/auth';
import { auth } from './auth';
import { endDashboardSession } from './dashboard-session';

export async function signOutUser(): Promise<void> {
  await endDashboardSession();
  try {
    await signOut(auth);
  } catch (error) {
    console.error('auth.sign_out_failed: sign-out failed', { error });
    throw error;
  }
}
