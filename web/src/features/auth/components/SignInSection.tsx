// Change email (verified before it takes effect) and change password, for accounts that sign in with a password.
// Both ask for the current password: Firebase needs a recent sign-in for them, and a borrowed unlocked laptop must
// not be enough to take the account over.
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Section } from '@/components/layout/Page';
import { TextField } from '@/components/TextField';
import { changePassword, requestEmailChange } from '../api/auth-actions';
import { authErrorMessage } from '../lib/auth-error-messages';
import { VALIDATION_MESSAGES } from '../messages';
import { validateEmail, validatePassword } from '../validation';

export interface SignInOwner {
  email: string | null;
  providerData: readonly { providerId: string }[];
}

type Form = 'email' | 'password' | null;
type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function SignInSection({ user }: { user: SignInOwner }) {
  const [open, setOpen] = useState<Form>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const usesPassword = user.providerData.some((provider) => provider.providerId === 'password');

  const toggle = (form: Exclude<Form, null>) => {
    setOutcome(null);
    setOpen((current) => (current === form ? null : form));
  };
  const done = (text: string) => {
    setOpen(null);
    setOutcome({ tone: 'success', text });
  };

  return (
    <Section title="Sign-in" id="sign-in">
      {usesPassword ? (
        <>
          <div className="button-row">
            <Button variant="secondary" aria-expanded={open === 'email'} onClick={() => toggle('email')}>
              Change email
            </Button>
            <Button
              variant="secondary"
              aria-expanded={open === 'password'}
              onClick={() => toggle('password')}
            >
              Change password
            </Button>
          </div>
          {open === 'email' && (
            <ChangeEmailForm
              currentEmail={user.email}
              onDone={(newEmail) =>
                done(
                  `We sent a link to ${newEmail}. Your email changes when you open it; until then, keep signing in with ${user.email ?? 'your current email'}.`,
                )
              }
            />
          )}
          {open === 'password' && (
            <ChangePasswordForm onDone={() => done('Your password has been changed.')} />
          )}
        </>
      ) : (
        <p className="muted">
          You sign in with Google, so your email and password are managed by your Google account.
        </p>
      )}
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </Section>
  );
}

/** The busy flag and error of one form, around its action. */
function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>, onError: (error: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(onError(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function ChangeEmailForm({
  currentEmail,
  onDone,
}: {
  currentEmail: string | null;
  onDone: (email: string) => void;
}) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const { busy, error, run } = useFormAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = newEmail.trim();
    const found = {
      email:
        validateEmail(email) ??
        (email.toLowerCase() === currentEmail?.toLowerCase() ? 'That is already your email.' : undefined),
      password: password === '' ? VALIDATION_MESSAGES.passwordRequired : undefined,
    };
    setErrors(found);
    if (found.email !== undefined || found.password !== undefined || busy) return;
    void run(
      async () => {
        await requestEmailChange(password, email);
        onDone(email);
      },
      (caught) => authErrorMessage('change-email', caught),
    );
  };

  return (
    <form className="form account-form" noValidate onSubmit={submit} aria-label="Change email">
      {error && <Alert>{error}</Alert>}
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={errors.email}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" loading={busy}>
        {busy ? 'Sending link…' : 'Send verification link'}
      </Button>
    </form>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const { busy, error, run } = useFormAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      current: current === '' ? VALIDATION_MESSAGES.passwordRequired : undefined,
      next:
        validatePassword(next) ??
        (next === current ? 'Choose a password different from the current one.' : undefined),
    };
    setErrors(found);
    if (found.current !== undefined || found.next !== undefined || busy) return;
    void run(
      async () => {
        await changePassword(current, next);
        onDone();
      },
      (caught) => authErrorMessage('change-password', caught),
    );
  };

  return (
    <form className="form account-form" noValidate onSubmit={submit} aria-label="Change password">
      {error && <Alert>{error}</Alert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={errors.current}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={errors.next}
      />
      <Button type="submit" loading={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}
