// The trust boundary for feed records: one zod schema turns an adapter's candidate into the model's DealInput
// (minus scraped_at, which is set when the deal is written) and a stable document id, or into a reason for
// skipping the record. Text is reduced to plain text and capped, URLs must be absolute http(s), dates must be
// explicit ISO-8601 date-times. Every string must be well-formed Unicode: JSON can carry a lone surrogate
// ("\ud800"), which Firestore refuses to store, so such a record is skipped here instead of failing its write.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DealInput } from '@bargains/model/deal';
import { isDocumentId } from '@bargains/model/document-id';
import { isHttpUrl } from '@bargains/model/fields';
import { MAX_STORES_PER_DEAL, STORE_LABEL_MAX } from '@bargains/model/near-you';
import { toDateOrNull } from '@bargains/model/timestamp';
import { LONE_SURROGATE } from '@bargains/model/unicode';
import type { DealCandidate, SourceAdapter } from './adapters';
import { sharedOfferId } from './networks/shared-offers';
import { plainText } from './text';

/** Caps on stored text, in characters (a longer value is cut and ends in '…'). */
export const TEXT_LIMITS = {
  title: 200,
  description: 2000,
  savings: 80,
  type: 40,
  code: 64,
  shop_id: 100,
  shop_name: 100,
  url: 2048,
} as const;

/** Dates outside these years are typos or placeholders (e.g. 0001-01-01, 9999-12-31), not deal windows. */
const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 2100;

export type NormalizedDeal = { id: string; input: Omit<DealInput, 'scraped_at'> };
export type NormalizeResult =
  | { ok: true; deal: NormalizedDeal }
  /** `ended`: a well-formed deal whose end_date has passed; skipped, but not an error in the feed. */
  | { ok: false; reason: string; ended?: true };

function refuseLoneSurrogates(value: string, ctx: z.RefinementCtx): string {
  if (LONE_SURROGATE.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'is not valid Unicode (it holds a lone surrogate)' });
    return z.NEVER;
  }
  return value;
}

const textValue = z
  .union([z.string(), z.number().finite()], { error: 'expected text' })
  .transform(String)
  .transform(refuseLoneSurrogates);

const requiredText = (max: number) =>
  textValue.transform((value, ctx) => {
    const text = plainText(value, max);
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'is empty' });
      return z.NEVER;
    }
    return text;
  });

const optionalText = (max: number) =>
  textValue
    .nullish()
    .transform((value) => (value === undefined || value === null ? '' : plainText(value, max)));

const tooLong = (ctx: z.RefinementCtx): never => {
  ctx.addIssue({ code: 'custom', message: `is longer than ${TEXT_LIMITS.url} characters` });
  return z.NEVER;
};

function cleanUrl(value: string, ctx: z.RefinementCtx): string {
  const trimmed = value.trim();
  // Checked before parsing too, so a megabyte of URL is never parsed.
  if (trimmed.length > TEXT_LIMITS.url) return tooLong(ctx);
  if (LONE_SURROGATE.test(trimmed)) return refuseLoneSurrogates(trimmed, ctx);
  if (!isHttpUrl(trimmed)) {
    ctx.addIssue({ code: 'custom', message: 'is not an absolute http(s) URL' });
    return z.NEVER;
  }
  const url = new URL(trimmed);
  if (url.username || url.password) {
    ctx.addIssue({ code: 'custom', message: 'must not carry credentials' });
    return z.NEVER;
  }
  // The cap is on what is stored: normalizing percent-encodes non-ASCII letters (one 'é' becomes '%C3%A9').
  return url.href.length > TEXT_LIMITS.url ? tooLong(ctx) : url.href;
}

const requiredUrl = z.string({ error: 'is missing' }).transform(cleanUrl);
const optionalUrl = z
  .string({ error: 'is not text' })
  .nullish()
  .transform((value, ctx) =>
    value === undefined || value === null || value.trim() === '' ? null : cleanUrl(value, ctx),
  );

const dealDate = z.unknown().transform((value, ctx): Date => {
  const date = typeof value === 'string' ? toDateOrNull(value.trim()) : null;
  if (date === null) {
    ctx.addIssue({
      code: 'custom',
      message: 'is not an ISO-8601 date-time with a zone (e.g. 2026-01-31T00:00:00Z)',
    });
    return z.NEVER;
  }
  const year = date.getUTCFullYear();
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) {
    ctx.addIssue({ code: 'custom', message: `is outside ${EARLIEST_YEAR}–${LATEST_YEAR}` });
    return z.NEVER;
  }
  return date;
});

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', '']);

const verifiedFlag = z
  .union([z.boolean(), z.string(), z.number()], { error: 'expected true or false' })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return false;
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: 'expected true or false' });
    return z.NEVER;
  });

const candidateSchema = z.object({
  sourceRecordId: textValue.nullish(),
  title: requiredText(TEXT_LIMITS.title),
  description: optionalText(TEXT_LIMITS.description),
  savings: requiredText(TEXT_LIMITS.savings),
  type: optionalText(TEXT_LIMITS.type),
  code: optionalText(TEXT_LIMITS.code),
  start_date: dealDate,
  end_date: dealDate,
  shop_id: optionalText(TEXT_LIMITS.shop_id),
  shop_name: requiredText(TEXT_LIMITS.shop_name),
  shop_url: optionalUrl,
  url_home: requiredUrl,
  is_verified: verifiedFlag,
  category_hint: optionalText(TEXT_LIMITS.type),
  // A CSV feed writes the codes comma-separated ("US,CA"); NDJSON feeds and the networks give a list.
  regions: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((code) => code.trim())
              .filter((code) => code !== '')
          : value,
      z
        .array(z.string().regex(/^[A-Z]{2}$/, { error: 'must be ISO 3166 alpha-2 codes' }), {
          error: 'expected a list of country codes',
        })
        .max(250)
        .nullish(),
    )
    .optional(),
  // An in-store deal's stores (NDJSON feeds): a label and a point on Earth each (model/near-you.ts).
  stores: z
    .array(
      z.object({
        label: requiredText(STORE_LABEL_MAX),
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
      }),
      { error: 'expected a list of stores ({label, lat, lng})' },
    )
    .max(MAX_STORES_PER_DEAL)
    .nullish(),
  origin: z
    .object({
      network: z.string().regex(/^[a-z0-9]{1,30}$/),
      id: textValue.transform((id) => plainText(id, TEXT_LIMITS.shop_id)),
    })
    .nullish(),
  landing_url: optionalUrl,
});

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path[0] === 'sourceRecordId' ? 'id' : issue.path.join('.');
      return field ? `${field} ${issue.message}` : issue.message;
    })
    .join('; ');
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** Lowercase words joined by '-': a shop id for sources that only name the shop. */
function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, TEXT_LIMITS.shop_id) || hash(text).slice(0, 12)
  );
}

const SAFE_SOURCE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * The stored document id: `{adapter}_{source id}` when the source's id is short and path-safe, a hash of it when
 * not, and a hash of shop + code + title (as cleaned, case-insensitive) for sources without ids, so the same deal
 * always lands on the same document.
 */
export function dealDocumentId(
  adapterId: string,
  sourceRecordId: string | null,
  identity: { shop_id: string; code: string | null; title: string },
): string {
  const sourceId = sourceRecordId?.trim() ?? '';
  if (sourceId !== '') {
    // A source id Firestore would refuse on its own ('..', `__x__`) is hashed like any unsafe one.
    return SAFE_SOURCE_ID.test(sourceId) && isDocumentId(sourceId)
      ? `${adapterId}_${sourceId}`
      : `${adapterId}_h${hash(sourceId)}`;
  }
  const key = [identity.shop_id, identity.code ?? '', identity.title]
    .map((part) => part.toLowerCase())
    .join('\n');
  return `${adapterId}_x${hash(key)}`;
}

/** Validates and cleans one candidate; `now` rejects deals that have already ended. */
export function normalizeCandidate(adapterId: string, candidate: DealCandidate, now: Date): NormalizeResult {
  const parsed = candidateSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
  const value = parsed.data;
  if (value.end_date.getTime() <= value.start_date.getTime())
    return { ok: false, reason: 'end_date is not after start_date' };
  if (value.end_date.getTime() <= now.getTime())
    return { ok: false, reason: 'end_date has already passed', ended: true };
  const shopId = value.shop_id || slug(value.shop_name);
  const code = value.code === '' ? null : value.code;
  const input: Omit<DealInput, 'scraped_at'> = {
    title: value.title,
    description: value.description,
    savings: value.savings,
    type: value.type,
    code,
    start_date: value.start_date,
    end_date: value.end_date,
    shop_id: shopId,
    shop_name: value.shop_name,
    shop_url: value.shop_url,
    url_home: value.url_home,
    is_verified: value.is_verified,
  };
  if (value.category_hint) input.category_hint = value.category_hint;
  if (value.regions && value.regions.length > 0) input.regions = [...new Set(value.regions)];
  if (value.stores && value.stores.length > 0) input.stores = value.stores;
  if (value.origin && value.origin.id !== '') input.origin = value.origin;
  // A network's offer is stored under an id of the offer itself, so the same offer from two networks is one deal.
  const sharedId = input.origin ? sharedOfferId(shopId, code, value.landing_url) : null;
  const id =
    sharedId ??
    dealDocumentId(adapterId, value.sourceRecordId ?? null, {
      shop_id: shopId,
      code,
      title: value.title,
    });
  return { ok: true, deal: { id, input } };
}

export function normalizeRecord(
  adapter: SourceAdapter,
  fields: Record<string, unknown>,
  now: Date,
): NormalizeResult {
  return normalizeCandidate(adapter.id, adapter.toCandidate(fields), now);
}
