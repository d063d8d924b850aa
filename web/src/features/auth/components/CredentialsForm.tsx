import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { useCredentialsForm } from '../hooks/useCredentialsForm';
import type { Credentials } from '../validation';

interface CredentialsFormProps {
  /** 'Sign In' or 'Sign Up'. */
  submitLabel: string;
  /** Shown on the button while the request runs. */
  busyLabel: string;
  /** Sign-in forms ask the password manager for the saved password, sign-up forms for a new one. */
  mode: 'sign-in' | 'sign-up';
  /** Runs only with valid input; the form stays busy until it settles. Should not reject. */
  onSubmit: (credentials: Credentials) => Promise<void>;
}

/** The email + password form shared by /login, /signup and the landing page (docs/reference.md#validation). */
export function CredentialsForm({ submitLabel, busyLabel, mode, onSubmit }: CredentialsFormProps) {
  const { values, errors, submitting, handleChange, handleSubmit, registerInput } =
    useCredentialsForm(onSubmit);
  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <TextField
        ref={registerInput('email')}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={values.email}
        onChange={handleChange('email')}
        error={errors.email}
      />
      <TextField
        ref={registerInput('password')}
        label="Password"
        type="password"
        name="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        hint={mode === 'sign-up' ? 'At least 6 characters.' : undefined}
        value={values.password}
        onChange={handleChange('password')}
        error={errors.password}
      />
      <Button type="submit" size="large" block loading={submitting}>
        {submitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
