import { type Deal, dealDocuments, isDealLive, parseDeal } from '@bargains/model/deal';
import { DEAL_CATEGORIES } from '@bargains/model/category';
import { DEAL_PAGE_SIZE } from '@bargains/model/queries';
import { searchTermsOf } from '@bargains/model/search';
import { parseStoreSummary } from '@bargains/model/store-summary';
import { parseUser } from '@bargains/model/user';
import {
  DEMO_ACCOUNTS,
  DEMO_ANCHOR,
  DEMO_STRIPE_CUSTOMER_ID,
  DEMO_STRIPE_SUBSCRIPTION_ID,
} from './constants';
import { buildDemoDataset, seededRandom } from './dataset';
import { daysBetween, shiftStoredDate } from './rebase';
import { codeTrust, summarizeVotes } from '@bargains/model/votes';

const dataset = buildDemoDataset();
const anchor = new Date(`${DEMO_ANCHOR}T00:00:00.000Z`);
/** The latest moment of the anchor day: what the stack sees at worst on the day it was (re)based. */
const endOfAnchorDay = new Date(anchor.getTime() + 24 * 3600 * 1000 - 1);

function parsedDeals(): Deal[] {
  return dataset.deals.map(({ id, doc }) => {
    const deal = parseDeal(id, doc);
    if (!deal) throw new Error(`generated deal ${id} does not parse`);
    return deal;
  });
}

describe('demo dataset', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(buildDemoDataset())).toBe(JSON.stringify(dataset));
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('writes descriptions as sentences: no doubled full stop after a shop name ending in one ("Co.")', () => {
    const descriptions = parsedDeals().map((deal) => deal.description);
    expect(descriptions.some((text) => text.includes(' Co. '))).toBe(true);
    expect(descriptions.filter((text) => text.includes('..'))).toEqual([]);
  });

  it('gives every category deals, derives search terms and keeps the shop summary equal to the live deals', () => {
    const deals = parsedDeals();
    for (const category of DEAL_CATEGORIES) {
      expect(deals.filter((deal) => deal.category === category).length).toBeGreaterThanOrEqual(5);
    }
    for (const { id, doc } of dataset.deals) {
      // The listing document carries no search index; the search document written next to it does.
      expect('search_terms' in doc).toBe(false);
      expect(dealDocuments(id, doc)[1].data).toMatchObject({
        search_terms: searchTermsOf([doc.title, doc.shop_name, doc.description]),
      });
    }
    const live = deals.filter((deal) => isDealLive(deal, anchor));
    const summary = parseStoreSummary(dataset.storeSummary);
    expect(summary?.shops.reduce((sum, shop) => sum + shop.live, 0)).toBe(live.length);
    expect(Object.values(summary?.categories ?? {}).reduce((sum, n) => sum + n, 0)).toBe(live.length);
    const bluebird = summary?.shops.find((shop) => shop.id === 'bluebird-electronics');
    expect(bluebird?.live).toBe(live.filter((deal) => deal.shop_id === 'bluebird-electronics').length);
  });

  it('has at least 150 valid deals across at least 15 shops, with unique ids', () => {
    const deals = parsedDeals();
    expect(deals.length).toBeGreaterThanOrEqual(150);
    expect(new Set(deals.map((deal) => deal.id)).size).toBe(deals.length);
    expect(new Set(deals.map((deal) => deal.shop_id)).size).toBeGreaterThanOrEqual(15);
  });

  it('mixes verified and unverified, with and without codes and shop URLs, and varied savings', () => {
    const deals = parsedDeals();
    const count = (predicate: (deal: Deal) => boolean) => deals.filter(predicate).length;
    expect(count((deal) => deal.is_verified)).toBeGreaterThan(20);
    expect(count((deal) => !deal.is_verified)).toBeGreaterThan(20);
    expect(count((deal) => deal.code !== null)).toBeGreaterThan(20);
    expect(count((deal) => deal.code === null)).toBeGreaterThan(20);
    expect(count((deal) => deal.shop_url !== null)).toBeGreaterThan(20);
    expect(count((deal) => deal.shop_url === null)).toBeGreaterThan(5);
    expect(new Set(deals.map((deal) => deal.savings)).size).toBeGreaterThanOrEqual(15);
    expect(count((deal) => /% off/.test(deal.savings))).toBeGreaterThan(0);
    expect(count((deal) => /^\$/.test(deal.savings))).toBeGreaterThan(0);
    expect(count((deal) => /shipping/i.test(deal.savings))).toBeGreaterThan(0);
    expect(count((deal) => /bogo|buy/i.test(deal.savings))).toBeGreaterThan(0);
  });

  it('has expired and not-yet-started deals, and enough live ones for several pages all day long', () => {
    const deals = parsedDeals();
    for (const moment of [anchor, endOfAnchorDay]) {
      const live = deals.filter((deal) => isDealLive(deal, moment));
      expect(deals.filter((deal) => deal.end_date <= moment).length).toBeGreaterThan(5);
      expect(deals.filter((deal) => deal.start_date > moment).length).toBeGreaterThan(5);
      // The default view (verified, newest) must scroll past the first page.
      expect(live.filter((deal) => deal.is_verified).length).toBeGreaterThan(2 * DEAL_PAGE_SIZE);
      expect(live.filter((deal) => !deal.is_verified).length).toBeGreaterThan(DEAL_PAGE_SIZE);
    }
  });

  it('live deals stay live for a week after the anchor day; dates are coherent', () => {
    const deals = parsedDeals();
    const weekLater = new Date(anchor.getTime() + 7 * 24 * 3600 * 1000);
    for (const deal of deals) {
      expect(deal.start_date.getTime()).toBeLessThan(deal.end_date.getTime());
      expect(deal.scraped_at?.getTime()).toBeLessThan(anchor.getTime());
      if (isDealLive(deal, anchor))
        expect(deal.end_date.getTime()).toBeGreaterThanOrEqual(weekLater.getTime());
    }
  });

  it('stores canonical ISO strings (queries compare them as text)', () => {
    for (const { doc } of dataset.deals) {
      for (const value of [doc.start_date, doc.end_date, doc.scraped_at]) {
        expect(new Date(value).toISOString()).toBe(value);
      }
    }
  });

  it('has one subscribed, one free and one editor account, consistent with their billing state', () => {
    expect(dataset.accounts.map((account) => account.email).sort()).toEqual([
      'editor@bargains.test',
      'free@bargains.test',
      'subscriber@bargains.test',
    ]);
    expect(dataset.accounts.filter((account) => account.editor === true)).toEqual([DEMO_ACCOUNTS.editor]);
    const users = new Map(dataset.users.map(({ uid, doc }) => [uid, parseUser(uid, doc)]));
    expect(users.get(DEMO_ACCOUNTS.editor.uid)).toMatchObject({ subscription_active: false });
    expect(users.get(DEMO_ACCOUNTS.subscriber.uid)).toMatchObject({
      subscription_active: true,
      subscription_status: 'active',
      stripe_customer_id: DEMO_STRIPE_CUSTOMER_ID,
      stripe_subscription_id: DEMO_STRIPE_SUBSCRIPTION_ID,
      cancel_at_period_end: false,
    });
    expect(users.get(DEMO_ACCOUNTS.subscriber.uid)?.current_period_end).toBeGreaterThan(
      anchor.getTime() / 1000,
    );
    expect(users.get(DEMO_ACCOUNTS.free.uid)).toMatchObject({
      subscription_active: false,
      subscription_status: 'inactive',
      stripe_customer_id: null,
    });
    const freeDoc = dataset.users.find(({ uid }) => uid === DEMO_ACCOUNTS.free.uid)?.doc;
    expect(Object.keys(freeDoc ?? {}).sort()).toEqual([
      'created_at',
      'subscription_active',
      'subscription_status',
      'updated_at',
    ]);
    expect(dataset.stripeCustomers).toEqual([
      {
        customerId: DEMO_STRIPE_CUSTOMER_ID,
        doc: expect.objectContaining({ uid: DEMO_ACCOUNTS.subscriber.uid }),
      },
    ]);
    expect(dataset.meta).toEqual({ anchor: DEMO_ANCHOR });
  });
});

describe('demo votes', () => {
  const dealById = new Map(parsedDeals().map((deal) => [deal.id, deal]));
  const stateOf = (state: keyof typeof dataset.voteStates): Deal => {
    const deal = dealById.get(dataset.voteStates[state]);
    if (!deal) throw new Error(`no deal for ${state}`);
    return deal;
  };

  it('shows every state of a code: new, worked, reported not working and recovered', () => {
    // New: deals nobody voted on, and one with too few votes to say anything.
    expect(
      parsedDeals().filter((deal) => deal.code !== null && codeTrust(deal).kind === 'none').length,
    ).toBeGreaterThan(5);
    expect(stateOf('few').votes?.total).toBeGreaterThan(0);
    expect(codeTrust(stateOf('few'))).toEqual({ kind: 'none' });
    expect(codeTrust(stateOf('worked'))).toMatchObject({ kind: 'record', worked: 9, total: 11 });
    expect(codeTrust(stateOf('not-working'))).toMatchObject({ kind: 'not-working' });
    // Recovered: No votes then a later Yes; the record shows the whole window.
    expect(codeTrust(stateOf('recovered'))).toMatchObject({ kind: 'record', worked: 3, total: 5 });
    for (const deal of [stateOf('few'), stateOf('worked'), stateOf('recovered')]) {
      expect(deal.is_verified).toBe(true);
      expect(isDealLive(deal, anchor)).toBe(true);
    }
    // Reported not working leaves Verified Only, while the source's verdict is kept.
    const dead = dataset.deals.find(({ id }) => id === dataset.voteStates['not-working'])?.doc;
    expect(dead).toMatchObject({ is_verified: false, source_verified: true });
    expect(isDealLive(stateOf('not-working'), anchor)).toBe(true);
  });

  it('stores exactly the votes the summaries were counted from, before the anchor, on the current code', () => {
    for (const { id, doc } of dataset.deals) {
      const votes = dataset.votes.filter((vote) => vote.dealId === id).map(({ doc: vote }) => vote);
      if (votes.length === 0) {
        expect('votes' in doc).toBe(false);
        continue;
      }
      expect('votes' in doc && doc.votes).toEqual(summarizeVotes(doc.code ?? '', votes));
      for (const vote of votes) {
        expect(vote.code).toBe(doc.code);
        expect(vote.voted_at.getTime()).toBeLessThan(anchor.getTime());
      }
    }
    const ids = dataset.votes.map(({ dealId, uid }) => `${dealId}/${uid}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dataset.votes.every(({ uid, doc }) => doc.uid === uid)).toBe(true);
  });
});

describe('demo popularity', () => {
  const scoreOf = (id: string) => dataset.deals.find((deal) => deal.id === id)?.doc.popularity_score ?? -1;

  it('gives every deal a score, and some deals activity, so Most popular differs from Newest First', () => {
    expect(dataset.deals.every(({ doc }) => typeof doc.popularity_score === 'number')).toBe(true);
    const scores = dataset.popularDeals.map(scoreOf);
    expect(scores.every((score, i) => i === 0 || score <= (scores[i - 1] ?? 0))).toBe(true);
    expect(scores.at(-1)).toBeGreaterThan(0);
    const live = dataset.deals.filter(({ doc }) => isDealLive(parseDeal('x', doc) as Deal, anchor));
    const newest = [...live].sort((a, b) => b.doc.scraped_at.localeCompare(a.doc.scraped_at)).slice(0, 8);
    expect(newest.map(({ id }) => id)).not.toEqual(dataset.popularDeals);
  });

  it('stores one record per kind, day and demo voter, and the counts the triggers would store', () => {
    const ids = dataset.activity.map(({ dealId, id }) => `${dealId}/${id}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const dealId of dataset.popularDeals) {
      const deal = dataset.deals.find((candidate) => candidate.id === dealId)?.doc;
      const records = dataset.activity.filter((entry) => entry.dealId === dealId);
      expect(deal?.popularity?.opens).toBe(records.filter((entry) => entry.doc.kind === 'open').length);
      expect(deal?.popularity?.saves).toBe(records.filter((entry) => entry.doc.kind === 'save').length);
    }
  });
});

describe('rebase helpers', () => {
  it('daysBetween counts whole UTC days, across months and backwards', () => {
    expect(daysBetween('2025-06-01', '2025-06-01')).toBe(0);
    expect(daysBetween('2025-06-01', '2025-07-01')).toBe(30);
    expect(daysBetween('2025-03-01', '2025-02-01')).toBe(-28);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
  });

  it('shiftStoredDate keeps each representation', () => {
    expect(shiftStoredDate('2025-06-01T10:00:00.000Z', 3)).toBe('2025-06-04T10:00:00.000Z');
    expect(shiftStoredDate('2025-06-01T10:00:00.000Z', -1)).toBe('2025-05-31T10:00:00.000Z');
    const timestamp = { toDate: () => new Date('2025-06-01T10:00:00.000Z') };
    expect(shiftStoredDate(timestamp, 1)).toEqual(new Date('2025-06-02T10:00:00.000Z'));
    expect(shiftStoredDate('not a date', 1)).toBeUndefined();
    expect(shiftStoredDate(undefined, 1)).toBeUndefined();
  });
});
