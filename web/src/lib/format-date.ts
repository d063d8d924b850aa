// One date style for the whole app ('Jan 5, 2025'). Intl formatters are costly to create (the first one in a page
// also loads the browser's date data: tens of milliseconds on a phone), so each is created once, on first use,
// not when a page's chunk is loaded.
let calendarDate: Intl.DateTimeFormat | undefined;
let publicationDate: Intl.DateTimeFormat | undefined;

/**
 * A blog post's date, 'Jan 5, 2025', in UTC: posts are published on a calendar day (midnight UTC), and the
 * server-rendered page and the app must show the same day wherever the reader is.
 */
export function formatPublicationDate(date: Date): string {
  publicationDate ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return publicationDate.format(date);
}

/** 'Jan 5, 2025' in the reader's time zone. */
export function formatCalendarDate(date: Date): string {
  calendarDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return calendarDate.format(date);
}

/** Formats a unix time in seconds (Stripe's period ends, docs/reference.md#constants), or null when it is missing or invalid. */
export function formatUnixSeconds(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  return formatCalendarDate(new Date(seconds * 1000));
}

let relativeTime: Intl.RelativeTimeFormat | undefined;

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '2h ago', '5m ago', 'yesterday', '3 days ago' (Intl.RelativeTimeFormat, narrow); under a minute 'just now'. */
export function formatTimeAgo(date: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  relativeTime ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto', style: 'narrow' });
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (elapsed >= ms) return relativeTime.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}
