// Calls a function over HTTP like a browser or Stripe would, and returns status, headers and parsed JSON.
import { functionUrl } from './env';

export interface CallOptions {
  method?: string;
  token?: string;
  /** JSON-serialised unless it is already a string (then sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the answer is not JSON. */
  body: unknown;
}

export async function callFunction(name: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(functionUrl(name), { method: options.method ?? 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text so a failing assertion shows it.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** `{error}` of a JSON error answer. */
export function errorOf(result: CallResult): unknown {
  return typeof result.body === 'object' && result.body !== null
    ? (result.body as { error?: unknown }).error
    : undefined;
}
