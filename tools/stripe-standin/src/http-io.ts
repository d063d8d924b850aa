// Small helpers over node:http: bounded body reading and typed replies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StripeApiError } from './stripe-error';

const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      throw new StripeApiError(
        413,
        'invalid_request_error',
        `Request body is larger than ${MAX_BODY_BYTES} bytes.`,
      );
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, 2);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache, no-store',
    ...headers,
  });
  response.end(text);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    // The page has no scripts; its only style is inline.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location, 'Content-Length': 0, 'Cache-Control': 'no-store' });
  response.end();
}

/** The path and query of a request URL (the host part is irrelevant on a local server). */
export function requestUrl(request: IncomingMessage): URL {
  return new URL(request.url ?? '/', 'http://stand-in.local');
}
