// Reading a Firebase error's code without importing Firebase (page chunks stay free of the SDK).

/** The Firebase error code of an error (e.g. 'auth/wrong-password'), if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
