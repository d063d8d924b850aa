// "Forgot password?" on the login page: asks for the email and sends Firebase's reset link (which comes back to
// /login). The same confirmation for every address, so the form does not tell who has an account.
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { authErrorMessage } from '../lib/auth-error-messages';
import { validateEmail } from '../validation';

type Phase = { kind: 'closed' } | { kind: 'open'; error: string | null } | { kind: 'sent'; email: string };

export function ForgotPassword() {
  const [phase, setPhase] = useState<Phase>({ kind: 'closed' });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  if (phase.kind === 'closed') {
    return (
      <button
        type="button"
        className="auth-card__forgot"
        onClick={() => setPhase({ kind: 'open', error: null })}
      >
        Forgot password?
      </button>
    );
  }
  if (phase.kind === 'sent') {
    return (
      <Alert tone="success">
        If an account exists for {phase.email}, we’ve sent it a link to reset your password. Check your inbox
        (and your spam folder), then sign in with the new password.
      </Alert>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateEmail(email);
    setFieldError(invalid);
    if (invalid !== undefined || sending) return;
    setSending(true);
    try {
      const { sendPasswordReset } = await import('../api/auth-actions');
      await sendPasswordReset(email.trim());
      setPhase({ kind: 'sent', email: email.trim() });
    } catch (error) {
      setPhase({ kind: 'open', error: authErrorMessage('password-reset', error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="form auth-card__reset"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Reset your password"
    >
      <p className="auth-card__reset-intro">
        Enter your email and we’ll send you a link to choose a new password.
      </p>
      {phase.error ? <Alert>{phase.error}</Alert> : null}
      <TextField
        label="Email for the reset link"
        type="email"
        name="reset-email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (fieldError !== undefined) setFieldError(validateEmail(event.target.value));
        }}
        error={fieldError}
      />
      <div className="button-row">
        <Button type="submit" loading={sending}>
          {sending ? 'Sending…' : 'Send reset link'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setPhase({ kind: 'closed' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
