// Expected failures of a request: thrown anywhere in a handler, answered by the endpoint wrapper as
// `{error: message}` (plus `code` when set) with the status (the web app shows `error` as the message, docs/reference.md#backend-calls).
export interface HttpErrorExtras {
  /** Extra response headers, e.g. `Allow` on 405. */
  headers?: Readonly<Record<string, string>>;
  /** A stable reason the client acts on (e.g. 'requires-recent-login'), answered as `code`. */
  code?: string;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly headers: Readonly<Record<string, string>>;
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    { headers = {}, code }: HttpErrorExtras = {},
  ) {
    super(message);
    this.headers = headers;
    this.code = code;
  }
}

export const AUTH_MISSING_MESSAGE = 'User must be logged in';
export const AUTH_INVALID_MESSAGE = 'User not authenticated';
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const CONTENTION_MESSAGE = 'Busy with concurrent requests; retry shortly';
