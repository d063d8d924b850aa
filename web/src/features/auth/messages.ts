// User-facing copy of the auth flows, as docs/reference.md#validation and #messages give it.
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
} as const;

export const AUTH_ERROR_MESSAGES = {
  signIn: 'Failed to sign in. Please check your credentials and try again.',
  signUp: 'Failed to sign up. Please try again.',
  google: 'Failed to sign in with Google. Please try again.',
} as const;
