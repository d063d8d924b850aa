import '../auth.css';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import { useDocumentTitle } from '@/components/layout/Page';
import { useAuthState } from '@/lib/auth-state';
import type { Credentials } from '../validation';
import { DEFAULT_AFTER_SIGN_IN, redirectTargetFrom } from '../hooks/useAuthFlow';
import { CredentialsForm } from './CredentialsForm';
import { ForgotPassword } from './ForgotPassword';
import { GoogleButton } from './GoogleButton';

interface AuthCardProps {
  title: string;
  heading: string;
  subtitle: ReactNode;
  mode: 'sign-in' | 'sign-up';
  error: string | null;
  googleBusy: boolean;
  onGoogle: () => void;
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** The link to the other auth screen; it carries this page's router state (where to go after sign-in). */
  alternative: { prompt: string; to: string; label: string };
}

/** The /login and /signup screen: Google first, then email and password, then a link to the other screen. */
export function AuthCard({
  title,
  heading,
  subtitle,
  mode,
  error,
  googleBusy,
  onGoogle,
  onSubmit,
  alternative,
}: AuthCardProps) {
  useDocumentTitle(title);
  const { state } = useLocation();
  const signIn = mode === 'sign-in';
  // In the build-time snapshot (before the app takes over) nothing here works yet: a native submit would put
  // the password in the URL, and typed text would be replaced with the page.
  const { view, user } = useAuthState();
  const inert = view === 'loading';
  // A user already signed in when the page opens has nothing to do here. Only then: a sign-in or sign-up made on
  // this page finishes its own work (the user document) and navigates itself.
  const [signedInOnOpen] = useState(() => user !== null);
  if (signedInOnOpen) return <Navigate to={redirectTargetFrom(state) ?? DEFAULT_AFTER_SIGN_IN} replace />;
  return (
    <div className="auth-page">
      <section className="auth-card card" aria-labelledby="auth-heading" inert={inert}>
        <h1 id="auth-heading" className="auth-card__title">
          {heading}
        </h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {error ? <Alert>{error}</Alert> : null}
        <GoogleButton
          label={signIn ? 'Sign in with Google' : 'Sign up with Google'}
          busy={googleBusy}
          onClick={onGoogle}
        />
        <div className="divider" role="separator">
          <span>or use your email</span>
        </div>
        <CredentialsForm
          mode={mode}
          submitLabel={signIn ? 'Sign In' : 'Sign Up'}
          busyLabel={signIn ? 'Signing in…' : 'Creating your account…'}
          onSubmit={onSubmit}
        />
        {signIn ? <ForgotPassword /> : null}
        <p className="auth-card__alternative">
          {alternative.prompt}{' '}
          <Link to={alternative.to} state={state}>
            {alternative.label}
          </Link>
        </p>
      </section>
    </div>
  );
}
