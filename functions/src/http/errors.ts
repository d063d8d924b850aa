// Expected failures of a request: thrown anywhere in a handler, answered by the endpoint wrapper as
// `{error: message}` with the status (the web app shows `error` as the message, spec §8).
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. `Allow` on 405. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const AUTH_MISSING_MESSAGE = 'User must be logged in';
export const AUTH_INVALID_MESSAGE = 'User not authenticated';
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
