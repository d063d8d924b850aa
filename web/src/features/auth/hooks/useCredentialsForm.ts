import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  validateCredentials,
  validateField,
  type CredentialErrors,
  type CredentialField,
  type Credentials,
} from '../validation';

/**
 * State of the email + password form: errors appear on submit, then follow the user's corrections keystroke by
 * keystroke (a field that shows an error is re-checked on every change).
 */
export function useCredentialsForm(onValidSubmit: (credentials: Credentials) => Promise<void>) {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputRefs = useRef<Partial<Record<CredentialField, HTMLInputElement | null>>>({});

  const handleChange = (field: CredentialField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (submitted || errors[field] !== undefined) {
      setErrors((current) => ({ ...current, [field]: validateField(field, value) }));
    }
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const found = validateCredentials(values);
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((field) => found[field] !== undefined);
    if (firstInvalid) {
      inputRefs.current[firstInvalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValidSubmit({ email: values.email.trim(), password: values.password });
    } finally {
      setSubmitting(false);
    }
  };

  const registerInput = (field: CredentialField) => (element: HTMLInputElement | null) => {
    inputRefs.current[field] = element;
  };

  return { values, errors, submitting, handleChange, handleSubmit, registerInput };
}
