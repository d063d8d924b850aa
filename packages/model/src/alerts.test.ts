import { defaultEmailPreferences } from './email-preferences';
import {
  categoryCutoffs,
  type DigestSchedule,
  digestPeriodDue,
  type DistributionDeal,
  isUnusuallyCheap,
  localTime,
  MIN_CATEGORY_SAMPLE,
} from './alerts';
import type { DealCategory } from './category';
import { savingsValue } from './savings';

const NOW = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

/** Deterministic pseudo-random numbers (mulberry32), so the distributions are the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A month of deals for one category, with savings texts weighted the way coupon feeds look: mostly 10–25% off,
 * some fixed amounts with a minimum spend, free shipping and unquantified offers, and a thin tail of big sales.
 */
function monthOfDeals(category: DealCategory, count: number, seed: number): DistributionDeal[] {
  const texts: Array<[string, number]> = [
    ['10% off', 18],
    ['15% off', 16],
    ['20% off sitewide', 16],
    ['25% off', 10],
    ['$10 off $50+', 8],
    ['Free shipping', 10],
    ['Special offer', 8],
    ['BOGO', 4],
    ['30% off', 5],
    ['Up to 40% off', 3],
    ['Up to 60% off', 1.5],
    ['70% off clearance', 0.5],
  ];
  const total = texts.reduce((sum, [, weight]) => sum + weight, 0);
  const next = random(seed);
  return Array.from({ length: count }, () => {
    let pick = next() * total;
    const text = texts.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? '10% off';
    return { category, savings_value: savingsValue(text), start_date: daysAgo(next() * 29) };
  });
}

const everything = { interest_categories: [], interest_stores: [], alert_threshold: null };
const deal = (category: DealCategory, savings: string, shop_id = 'acme') => ({
  category,
  shop_id,
  savings_value: savingsValue(savings),
});

describe('categoryCutoffs', () => {
  const electronics = monthOfDeals('electronics', 400, 1);
  const fashion = monthOfDeals('fashion', 250, 2);
  const cutoffs = categoryCutoffs([...electronics, ...fashion], NOW);

  it('flags about 5% of a realistic month, never more', () => {
    for (const deals of [electronics, fashion]) {
      const flagged = deals.filter((d) => isUnusuallyCheap({ ...d, shop_id: 'x' }, everything, cutoffs));
      expect(flagged.length / deals.length).toBeLessThanOrEqual(0.05);
      expect(flagged.length).toBeGreaterThan(0);
      // Only the big sales of the tail: nothing at or below a plain 30% off.
      expect(Math.min(...flagged.map((d) => d.savings_value))).toBeGreaterThan(30);
    }
  });

  it('puts the everyday 20% off and BOGO below the cutoff and "Up to 60% off" above it', () => {
    expect(isUnusuallyCheap(deal('electronics', '20% off'), everything, cutoffs)).toBe(false);
    expect(isUnusuallyCheap(deal('electronics', 'BOGO'), everything, cutoffs)).toBe(false);
    expect(isUnusuallyCheap(deal('electronics', 'Up to 60% off'), everything, cutoffs)).toBe(true);
  });

  it('judges each category by its own deals', () => {
    // Travel where 60–65% off is routine: 65% is not unusual there, but it is in electronics.
    const travel = Array.from({ length: 60 }, (_, i) => ({
      category: 'travel' as const,
      savings_value: i < 50 ? 60 : 65,
      start_date: daysAgo(i % 28),
    }));
    const mixed = categoryCutoffs([...electronics, ...travel], NOW);
    expect(isUnusuallyCheap(deal('travel', '65% off'), everything, mixed)).toBe(false);
    expect(isUnusuallyCheap(deal('travel', '70% off'), everything, mixed)).toBe(true);
    expect(isUnusuallyCheap(deal('electronics', '65% off'), everything, mixed)).toBe(true);
  });

  it('ignores deals older than 30 days or not started yet', () => {
    const old = Array.from({ length: 50 }, (_, i) => ({
      category: 'home' as const,
      savings_value: 80 + i,
      start_date: daysAgo(31 + i),
    }));
    const future = old.map((d) => ({ ...d, start_date: new Date(NOW.getTime() + 60_000) }));
    expect(categoryCutoffs([...old, ...future], NOW).home).toBeNull();
  });

  it(`turns the percentile rule off below ${MIN_CATEGORY_SAMPLE} deals in a category`, () => {
    const few = monthOfDeals('beauty', MIN_CATEGORY_SAMPLE - 1, 3);
    expect(categoryCutoffs(few, NOW).beauty).toBeNull();
    expect(categoryCutoffs(monthOfDeals('beauty', MIN_CATEGORY_SAMPLE, 3), NOW).beauty).not.toBeNull();
    expect(isUnusuallyCheap(deal('beauty', '90% off'), everything, categoryCutoffs(few, NOW))).toBe(false);
  });

  it('never counts ties at the cutoff as top 5%', () => {
    const flat = Array.from({ length: 100 }, () => ({
      category: 'food' as const,
      savings_value: 20,
      start_date: daysAgo(1),
    }));
    expect(isUnusuallyCheap(deal('food', '20% off'), everything, categoryCutoffs(flat, NOW))).toBe(false);
  });
});

describe('isUnusuallyCheap: threshold and interests', () => {
  const cutoffs = categoryCutoffs(monthOfDeals('electronics', 400, 1), NOW);

  it('alerts at or above the user threshold even when the deal is ordinary for its category', () => {
    const prefs = { ...everything, alert_threshold: 25 };
    expect(isUnusuallyCheap(deal('electronics', '25% off'), prefs, cutoffs)).toBe(true);
    expect(isUnusuallyCheap(deal('electronics', '$30 off $100+'), prefs, cutoffs)).toBe(true);
    expect(isUnusuallyCheap(deal('electronics', '24% off'), prefs, cutoffs)).toBe(false);
    // A category without enough history still alerts on the threshold.
    expect(isUnusuallyCheap(deal('travel', '30% off'), prefs, cutoffs)).toBe(true);
  });

  it('never alerts on unquantified offers', () => {
    const prefs = { ...everything, alert_threshold: 1 };
    expect(isUnusuallyCheap(deal('electronics', 'Special offer'), prefs, cutoffs)).toBe(false);
  });

  it('matches a chosen category or a chosen store, and nothing else', () => {
    const prefs = {
      interest_categories: ['fashion' as const],
      interest_stores: ['bluebird'],
      alert_threshold: 20,
    };
    expect(isUnusuallyCheap(deal('fashion', '50% off', 'acme'), prefs, cutoffs)).toBe(true);
    expect(isUnusuallyCheap(deal('electronics', '50% off', 'bluebird'), prefs, cutoffs)).toBe(true);
    expect(isUnusuallyCheap(deal('electronics', '90% off', 'acme'), prefs, cutoffs)).toBe(false);
  });
});

describe('digestPeriodDue', () => {
  const schedule = (over: Partial<DigestSchedule>): DigestSchedule => ({
    ...defaultEmailPreferences('UTC'),
    digest: 'daily',
    ...over,
  });

  it('is never due when the digest is off', () => {
    expect(digestPeriodDue(schedule({ digest: 'off', digest_hour: 0 }), NOW)).toBeNull();
  });

  it('sends daily from the local hour to the end of the local day', () => {
    const berlin = schedule({ time_zone: 'Europe/Berlin', digest_hour: 8 });
    // November: Berlin is UTC+1, so 08:00 local = 07:00Z.
    expect(digestPeriodDue(berlin, new Date('2026-11-23T06:59:00Z'))).toBeNull();
    expect(digestPeriodDue(berlin, new Date('2026-11-23T07:00:00Z'))).toBe('daily:2026-11-23');
    expect(digestPeriodDue(berlin, new Date('2026-11-23T22:59:00Z'))).toBe('daily:2026-11-23');
    // 00:00 local on the 24th: a new day, before its send hour.
    expect(digestPeriodDue(berlin, new Date('2026-11-23T23:00:00Z'))).toBeNull();
  });

  it('follows summer time: 08:00 in Berlin is 06:00Z in July', () => {
    const berlin = schedule({ time_zone: 'Europe/Berlin', digest_hour: 8 });
    expect(digestPeriodDue(berlin, new Date('2026-07-01T05:59:00Z'))).toBeNull();
    expect(digestPeriodDue(berlin, new Date('2026-07-01T06:00:00Z'))).toBe('daily:2026-07-01');
  });

  it('sends a send hour that a spring-forward day skips at the next run', () => {
    // New York, 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00Z). 01:00 EST = 06:00Z.
    const ny = schedule({ time_zone: 'America/New_York', digest_hour: 2 });
    expect(digestPeriodDue(ny, new Date('2026-03-08T06:00:00Z'))).toBeNull();
    expect(localTime(new Date('2026-03-08T07:00:00Z'), 'America/New_York').hour).toBe(3);
    expect(digestPeriodDue(ny, new Date('2026-03-08T07:00:00Z'))).toBe('daily:2026-03-08');
  });

  it('gives the repeated hour of a fall-back day one period key, so the ledger sends once', () => {
    // New York, 2026-11-01: 01:00 EDT (05:00Z) and 01:00 EST (06:00Z) are both local 01:00.
    const ny = schedule({ time_zone: 'America/New_York', digest_hour: 1 });
    expect(digestPeriodDue(ny, new Date('2026-11-01T04:59:00Z'))).toBeNull();
    const first = digestPeriodDue(ny, new Date('2026-11-01T05:00:00Z'));
    const repeated = digestPeriodDue(ny, new Date('2026-11-01T06:00:00Z'));
    expect(first).toBe('daily:2026-11-01');
    expect(repeated).toBe(first);
  });

  it('sends weekly on the local weekday, even when that is another day in UTC', () => {
    // Sydney is UTC+11 in November: Monday 07:00 local = Sunday 20:00Z.
    const sydney = schedule({
      digest: 'weekly',
      digest_weekday: 1,
      digest_hour: 7,
      time_zone: 'Australia/Sydney',
    });
    expect(digestPeriodDue(sydney, new Date('2026-11-22T19:59:00Z'))).toBeNull();
    expect(digestPeriodDue(sydney, new Date('2026-11-22T20:00:00Z'))).toBe('weekly:2026-11-23');
    // Tuesday local: not due again that week.
    expect(digestPeriodDue(sydney, new Date('2026-11-23T20:00:00Z'))).toBeNull();
    // Sydney's own spring-forward (2026-10-04, 02:00 → 03:00) moves Monday 07:00 from 21:00Z to 20:00Z.
    expect(digestPeriodDue(sydney, new Date('2026-09-27T20:00:00Z'))).toBeNull();
    expect(digestPeriodDue(sydney, new Date('2026-09-27T21:00:00Z'))).toBe('weekly:2026-09-28');
    expect(digestPeriodDue(sydney, new Date('2026-10-04T20:00:00Z'))).toBe('weekly:2026-10-05');
  });

  it('treats every hourly run of the send day as the same period (crash or retry sends once)', () => {
    const utc = schedule({ digest_hour: 0 });
    const keys = new Set(
      Array.from({ length: 24 }, (_, h) => digestPeriodDue(utc, new Date(Date.UTC(2026, 10, 23, h)))),
    );
    expect([...keys]).toEqual(['daily:2026-11-23']);
  });
});
