// "1.3 km away" in the reader's language (Intl), nearer than 1 km in metres rounded to 100 m.
const formatters = new Map<string, { km: Intl.NumberFormat; m: Intl.NumberFormat }>();

function formattersFor(locale: string | undefined) {
  const key = locale ?? '';
  let found = formatters.get(key);
  if (!found) {
    found = {
      km: new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }),
      m: new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }),
    };
    formatters.set(key, found);
  }
  return found;
}

export function formatDistance(distanceKm: number, locale?: string): string {
  const { km, m } = formattersFor(locale);
  if (distanceKm < 1) return m.format(Math.max(100, Math.round((distanceKm * 1000) / 100) * 100));
  return km.format(distanceKm);
}
