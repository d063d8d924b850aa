// Login and signup validation (docs/reference.md#validation): one rule list per field, first failing rule wins.
import { VALIDATION_MESSAGES } from './messages';

export interface Credentials {
  email: string;
  password: string;
}
export type CredentialField = keyof Credentials;
export type CredentialErrors = Partial<Record<CredentialField, string>>;

const PASSWORD_MIN_LENGTH = 6;

// Same shape check the product has always used: something@domain.tld, no spaces.
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export function validateEmail(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return VALIDATION_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(trimmed)) return VALIDATION_MESSAGES.emailInvalid;
  return undefined;
}

export function validatePassword(password: string): string | undefined {
  if (password === '') return VALIDATION_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  return undefined;
}

const FIELD_VALIDATORS: Record<CredentialField, (value: string) => string | undefined> = {
  email: validateEmail,
  password: validatePassword,
};

export function validateField(field: CredentialField, value: string): string | undefined {
  return FIELD_VALIDATORS[field](value);
}

export function validateCredentials(values: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  for (const field of Object.keys(FIELD_VALIDATORS) as CredentialField[]) {
    const message = validateField(field, values[field]);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}
