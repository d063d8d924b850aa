// Small zod building blocks for lenient reads: a missing or null optional field reads as its default, a
// present field of the wrong type still fails (it signals a broken writer, not an optional value).
// zod/mini (same checks and results as \`zod\`, and schemas of either kind nest in the other): render_blog's
// bundle then carries only the parts of zod the blog model uses, not zod's whole tree (see scripts/lib/stack.ts).
import { boolean, nullish, number, optional, pipe, refine, string, transform, unknown } from 'zod/mini';

/** Text that reads as '' when missing or null. */
export const textOrEmpty = pipe(
  nullish(string()),
  transform((value: string | null | undefined) => value ?? ''),
);

/** Text that reads as null when missing, null or blank. */
export const optionalText = pipe(
  nullish(string()),
  transform((value: string | null | undefined) =>
    value === undefined || value === null || value.trim() === '' ? null : value,
  ),
);

/** A boolean that reads as `fallback` when missing or null. */
export const booleanOr = (fallback: boolean) =>
  pipe(
    nullish(boolean()),
    transform((value: boolean | null | undefined) => value ?? fallback),
  );

/** A finite number or null (missing reads as null). */
export const optionalNumber = pipe(
  nullish(number().check(refine(Number.isFinite, 'expected a finite number'))),
  transform((value: number | null | undefined) => value ?? null),
);

/** An absolute http(s) URL: links are opened by browsers, so `javascript:` and friends never pass. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * An image the product draws (blog covers, avatars and body images, shop logos): a site path
 * (`/blog/covers/x.svg`), a file the site serves itself. The product loads nothing from other hosts (its
 * Content-Security-Policy says `img-src 'self' data:`): a third-party image would tell that host who reads what,
 * and would be blocked anyway. Anything else (https://, javascript:, data:, protocol-relative `//x` or `/\x`,
 * whitespace) reads as no image.
 */
export function isImageReference(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value);
}

export const httpUrl = string().check(refine(isHttpUrl, 'expected an absolute http(s) URL'));

/** An optional link: missing, blank or non-http(s) values read as null (the UI then shows plain text). */
export const optionalHttpUrl = pipe(
  optional(unknown()),
  transform((value: unknown) => (typeof value === 'string' && isHttpUrl(value) ? value : null)),
);
