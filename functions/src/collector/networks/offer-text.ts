// What the network sources share when mapping an offer into the deal model: the savings text (from structured
// discount fields where the network has them, so model/savings.ts ranks the deal; read from the title
// otherwise), a network category mapped onto the model's seven (a table per network; unknown → the model
// derives it from the text, as for every deal), country codes, and dates written without a zone.
import type { DealCategory } from '@bargains/model/category';

/** What a network says about a discount; any field may be missing. */
export interface StructuredDiscount {
  /** FIXED, PERCENT, FREE_SHIPPING, BOGO, GIFT, … (compared case-insensitively). */
  kind?: string | null;
  amount?: number | null;
  percent?: number | null;
  currency?: string | null;
  minimumPurchase?: number | null;
}

/** `$10`, `£7.50`, `€20`: the amount in its currency, as Intl writes it for US English. */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  const code = (currency ?? 'USD').trim().toUpperCase() || 'USD';
  const whole = Number.isInteger(amount);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch (error) {
    // An unknown currency code (RangeError) still says what the discount is.
    if (error instanceof RangeError) return `${amount} ${code}`;
    throw error;
  }
}

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

const percentText = (value: number) => `${Number(value.toFixed(2))}%`;

/**
 * The savings text of a structured discount, or null when the fields do not say one:
 * FIXED 10 + minimum 50 → "$10 off $50+", PERCENT 20 → "20% off", FREE_SHIPPING → "Free shipping", BOGO → "BOGO".
 */
export function savingsFromDiscount(discount: StructuredDiscount): string | null {
  const kind = (discount.kind ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const minimum = positive(discount.minimumPurchase)
    ? ` ${formatMoney(discount.minimumPurchase, discount.currency)}+`
    : '';
  if ((kind === 'PERCENT' || kind === 'PERCENTAGE' || kind === '') && positive(discount.percent)) {
    return `${percentText(Math.min(discount.percent, 100))} off${minimum}`;
  }
  if ((kind === 'FIXED' || kind === 'AMOUNT' || kind === '') && positive(discount.amount)) {
    const fixedMinimum =
      positive(discount.minimumPurchase) && discount.minimumPurchase > discount.amount ? minimum : '';
    return `${formatMoney(discount.amount, discount.currency)} off${fixedMinimum}`;
  }
  if (kind === 'FREE_SHIPPING') return 'Free shipping';
  if (kind === 'BOGO' || kind === 'BUY_ONE_GET_ONE') return 'BOGO';
  if (kind === 'GIFT' || kind === 'FREE_GIFT' || kind === 'GIFT_WITH_PURCHASE')
    return 'Free gift with purchase';
  return null;
}

const MONEY = String.raw`(?:[$€£]|\bUSD\s?)\s*\d[\d,]*(?:\.\d+)?`;
/** Savings phrases in offer titles, most specific first. */
const TITLE_SAVINGS: readonly RegExp[] = [
  /\bup\s+to\s+\d+(?:\.\d+)?\s*%\s*off\b/i,
  new RegExp(String.raw`\bbuy\s+(?:one|1)\s*,?\s*get\s+(?:one|1)\s+(?:free|\d+\s*%\s*off|half\s+off)`, 'i'),
  /\bbogo\b(?:\s+(?:free|\d+\s*%\s*off|half\s+off))?/i,
  /\d+(?:\.\d+)?\s*%\s*off\b/i,
  new RegExp(
    String.raw`${MONEY}\s+off(?:\s+(?:(?:your\s+)?orders?\s+(?:over|of)\s+|when\s+you\s+spend\s+)?${MONEY}\+?)?`,
    'i',
  ),
  new RegExp(String.raw`\bsave\s+${MONEY}`, 'i'),
  /\d+(?:\.\d+)?\s*%\s*(?:discount|savings)\b/i,
  /\bfree\s+(?:standard\s+|next[-\s]day\s+|uk\s+|us\s+)?(?:shipping|delivery)\b/i,
  /\bfree\s+gift\b(?:\s+with\s+(?:purchase|orders?))?/i,
];

/** When neither the fields nor the title quantify the offer: model/savings.ts ranks it last (value 0). */
export const UNQUANTIFIED_SAVINGS = 'Special offer';

/** The savings phrase of a title ("20% off", "$10 off $50+", "Free shipping"), or the unquantified text. */
export function savingsFromTitle(...texts: Array<string | null | undefined>): string {
  for (const text of texts) {
    if (!text) continue;
    for (const pattern of TITLE_SAVINGS) {
      const match = pattern.exec(text);
      if (match) {
        const phrase = match[0].replace(/\s+/g, ' ').trim();
        return phrase.charAt(0).toUpperCase() + phrase.slice(1);
      }
    }
  }
  return UNQUANTIFIED_SAVINGS;
}

/** A network's category names (lowercase) → the model's categories. */
export type CategoryTable = ReadonlyMap<string, DealCategory>;

export function categoryTable(entries: Record<DealCategory, readonly string[]>): CategoryTable {
  const table = new Map<string, DealCategory>();
  for (const [category, names] of Object.entries(entries) as Array<[DealCategory, readonly string[]]>) {
    for (const name of names) table.set(name.toLowerCase(), category);
  }
  return table;
}

/**
 * The first of the network's categories the table knows, as the model's category hint; null when none is known
 * (the model then derives the category from the deal's words, as today).
 */
export function mapCategory(table: CategoryTable, names: readonly string[]): DealCategory | null {
  for (const name of names) {
    const known = table.get(name.trim().toLowerCase());
    if (known) return known;
  }
  return null;
}

/** ISO 3166 alpha-2 codes, uppercase, each once; anything else is dropped. */
export function countryCodes(values: readonly unknown[]): string[] {
  const codes = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const code = value.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code)) codes.add(code);
  }
  return [...codes].slice(0, 250);
}

/** Splits "US, CA ,GB" or ["US","CA"] into trimmed non-empty parts. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string')
    return value
      .split(/[,;|]/)
      .map((part) => part.trim())
      .filter(Boolean);
  return [];
}

/**
 * A network date as an ISO-8601 date-time with a zone: a value without one (`2026-12-31 23:59:59.0`,
 * `2026-12-31T23:59:59`) is read in UTC, a date alone as its start; anything else is passed on unchanged, so
 * the normalizer reports it.
 */
export function networkDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?$/.exec(text);
  if (!local) return text;
  const time = local[2] ?? '00:00:00';
  return `${local[1]}T${time.length === 5 ? `${time}:00` : time}Z`;
}

/** A number from a JSON number or a numeric string ("10.00"); null otherwise. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

export const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;
