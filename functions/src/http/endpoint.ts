// One request pipeline for every JSON endpoint: CORS, method check, the handler, and one error policy —
// expected failures become `{error}` with their status; Firestore contention that outlasted its retries
// (firestore-contention.ts) is answered 503 with Retry-After and logged as a warning (`<name>.contention`), since
// the caller's retry succeeds and nothing failed; anything else is logged as an error and answered with a 500.
import * as logger from 'firebase-functions/logger';
import { appConfig, ConfigError } from '../config';
import { handleCors } from './cors';
import { CONTENTION_RETRY_AFTER_SECONDS, isContention } from '../firestore-contention';
import { CONTENTION_MESSAGE, HttpError, INTERNAL_ERROR_MESSAGE } from './errors';
import type { HttpMethod, HttpRequest, HttpResponse } from './types';

export interface EndpointResult {
  status?: number;
  body: unknown;
  /** Headers of a successful answer (e.g. Set-Cookie). */
  headers?: Record<string, string>;
}

export interface EndpointOptions {
  /** Function name, used in log messages. */
  name: string;
  method: HttpMethod;
  /** Browser endpoints answer CORS for the configured origins; the webhook does not. */
  cors: boolean;
}

export type EndpointHandler = (req: HttpRequest, res: HttpResponse) => Promise<void>;

function sendError(res: HttpResponse, error: HttpError): void {
  for (const [field, value] of Object.entries(error.headers)) res.set(field, value);
  const body =
    error.code === undefined ? { error: error.message } : { error: error.message, code: error.code };
  res.status(error.status).json(body);
}

export function errorDetails(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      error: error.message,
      errorName: error.name,
      ...(code === undefined ? {} : { code }),
      stack: error.stack,
    };
  }
  return { error: String(error) };
}

/**
 * The answer to contention: 503 with Retry-After, code 'contention'. Logged at WARNING as `<name>.contention`, which
 * the error alerts do not count (docs/operations.md, "Alerts to set"); a burst of them is its own, slower signal.
 */
export function contentionAnswer(name: string, error: unknown): HttpError {
  logger.warn(`${name}.contention`, { function: name, ...errorDetails(error) });
  return new HttpError(503, CONTENTION_MESSAGE, {
    headers: { 'Retry-After': String(CONTENTION_RETRY_AFTER_SECONDS) },
    code: 'contention',
  });
}

export function endpoint(
  options: EndpointOptions,
  handle: (req: HttpRequest) => Promise<EndpointResult>,
): EndpointHandler {
  return async (req, res) => {
    // Responses carry per-user state: never cache them anywhere.
    res.set('Cache-Control', 'no-store');
    try {
      if (options.cors && handleCors(req, res, appConfig().corsOrigins, options.method)) return;
      if (req.method !== options.method) {
        throw new HttpError(405, `Method ${req.method} not allowed; use ${options.method}`, {
          headers: { Allow: options.method },
        });
      }
      const result = await handle(req);
      for (const [field, value] of Object.entries(result.headers ?? {})) res.set(field, value);
      res.status(result.status ?? 200).json(result.body);
    } catch (error) {
      if (res.headersSent) {
        logger.error(`${options.name}.failed_after_response`, errorDetails(error));
        return;
      }
      if (error instanceof HttpError) {
        sendError(res, error);
        return;
      }
      if (isContention(error)) {
        sendError(res, contentionAnswer(options.name, error));
        return;
      }
      logger.error(error instanceof ConfigError ? 'config.invalid' : `${options.name}.failed`, {
        function: options.name,
        ...errorDetails(error),
      });
      sendError(res, new HttpError(500, INTERNAL_ERROR_MESSAGE));
    }
  };
}
