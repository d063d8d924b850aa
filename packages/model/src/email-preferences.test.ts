import {
  emailPreferencesDoc,
  emailPreferencesInputSchema,
  defaultEmailPreferences,
  isValidTimeZone,
  parseEmailPreferences,
} from './email-preferences';

const valid = {
  ...defaultEmailPreferences('Europe/Berlin'),
  digest: 'weekly' as const,
  interest_categories: ['electronics' as const],
  interest_stores: ['acme'],
  alert_threshold: 40,
};

describe('alert preferences', () => {
  it('defaults to no email at 08:00 on Mondays in the browser zone, UTC when that zone is unknown', () => {
    expect(defaultEmailPreferences('Europe/Berlin')).toMatchObject({
      digest: 'off',
      instant_alerts: false,
      digest_weekday: 1,
      digest_hour: 8,
      time_zone: 'Europe/Berlin',
    });
    expect(defaultEmailPreferences('Mars/Olympus').time_zone).toBe('UTC');
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Nowhere/City')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('reads a stored document', () => {
    const stored = emailPreferencesDoc(valid, new Date('2026-11-23T00:00:00Z'));
    expect(parseEmailPreferences('u1', stored)).toEqual({ uid: 'u1', ...stored });
  });

  it.each([
    ['an unknown digest', { digest: 'hourly' }],
    ['weekday 0', { digest_weekday: 0 }],
    ['hour 24', { digest_hour: 24 }],
    ['a fractional hour', { digest_hour: 7.5 }],
    ['an unknown zone', { time_zone: 'Nowhere/City' }],
    ['an unknown category', { interest_categories: ['cars'] }],
    ['a repeated category', { interest_categories: ['home', 'home'] }],
    ['51 stores', { interest_stores: Array.from({ length: 51 }, (_, i) => `s${i}`) }],
    ['an empty store id', { interest_stores: [''] }],
    ['threshold 0', { alert_threshold: 0 }],
    ['threshold 101', { alert_threshold: 101 }],
    ['an extra field', { email: 'x@example.com' }],
  ])('rejects %s', (_name, change) => {
    expect(emailPreferencesInputSchema.safeParse({ ...valid, ...change }).success).toBe(false);
    const problems: string[][] = [];
    expect(
      parseEmailPreferences('u1', { ...valid, ...change, updated_at: new Date() }, (invalid) =>
        problems.push(invalid.problems),
      ),
    ).toBeNull();
    expect(problems).toHaveLength(1);
  });
});
