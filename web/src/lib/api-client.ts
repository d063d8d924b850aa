// Typed client for the HTTPS functions, reached same-origin through the Hosting rewrites (firebase.json).
// Every call carries the signed-in user's ID token (docs/reference.md#backend-calls).
import type { BrowserApiPath } from '@bargains/model/contracts/http-functions';
import { auth } from './auth';
import { signOutIfSessionEnded } from './auth-errors';

/** The functions the app calls (model/contracts/http-functions.ts), at their same-origin paths. */
export type FunctionPath = BrowserApiPath;

/** The two texts the product uses when a call is made with nobody signed in (docs/reference.md#backend-calls). */
export const NOT_SIGNED_IN_MESSAGES = {
  mustBeLoggedIn: 'User must be logged in',
  notAuthenticated: 'User not authenticated',
} as const;

/**
 * A response outside 2xx; `message` is the response's `error` field, else the status text of docs/reference.md#backend-calls. `code`
 * is the response's `code` field (a reason the app acts on, e.g. 'requires-recent-login'), when it has one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

interface CallOptions {
  method: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** Which of the two texts to throw when nobody is signed in; 'User not authenticated' by default. */
  notSignedInMessage?: (typeof NOT_SIGNED_IN_MESSAGES)[keyof typeof NOT_SIGNED_IN_MESSAGES];
  signal?: AbortSignal;
}

/** Validates the response body (e.g. a zod schema's `parse`); the response is untrusted input. */
type ResponseParser<T> = (data: unknown) => T;

export async function callFunction<T>(
  path: FunctionPath,
  options: CallOptions & { parse: ResponseParser<T> },
): Promise<T>;
export async function callFunction(path: FunctionPath, options: CallOptions): Promise<unknown>;
export async function callFunction<T>(
  path: FunctionPath,
  {
    method,
    body,
    notSignedInMessage = NOT_SIGNED_IN_MESSAGES.notAuthenticated,
    signal,
    parse,
  }: CallOptions & { parse?: ResponseParser<T> },
): Promise<T | unknown> {
  const token = await currentIdToken(notSignedInMessage);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readJsonBody(response);
  if (!response.ok) {
    throw new ApiError(
      stringFieldOf(payload, 'error') ?? `API request failed with status ${response.status}`,
      response.status,
      stringFieldOf(payload, 'code'),
    );
  }
  return parse ? parse(payload) : payload;
}

async function currentIdToken(notSignedInMessage: string): Promise<string> {
  // Right after a page load the persisted session is still being restored; wait for it before deciding.
  await auth.authStateReady();
  const user = auth.currentUser;
  if (user === null) throw new Error(notSignedInMessage);
  try {
    return await user.getIdToken();
  } catch (error) {
    await signOutIfSessionEnded(error);
    throw error;
  }
}

/** The body as JSON, or null when it is empty or not JSON (e.g. an HTML error page from a proxy). */
async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function stringFieldOf(payload: unknown, field: 'error' | 'code'): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value = (payload as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
