// What a card shows, without repeating itself: sources often start the title with the savings text (already
// on the badge) and mention the coupon code in the description (already on the code chip).
import type { CodeTrust } from '@bargains/model/votes';
import { formatTimeAgo } from '@/lib/format-date';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The title without a leading copy of the savings text ("20% off headphones" → "Headphones"). */
export function titleWithoutSavings(title: string, savings: string): string {
  const trimmed = title.trim();
  const prefix = savings.trim();
  if (!prefix) return trimmed;
  const match = new RegExp(`^${escapeRegExp(prefix)}(?:\\s*(?:on|:|-|–|—)\\s*|\\s+)`, 'i').exec(trimmed);
  if (!match) return trimmed;
  const rest = trimmed.slice(match[0].length);
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : trimmed;
}

/** The description without the sentences that repeat the coupon code ("Use code SAVE20 at checkout."). */
export function descriptionWithoutCode(description: string, code: string | null): string {
  if (!code) return description.trim();
  const sentences = description.match(/[^.!?]+[.!?]*\s*/g) ?? [];
  const codePattern = new RegExp(`\\b${escapeRegExp(code)}\\b`, 'i');
  return sentences
    .filter((sentence) => !codePattern.test(sentence))
    .join('')
    .trim();
}

/** One or two letters for the shop's monogram: initials of the first two words ("Cedar & Pine" → "CP"). */
export function monogramOf(shopName: string): string {
  const words = shopName.match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** A stable hue per shop, so a shop's monogram keeps its colour across cards and visits. */
export function monogramHue(shopId: string): number {
  let hash = 0;
  for (const char of shopId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

/** Whole calendar days from `now` to `date` in the reader's time zone. */
function calendarDaysBetween(now: Date, date: Date): number {
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);
}

export type Urgency = { label: string; level: 'expired' | 'today' | 'soon' | 'later' };

/** "Ends today" / "Ends tomorrow" / "Ends in 5 days" / "Expired", with how urgent that is. */
export function urgencyOf(endDate: Date, now: Date): Urgency {
  if (endDate.getTime() <= now.getTime()) return { label: 'Expired', level: 'expired' };
  const days = calendarDaysBetween(now, endDate);
  if (days <= 0) return { label: 'Ends today', level: 'today' };
  if (days === 1) return { label: 'Ends tomorrow', level: 'soon' };
  return { label: `Ends in ${days} days`, level: days <= 3 ? 'soon' : 'later' };
}

/** "Added just now" / "Added 5 min ago" / "Added 2 h ago" / "Added 3 days ago". */
export function addedAgo(scrapedAt: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - scrapedAt.getTime());
  if (elapsed < MINUTE_MS) return 'Added just now';
  if (elapsed < HOUR_MS) return `Added ${Math.floor(elapsed / MINUTE_MS)} min ago`;
  if (elapsed < DAY_MS) return `Added ${Math.floor(elapsed / HOUR_MS)} h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? 'Added yesterday' : `Added ${days} days ago`;
}

/** "Worked for 12 of 15 · last worked 2h ago", "Reported not working", or null when the votes say nothing yet. */
export function codeTrustText(trust: CodeTrust, now: Date): string | null {
  if (trust.kind === 'none') return null;
  if (trust.kind === 'not-working') return 'Reported not working';
  const record = `Worked for ${trust.worked} of ${trust.total}`;
  return trust.lastWorkedAt ? `${record} · last worked ${formatTimeAgo(trust.lastWorkedAt, now)}` : record;
}
