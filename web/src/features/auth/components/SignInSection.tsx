// Change email (verified before it takes effect) and change password, for accounts that sign in with a password.
// Both ask for the current password: Firebase needs a recent sign-in for them, and a borrowed unlocked laptop must
// not be enough to take the account over.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Section } from '@/components/layout/Page';
import { TextField } from '@/components/TextField';
import { changePassword, requestEmailChange } from '../api/auth-actions';
import { authErrorMessage, type AuthAction } from '../lib/auth-error-messages';
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

/**
 * One account form's submit: checks the fields (an error per field, undefined when fine), then runs the action with
 * a busy flag, turning a failure into the form's error message.
 */
function useCheckedSubmit<Field extends string>(
  check: () => Record<Field, string | undefined>,
  action: () => Promise<void>,
  authAction: AuthAction,
) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.values<string | undefined>(found).some((text) => text !== undefined) || busy) return;
    void (async () => {
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (caught) {
        setError(authErrorMessage(authAction, caught));
      } finally {
        setBusy(false);
      }
    })();
  };
  return { errors, busy, error, submit };
}

/** The frame both forms share: the error on top, the fields, the submit button (its label while busy). */
function AccountForm({
  label,
  submitLabel,
  busyLabel,
  form: { busy, error, submit },
  children,
}: {
  label: string;
  submitLabel: string;
  busyLabel: string;
  form: { busy: boolean; error: string | null; submit: (event: FormEvent<HTMLFormElement>) => void };
  children: ReactNode;
}) {
  return (
    <form className="form account-form" noValidate onSubmit={submit} aria-label={label}>
      {error && <Alert>{error}</Alert>}
      {children}
      <Button type="submit" loading={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

/** Both forms confirm with the current password (see the top of this file). */
function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
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
  const email = newEmail.trim();
  const form = useCheckedSubmit(
    () => ({
      email:
        validateEmail(email) ??
        (email.toLowerCase() === currentEmail?.toLowerCase() ? 'That is already your email.' : undefined),
      password: password === '' ? VALIDATION_MESSAGES.passwordRequired : undefined,
    }),
    async () => {
      await requestEmailChange(password, email);
      onDone(email);
    },
    'change-email',
  );

  return (
    <AccountForm
      label="Change email"
      submitLabel="Send verification link"
      busyLabel="Sending link…"
      form={form}
    >
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={form.errors.email}
      />
      <CurrentPasswordField value={password} onChange={setPassword} error={form.errors.password} />
    </AccountForm>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const form = useCheckedSubmit(
    () => ({
      current: current === '' ? VALIDATION_MESSAGES.passwordRequired : undefined,
      next:
        validatePassword(next) ??
        (next === current ? 'Choose a password different from the current one.' : undefined),
    }),
    async () => {
      await changePassword(current, next);
      onDone();
    },
    'change-password',
  );

  return (
    <AccountForm label="Change password" submitLabel="Change password" busyLabel="Saving…" form={form}>
      <CurrentPasswordField value={current} onChange={setCurrent} error={form.errors.current} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={form.errors.next}
      />
    </AccountForm>
  );
}
