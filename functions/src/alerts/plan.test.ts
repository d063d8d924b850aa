import { type EmailPreferences, defaultEmailPreferences } from '@bargains/model/email-preferences';
import { categoryCutoffs } from '@bargains/model/alerts';
import type { DealCategory } from '@bargains/model/category';
import type { Deal } from '@bargains/model/deal';
import { summarizeVotes } from '@bargains/model/votes';
import { ALERT_BATCH_GAP_MS, ALERT_SETTLE_MS, MAX_DEALS_PER_EMAIL, planAlerts, planDigest } from './plan';

// Monday 2026-11-23 09:00 in Berlin.
const NOW = new Date('2026-11-23T08:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);

function deal(id: string, savings_value: number, scrapedHoursAgo: number, over: Partial<Deal> = {}): Deal {
  return {
    id,
    source_id: 'wired',
    title: `Deal ${id}`,
    description: '',
    savings: `${savings_value}% off`,
    savings_value,
    type: 'code',
    code: null,
    start_date: hoursAgo(scrapedHoursAgo),
    end_date: new Date(NOW.getTime() + 7 * 24 * 3600_000),
    shop_id: 'acme',
    shop_name: 'Acme',
    shop_url: null,
    shop_logo_url: null,
    url_home: 'https://acme.example',
    scraped_at: hoursAgo(scrapedHoursAgo),
    is_verified: true,
    category: 'electronics' as DealCategory,
    ...over,
  };
}

const prefs = (over: Partial<EmailPreferences> = {}): EmailPreferences => ({
  uid: 'u1',
  ...defaultEmailPreferences('Europe/Berlin'),
  updated_at: null,
  ...over,
});

describe('planDigest', () => {
  const deals = [
    deal('a', 20, 2),
    deal('b', 60, 30),
    deal('c', 40, 100),
    deal('d', 90, 200),
    deal('e', 80, 1, { end_date: hoursAgo(0.5) }),
    deal('f', 70, 3, { category: 'fashion', shop_id: 'north' }),
  ];

  it('sends nothing while the digest is off or before the local send hour', () => {
    expect(planDigest(prefs(), deals, NOW)).toBeNull();
    expect(planDigest(prefs({ digest: 'daily', digest_hour: 10 }), deals, NOW)).toBeNull();
  });

  it('daily: the live deals of the last 24 hours, biggest savings first', () => {
    const plan = planDigest(prefs({ digest: 'daily', digest_hour: 9 }), deals, NOW);
    expect(plan).toMatchObject({
      uid: 'u1',
      list: 'digest',
      entryId: 'digest_daily:2026-11-23',
      frequency: 'daily',
    });
    expect(plan?.deals.map((d) => d.id)).toEqual(['f', 'a']);
  });

  it('weekly: the last 7 days, on the chosen local weekday only, narrowed to the interests', () => {
    const weekly = prefs({
      digest: 'weekly',
      digest_weekday: 1,
      digest_hour: 9,
      interest_categories: ['electronics'],
    });
    expect(planDigest(weekly, deals, NOW)?.deals.map((d) => d.id)).toEqual(['b', 'c', 'a']);
    expect(planDigest({ ...weekly, digest_weekday: 2 }, deals, NOW)).toBeNull();
  });

  it(`caps an email at ${MAX_DEALS_PER_EMAIL} deals`, () => {
    const many = Array.from({ length: 50 }, (_, i) => deal(`m${i}`, i, 1));
    const plan = planDigest(prefs({ digest: 'daily', digest_hour: 0 }), many, NOW);
    expect(plan?.deals).toHaveLength(MAX_DEALS_PER_EMAIL);
    expect(plan?.deals[0]?.savings_value).toBe(49);
  });
});

describe('planAlerts', () => {
  const history = Array.from({ length: 100 }, (_, i) => deal(`h${i}`, 10 + (i % 20), 24 * 10));
  const cutoffs = categoryCutoffs(history, NOW);
  const on = prefs({ instant_alerts: true });
  const fresh = [deal('cheap', 75, 0.5), deal('ordinary', 15, 0.5), deal('older', 80, 5)];

  it('is off unless instant alerts are on', () => {
    expect(planAlerts(prefs(), null, fresh, cutoffs, NOW)).toBeNull();
  });

  it('alerts a first-time user about the last hour only, and records how far it looked', () => {
    const plan = planAlerts(on, null, fresh, cutoffs, NOW);
    expect(plan?.deals.map((d) => d.id)).toEqual(['cheap']);
    expect(plan).toMatchObject({ list: 'alerts', entryId: 'alerts_2026-11-23T08' });
    expect(plan?.alertedThrough).toBe(hoursAgo(0.5).toISOString());
  });

  it('never alerts a deal at or before alerted_through again', () => {
    const state = { alerted_through: hoursAgo(0.5).toISOString(), last_batch_at: hoursAgo(2) };
    expect(planAlerts(on, state, fresh, cutoffs, NOW)).toBeNull();
    const state2 = { alerted_through: hoursAgo(6).toISOString(), last_batch_at: hoursAgo(2) };
    expect(planAlerts(on, state2, fresh, cutoffs, NOW)?.deals.map((d) => d.id)).toEqual(['older', 'cheap']);
  });

  it('waits an hour after the last batch', () => {
    const recent = {
      alerted_through: hoursAgo(6).toISOString(),
      last_batch_at: new Date(NOW.getTime() - ALERT_BATCH_GAP_MS + 1),
    };
    expect(planAlerts(on, recent, fresh, cutoffs, NOW)).toBeNull();
  });

  it('leaves deals scraped within the settle window to the next batch, and does not pass them', () => {
    const settling = deal('settling', 90, (ALERT_SETTLE_MS - 1000) / 3600_000);
    const plan = planAlerts(on, null, [...fresh, settling], cutoffs, NOW);
    expect(plan?.deals.map((d) => d.id)).toEqual(['cheap']);
    expect(plan?.alertedThrough).toBe(hoursAgo(0.5).toISOString());
    const later = new Date(NOW.getTime() + ALERT_SETTLE_MS);
    const state = { alerted_through: plan?.alertedThrough ?? '', last_batch_at: hoursAgo(1) };
    expect(planAlerts(on, state, [...fresh, settling], cutoffs, later)?.deals.map((d) => d.id)).toEqual([
      'settling',
    ]);
  });
});

describe('codes reported not working', () => {
  const dead = summarizeVotes('DEAD', [
    { uid: 'u1', worked: false, code: 'DEAD', voted_at: hoursAgo(1) },
    { uid: 'u2', worked: false, code: 'DEAD', voted_at: hoursAgo(0.9) },
  ]);
  const deadCode = { code: 'DEAD', votes: dead, is_verified: false };

  it('are left out of digests, while a new code of the same offer is not', () => {
    const deals = [deal('dead', 90, 2, deadCode), deal('renewed', 80, 2, { ...deadCode, code: 'NEW' })];
    const plan = planDigest(prefs({ digest: 'daily', digest_hour: 9 }), deals, NOW);
    expect(plan?.deals.map((d) => d.id)).toEqual(['renewed']);
  });

  it('are left out of alerts', () => {
    const history = Array.from({ length: 100 }, (_, i) => deal(`h${i}`, 10 + (i % 20), 24 * 10));
    const fresh = [deal('dead', 90, 0.5, deadCode), deal('cheap', 75, 0.5)];
    const plan = planAlerts(prefs({ instant_alerts: true }), null, fresh, categoryCutoffs(history, NOW), NOW);
    expect(plan?.deals.map((d) => d.id)).toEqual(['cheap']);
  });
});
