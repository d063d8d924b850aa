// JSON request bodies: size limit, strict UTF-8 and JSON, then a zod schema. Every failure is a 400 that
// names the problem; nothing is read from a body that did not pass.
import { z } from 'zod';
import { HttpError } from './errors';
import type { HttpRequest } from './types';

/** Endpoints documented as "no body" accept nothing, or an empty JSON object. */
export const noBodySchema = z.union([z.undefined(), z.object({}).strict()]);

export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Returns the parsed body, or `undefined` when no body was sent; throws HttpError(400) otherwise. */
export function readJsonBody(req: Pick<HttpRequest, 'rawBody' | 'get'>, maxBytes: number): unknown {
  const raw = req.rawBody;
  const declaredLength = Number(req.get('content-length') ?? '0');
  if ((raw?.length ?? 0) > maxBytes || (Number.isFinite(declaredLength) && declaredLength > maxBytes)) {
    throw new HttpError(400, `Request body is too large (limit ${maxBytes} bytes)`);
  }
  if (raw === undefined || raw.length === 0) {
    // A body the runtime did not parse (no Content-Type) must not be silently treated as "no body".
    if (declaredLength > 0)
      throw new HttpError(400, 'Request body must be JSON (Content-Type: application/json)');
    return undefined;
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new HttpError(400, 'Request body must be UTF-8 encoded JSON');
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
}

export function parseJsonBody<Schema extends z.ZodType>(
  req: Pick<HttpRequest, 'rawBody' | 'get'>,
  schema: Schema,
  maxBytes: number,
): z.output<Schema> {
  const result = schema.safeParse(readJsonBody(req, maxBytes));
  if (!result.success) throw new HttpError(400, `Invalid request body: ${describeZodError(result.error)}`);
  return result.data;
}
