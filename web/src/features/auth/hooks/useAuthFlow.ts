import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { authErrorMessage } from '../lib/auth-error-messages';
import { AUTH_ERROR_MESSAGES } from '../messages';
import type { Credentials } from '../validation';

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

// Loaded on submit: Firebase Auth arrives with the app's auth layer, and the page chunks (preloaded by the
// build-time snapshots) stay free of it.
const loadAuthActions = () => import('../api/auth-actions');
type AuthActions = Awaited<ReturnType<typeof loadAuthActions>>;

/** Where ProtectedRoute sent the user from (router state `from`), if it is a same-site path. */
export function redirectTargetFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'object' || from === null) return null;
  const {
    pathname,
    search = '',
    hash = '',
  } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (typeof search !== 'string' || typeof hash !== 'string') return null;
  return `${pathname}${search}${hash}`;
}

interface AuthFlowOptions {
  /** The landing page's form appends the error's own text to the sign-up message (docs/reference.md#messages). */
  appendErrorText?: boolean;
}

/**
 * The sign-in and sign-up flows of a page: run the auth action, show the documented failure message, and on
 * success go to /dashboard (or back to the protected page the user was sent away from).
 */
export function useAuthFlow({ appendErrorText = false }: AuthFlowOptions = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);

  const finish = () =>
    navigate(redirectTargetFrom(location.state) ?? DEFAULT_AFTER_SIGN_IN, { replace: true });

  const signIn = async ({ email, password }: Credentials) => {
    setError(null);
    try {
      const { signInWithPassword } = await loadAuthActions();
      await signInWithPassword(email, password);
      finish();
    } catch (caught) {
      setError(authErrorMessage('sign-in', caught));
    }
  };

  const signUp = async ({ email, password }: Credentials) => {
    setError(null);
    try {
      const { signUpWithPassword } = await loadAuthActions();
      await signUpWithPassword(email, password);
      finish();
    } catch (caught) {
      // The landing page's form appends the reason (docs/reference.md#messages), in words, never the SDK's text.
      const reason = authErrorMessage('sign-up', caught);
      setError(
        appendErrorText && reason !== AUTH_ERROR_MESSAGES.signUp
          ? `${AUTH_ERROR_MESSAGES.signUp} ${reason}`
          : reason,
      );
    }
  };

  const signInGoogle = async () => {
    setError(null);
    setGoogleBusy(true);
    let actions: AuthActions | undefined;
    try {
      actions = await loadAuthActions();
      await actions.signInWithGoogle();
      finish();
    } catch (caught) {
      if (!actions?.isPopupDismissal(caught)) setError(authErrorMessage('google', caught));
    } finally {
      setGoogleBusy(false);
    }
  };

  return { error, googleBusy, signIn, signUp, signInGoogle };
}
