// Small zod building blocks for lenient reads: a missing or null optional field reads as its default, a
// present field of the wrong type still fails (it signals a broken writer, not an optional value).
import { z } from 'zod';

/** Text that reads as '' when missing or null. */
export const textOrEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** Text that reads as null when missing, null or blank. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value === undefined || value === null || value.trim() === '' ? null : value));

/** A boolean that reads as `fallback` when missing or null. */
export const booleanOr = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((value) => value ?? fallback);

/** A finite number or null (missing reads as null). */
export const optionalNumber = z
  .number()
  .refine(Number.isFinite, 'expected a finite number')
  .nullish()
  .transform((value) => value ?? null);

/** An absolute http(s) URL: links are opened by browsers, so `javascript:` and friends never pass. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const httpUrl = z.string().refine(isHttpUrl, 'expected an absolute http(s) URL');

/** An optional link: missing, blank or non-http(s) values read as null (the UI then shows plain text). */
export const optionalHttpUrl = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && isHttpUrl(value) ? value : null));
