// Savings strings ("20% off", "$15 off", "BOGO", …) mapped to one number so deals sort by value, not by text.
//
// Scale: the estimated discount, in dollars, on a notional $100 order. Percentages and fixed amounts then
// compare directly: 10% off = 10 < 25% off = 25 < $50 off = 50, while $5 off = 5 < 10% off = 10.
//
// Rules, first match wins (case-insensitive):
//   1. Buy-X-get-Y offers, the share of the items that is free: "BOGO" / "Buy one get one free" = 50,
//      "Buy 2 get 1 free" = 33.33, "BOGO 50% off" / "Buy one get one 50% off" = 25, "BOGO half off" = 25.
//   2. Percentages: the largest one in the text, capped at 100. "Up to 60% off" = 60 (the advertised
//      maximum, taken at face value), "30-50% off" = 50, "20 percent off" = 20.
//   3. Money amounts ($, €, £, USD, "dollars"): the first one is the discount. When a minimum spend follows it
//      ("$X off $Y+", "$X off orders over $Y", "$X off when you spend $Y", with Y > X), the value is the
//      effective percentage on that minimum order, X / Y × 100: "$100 off $500+" = 20, "$10 off $50+" = 20,
//      "$20 off orders over $100" = 20, so "Up to 70% off" (70) ranks above "$100 off $500+" (20).
//      Without a minimum, the amount itself: "$15 off" = 15, "Save $9.99" = 9.99, "$1,299 off" = 1299.
//   4. Free shipping or delivery = 5 (a typical shipping fee).
//   5. Any other "free …" offer ("Free gift with purchase") = 2.
//   6. Anything else ("Special offer", "Exclusive deal", "") = 0, so unquantified deals rank lowest.
// Values are rounded to cents. Equal values keep a stable order through the query's tie-breakers.

export type SavingsKind =
  'bogo' | 'percent' | 'amount' | 'amount_min_spend' | 'free_shipping' | 'freebie' | 'other';

export interface ParsedSavings {
  kind: SavingsKind;
  /** Estimated discount in dollars on a $100 order; see the ranking above. */
  value: number;
}

/** Fixed values of the offers that carry no number. */
export const NON_NUMERIC_SAVINGS_VALUE = {
  free_shipping: 5,
  freebie: 2,
  other: 0,
} as const;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const COUNT = String.raw`(\d+|one|two|three|four|five)`;
const BUY_GET = new RegExp(
  String.raw`\bbuy\s+${COUNT}\s*,?\s*(?:and\s+)?get\s+${COUNT}\s+(?:(free)|(?:at\s+)?(\d+(?:\.\d+)?)\s*(?:%|percent)\s*off|(half)\s*off)`,
  'i',
);
const BOGO = /\bbogo\b(?:\s*[-:]?\s*(?:(\d+(?:\.\d+)?)\s*(?:%|percent)(?:\s*off)?|(half)\s*off|(free)))?/i;
const PERCENT = /(\d+(?:\.\d+)?)\s*(?:%|percent\b)/gi;
const MONEY_SYMBOL = /(?:[$€£]|\bUSD\s?)\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/i;
const MONEY_WORD = /(\d+(?:\.\d+)?)\s*dollars?\b/i;
const FREE_SHIPPING = /\bfree\b[^.;,+]{0,20}?\b(?:shipping|delivery)\b|\bships?\s+(?:for\s+)?free\b/i;
const FREE = /\bfree\b/i;

function roundToCents(value: number): number {
  return Math.round(value * 100) / 100;
}

function countOf(token: string): number {
  return NUMBER_WORDS[token.toLowerCase()] ?? Number(token);
}

/** Share of the basket that is free, as dollars on $100: Y free items of X+Y, or Y items at p% off. */
function buyGetValue(bought: number, got: number, percentOff: number): number {
  if (bought <= 0 || got <= 0) return 0;
  return (got * Math.min(percentOff, 100)) / (bought + got);
}

function parseBuyGet(text: string): number | null {
  const buyGet = BUY_GET.exec(text);
  if (buyGet) {
    const [, bought = '1', got = '1', free, percent, half] = buyGet;
    const percentOff = free ? 100 : half ? 50 : Number(percent);
    return buyGetValue(countOf(bought), countOf(got), percentOff);
  }
  const bogo = BOGO.exec(text);
  if (bogo) {
    const [, percent, half] = bogo;
    const percentOff = percent !== undefined ? Number(percent) : half ? 50 : 100;
    return buyGetValue(1, 1, percentOff);
  }
  return null;
}

function largestPercent(text: string): number | null {
  let largest: number | null = null;
  for (const match of text.matchAll(PERCENT)) {
    const percent = Number(match[1]);
    if (Number.isFinite(percent) && (largest === null || percent > largest)) largest = percent;
  }
  return largest === null ? null : Math.min(largest, 100);
}

interface MoneyAmount {
  amount: number;
  /** Where the match starts and ends in the text. */
  start: number;
  end: number;
}

function moneyAt(text: string, from: number): MoneyAmount | null {
  const rest = text.slice(from);
  const symbol = MONEY_SYMBOL.exec(rest);
  const word = MONEY_WORD.exec(rest);
  const first = symbol && word ? (symbol.index <= word.index ? symbol : word) : (symbol ?? word);
  if (!first) return null;
  const amount =
    first === symbol ? Number(`${first[1]?.replace(/,/g, '')}${first[2] ?? ''}`) : Number(first[1]);
  if (!Number.isFinite(amount)) return null;
  return { amount, start: from + first.index, end: from + first.index + first[0].length };
}

/** The words that put a minimum order right before an amount: "off $50+", "orders over $100", "spend $75". */
const MINIMUM_SPEND_CUE =
  /(?:\boff|\bover|\bof|\bspend|\babove|\bmin(?:imum)?\.?|\borders?|\bpurchases?)\s*(?:of|over|above)?\s*$/i;

/** The discount amount and, when the text states one right after it, the minimum spend it needs. */
function moneyOffer(text: string): { amount: number; minimumSpend: number | null } | null {
  const discount = moneyAt(text, 0);
  if (!discount) return null;
  const threshold = moneyAt(text, discount.end);
  const cued = threshold !== null && MINIMUM_SPEND_CUE.test(text.slice(discount.end, threshold.start));
  const minimumSpend = cued && threshold.amount > discount.amount ? threshold.amount : null;
  return { amount: discount.amount, minimumSpend };
}

export function parseSavings(savings: string): ParsedSavings {
  const text = savings.trim();
  const buyGet = parseBuyGet(text);
  if (buyGet !== null) return { kind: 'bogo', value: roundToCents(buyGet) };
  const percent = largestPercent(text);
  if (percent !== null) return { kind: 'percent', value: roundToCents(percent) };
  const money = moneyOffer(text);
  if (money?.minimumSpend) {
    return { kind: 'amount_min_spend', value: roundToCents((money.amount / money.minimumSpend) * 100) };
  }
  if (money) return { kind: 'amount', value: roundToCents(money.amount) };
  if (FREE_SHIPPING.test(text))
    return { kind: 'free_shipping', value: NON_NUMERIC_SAVINGS_VALUE.free_shipping };
  if (FREE.test(text)) return { kind: 'freebie', value: NON_NUMERIC_SAVINGS_VALUE.freebie };
  return { kind: 'other', value: NON_NUMERIC_SAVINGS_VALUE.other };
}

/** The number stored as a deal's `savings_value` (the field the savings sorts order by). */
export function savingsValue(savings: string): number {
  return parseSavings(savings).value;
}
