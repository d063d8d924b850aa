// The demo dataset as plain data: a pure function of a fixed seed and a fixed anchor day, so generating it twice
// gives identical documents. generate.ts writes it to the emulators; rebase.ts later moves every deal's dates
// so they stay valid relative to the day the stack starts (the anchor is stored in _meta/demo).
import { seededRandom } from '../../tools/seeded-random';
import { buildDealDoc, type DealDoc } from '@bargains/model/deal';
import type { DemoMetaDoc } from '@bargains/model/server-docs';
import { buildStoreSummaryDoc, type StoreSummaryDoc } from '@bargains/model/store-summary';
import {
  type ActivityDoc,
  activityDoc,
  type DealPopularityFields,
  dealPopularityFields,
  startOfUtcDay,
  utcDayOf,
  windowStartDay,
} from '@bargains/model/popularity';
import { type DealVoteFields, dealVoteFields, type VoteDoc } from '@bargains/model/votes';
import {
  DEMO_ACCOUNTS,
  DEMO_ANCHOR,
  DEMO_PRNG_SEED,
  DEMO_STRIPE_CUSTOMER_ID,
  DEMO_STRIPE_SUBSCRIPTION_ID,
  type DemoAccount,
} from './constants';
import { withDemoPlaces } from './places';
import { type InitialUserDoc, newUserDoc, type UserBillingUpdate } from '@bargains/model/user';

/** A user document as the Admin SDK writes it (Dates become Timestamps). */
export type DemoUserDoc = InitialUserDoc<Date> | (UserBillingUpdate<Date> & { created_at: Date });

export interface DemoDataset {
  meta: DemoMetaDoc;
  accounts: DemoAccount[];
  users: Array<{ uid: string; doc: DemoUserDoc }>;
  stripeCustomers: Array<{ customerId: string; doc: { uid: string; created_at: Date } }>;
  /** The deals; those with votes carry the vote fields the vote_on_deal trigger would have stored. */
  deals: Array<{ id: string; doc: DealDoc | (DealDoc & DealVoteFields) }>;
  /** "Did this code work?" votes (sources/wired/coupons/{dealId}/votes/{uid}) by demo voters without accounts. */
  votes: Array<{ dealId: string; uid: string; doc: VoteDoc<Date> }>;
  /** The deal showing each state of the votes (tests and docs/demo-data.md name them). */
  voteStates: Record<DemoVoteState, string>;
  /**
   * View Deal opens and saves (sources/wired/coupons/{dealId}/activity/{id}, model/popularity.ts) by the demo
   * voters over the week before the anchor; every deal carries the popularity fields the triggers would store.
   */
  activity: Array<{ dealId: string; id: string; doc: ActivityDoc }>;
  /** The deals with the most activity, most popular first (what "Most popular" lists first). */
  popularDeals: string[];
  /** sources/wired/summaries/shops as the deal writers maintain it, as of the anchor. */
  storeSummary: StoreSummaryDoc;
}

export { seededRandom };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Shop {
  id: string;
  name: string;
  /** Absent for some shops: the card then shows the name as plain text. */
  url?: string;
  domain: string;
  codePrefix: string;
  products: string[];
}

const SHOPS: Shop[] = [
  {
    id: 'northwind-outfitters',
    name: 'Northwind Outfitters',
    url: 'https://northwind-outfitters.example',
    domain: 'northwind-outfitters.example',
    codePrefix: 'NORTH',
    products: ['winter jackets', 'rain shells', 'wool sweaters', 'hiking pants'],
  },
  {
    id: 'bluebird-electronics',
    name: 'Bluebird Electronics',
    url: 'https://bluebird-electronics.example',
    domain: 'bluebird-electronics.example',
    codePrefix: 'BLUE',
    products: ['wireless earbuds', 'laptops', '4K monitors', 'smart speakers'],
  },
  {
    id: 'cedar-and-pine',
    name: 'Cedar & Pine Home',
    url: 'https://cedarandpine.example',
    domain: 'cedarandpine.example',
    codePrefix: 'CEDAR',
    products: ['bedding sets', 'table lamps', 'area rugs', 'bath towels'],
  },
  {
    id: 'lumen-beauty',
    name: 'Lumen Beauty',
    url: 'https://lumen-beauty.example',
    domain: 'lumen-beauty.example',
    codePrefix: 'GLOW',
    products: ['skincare sets', 'fragrances', 'hair tools', 'makeup palettes'],
  },
  {
    id: 'trailhead-sports',
    name: 'Trailhead Sports',
    domain: 'trailhead-sports.example',
    codePrefix: 'TRAIL',
    products: ['running shoes', 'camping tents', 'yoga mats', 'bike helmets'],
  },
  {
    id: 'pantry-fresh',
    name: 'Pantry Fresh',
    url: 'https://pantryfresh.example',
    domain: 'pantryfresh.example',
    codePrefix: 'FRESH',
    products: ['grocery orders', 'meal kits', 'organic produce boxes', 'coffee beans'],
  },
  {
    id: 'pixel-arcade',
    name: 'Pixel Arcade',
    url: 'https://pixel-arcade.example',
    domain: 'pixel-arcade.example',
    codePrefix: 'PIXEL',
    products: ['video games', 'controllers', 'gaming headsets', 'console bundles'],
  },
  {
    id: 'harbor-books',
    name: 'Harbor Books',
    domain: 'harborbooks.example',
    codePrefix: 'READ',
    products: ['bestsellers', 'audiobooks', "children's books", 'box sets'],
  },
  {
    id: 'copper-kettle',
    name: 'Copper Kettle Kitchen',
    url: 'https://copperkettle.example',
    domain: 'copperkettle.example',
    codePrefix: 'KETTLE',
    products: ['cookware sets', 'knife blocks', 'stand mixers', 'espresso machines'],
  },
  {
    id: 'little-sprouts',
    name: 'Little Sprouts',
    url: 'https://littlesprouts.example',
    domain: 'littlesprouts.example',
    codePrefix: 'SPROUT',
    products: ['kids clothing', 'strollers', 'toys', 'car seats'],
  },
  {
    id: 'velo-cycles',
    name: 'Velo Cycles',
    domain: 'velocycles.example',
    codePrefix: 'VELO',
    products: ['road bikes', 'bike lights', 'cycling jerseys', 'e-bikes'],
  },
  {
    id: 'paws-and-whiskers',
    name: 'Paws & Whiskers',
    url: 'https://pawsandwhiskers.example',
    domain: 'pawsandwhiskers.example',
    codePrefix: 'PAWS',
    products: ['dog food', 'cat litter', 'pet beds', 'chew toys'],
  },
  {
    id: 'atlas-travel',
    name: 'Atlas Travel Gear',
    url: 'https://atlas-travel.example',
    domain: 'atlas-travel.example',
    codePrefix: 'ATLAS',
    products: ['carry-on luggage', 'travel backpacks', 'packing cubes', 'neck pillows'],
  },
  {
    id: 'evergreen-garden',
    name: 'Evergreen Garden Co.',
    url: 'https://evergreen-garden.example',
    domain: 'evergreen-garden.example',
    codePrefix: 'GROW',
    products: ['seed kits', 'garden tools', 'planters', 'patio furniture'],
  },
  {
    id: 'nova-mobile',
    name: 'Nova Mobile',
    url: 'https://nova-mobile.example',
    domain: 'nova-mobile.example',
    codePrefix: 'NOVA',
    products: ['phone plans', 'phone cases', 'chargers', 'smartwatches'],
  },
  {
    id: 'studio-ink',
    name: 'Studio Ink Office',
    domain: 'studio-ink.example',
    codePrefix: 'INK',
    products: ['printer ink', 'desk chairs', 'notebooks', 'standing desks'],
  },
  {
    id: 'sunset-shoes',
    name: 'Sunset Shoes',
    url: 'https://sunsetshoes.example',
    domain: 'sunsetshoes.example',
    codePrefix: 'STEP',
    products: ['sneakers', 'sandals', 'boots', 'dress shoes'],
  },
  {
    id: 'brightside-vitamins',
    name: 'Brightside Vitamins',
    url: 'https://brightside-vitamins.example',
    domain: 'brightside-vitamins.example',
    codePrefix: 'VITA',
    products: ['multivitamins', 'protein powder', 'fish oil', 'sleep aids'],
  },
];

const DEALS_PER_SHOP = 10;

/** Savings texts as deal sources write them, numeric and not (see model/savings.ts for their ranking). */
const SAVINGS = [
  '10% off',
  '15% off',
  '20% off',
  '25% off',
  '30% off',
  '40% off',
  'Up to 50% off',
  'Up to 60% off',
  'Up to 70% off',
  '30-50% off',
  'Extra 15% off sale items',
  '$5 off',
  '$10 off $50+',
  '$15 off',
  '$20 off $100+',
  '$25 off',
  '$50 off',
  '$100 off $500+',
  'Save $9.99',
  'Free shipping',
  'Free 2-day shipping',
  'BOGO',
  'Buy one, get one 50% off',
  'Buy 2, get 1 free',
  'Free gift with purchase',
  'Special offer',
];

const CONDITIONS = [
  'Online only.',
  'Excludes gift cards.',
  'One use per customer.',
  'While supplies last.',
  'Valid on full-price items only.',
  'No minimum purchase.',
  'New customers only.',
  'Cannot be combined with other offers.',
];

function titleFor(savings: string, product: string): string {
  if (/^free/i.test(savings)) return `${savings} on ${product}`;
  if (/^(bogo|buy)/i.test(savings)) return `${savings}: ${product}`;
  if (/^special/i.test(savings)) return `Special offer on ${product}`;
  return `${savings} ${product}`;
}

function descriptionFor(shop: Shop, product: string, code: string | null, condition: string): string {
  const how = code ? `Use code ${code} at checkout.` : 'Discount applied automatically at checkout.';
  // "Evergreen Garden Co." already ends the sentence.
  const shopAtEnd = shop.name.endsWith('.') ? shop.name : `${shop.name}.`;
  return `Save on ${product} at ${shopAtEnd} ${how} ${condition}`;
}

type Window = 'live' | 'expired' | 'upcoming';

function buildDeals(anchor: Date): Array<{ id: string; doc: DealDoc }> {
  const random = seededRandom(DEMO_PRNG_SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const between = (min: number, max: number, step: number) =>
    min + Math.floor(random() * ((max - min) / step + 1)) * step;
  const at = (offset: number) => new Date(anchor.getTime() + offset);
  const minuteBetween = (from: Date, to: Date) => new Date(between(from.getTime(), to.getTime(), MINUTE));

  /** Scraped after the deal appeared (an upcoming one when it was announced) and before the anchor. */
  function dealWindow(window: Window): { start: Date; end: Date; scraped: Date } {
    if (window === 'expired') {
      const startedAgo = between(5 * DAY, 45 * DAY, 15 * MINUTE);
      const start = at(-startedAgo);
      const end = at(-between(1 * DAY, startedAgo - 1 * DAY, 15 * MINUTE));
      return { start, end, scraped: minuteBetween(start, new Date(end.getTime() - 10 * MINUTE)) };
    }
    if (window === 'upcoming') {
      const start = at(between(1 * DAY, 14 * DAY, 15 * MINUTE));
      const end = new Date(start.getTime() + between(7 * DAY, 60 * DAY, HOUR));
      return { start, end, scraped: minuteBetween(at(-5 * DAY), at(-10 * MINUTE)) };
    }
    // Live deals started before the anchor day and end at least a week after it: after the rebase, a stack
    // started on any day shows them for a week even without a restart.
    const start = at(-between(1 * HOUR, 45 * DAY, 15 * MINUTE));
    const end = at(between(7 * DAY, 60 * DAY, HOUR));
    return { start, end, scraped: minuteBetween(start, at(-10 * MINUTE)) };
  }

  return SHOPS.flatMap((shop) =>
    Array.from({ length: DEALS_PER_SHOP }, (_, index) => {
      const roll = random();
      const window: Window = roll < 0.08 ? 'expired' : roll < 0.16 ? 'upcoming' : 'live';
      const { start, end, scraped } = dealWindow(window);
      const savings = pick(SAVINGS);
      const product = pick(shop.products);
      const code = random() < 0.55 ? `${shop.codePrefix}${between(5, 60, 5)}` : null;
      const condition = pick(CONDITIONS);
      const isVerified = random() < 0.6;
      const id = `${shop.id}-${String(index + 1).padStart(2, '0')}`;
      const doc = buildDealDoc({
        title: titleFor(savings, product),
        description: descriptionFor(shop, product, code, condition),
        savings,
        type: code ? 'code' : 'sale',
        code,
        start_date: start,
        end_date: end,
        shop_id: shop.id,
        shop_name: shop.name,
        shop_url: shop.url ?? null,
        url_home: `https://${shop.domain}/deals/${id}`,
        scraped_at: scraped,
        is_verified: isVerified,
      });
      return { id, doc };
    }),
  );
}

/**
 * The states of a code's votes the demo shows, each as its votes, oldest first (true = "Yes, it worked"):
 * - few: too few votes to say anything (the card shows no record, like a deal nobody voted on);
 * - worked: "Worked for 9 of 11";
 * - not-working: the latest votes say No: "Reported not working", out of Verified Only;
 * - recovered: reported dead, then a later Yes brought it back.
 */
export type DemoVoteState = 'few' | 'worked' | 'not-working' | 'recovered';
const VOTE_PATTERNS: Record<DemoVoteState, boolean[]> = {
  few: [true],
  worked: [true, true, false, true, true, true, true, false, true, true, true],
  'not-working': [true, true, true, true, false, false],
  recovered: [true, true, false, false, true],
};
/** Hours between two demo votes on a deal; the latest vote is this long before the anchor too. */
const VOTE_SPACING_HOURS = 3;

/**
 * Votes on the first verified live code deals (one deal per state, in VOTE_PATTERNS order), and those deals with
 * the vote fields computed by the same rule the trigger applies (model/votes.ts dealVoteFields).
 */
function buildVotes(
  deals: Array<{ id: string; doc: DealDoc }>,
  anchor: Date,
): Pick<DemoDataset, 'deals' | 'votes' | 'voteStates'> {
  const candidates = deals.filter(
    ({ doc }) => doc.code !== undefined && doc.is_verified && isLiveAt(doc, anchor),
  );
  const states = Object.keys(VOTE_PATTERNS) as DemoVoteState[];
  const voteStates = {} as Record<DemoVoteState, string>;
  const votes: DemoDataset['votes'] = [];
  const fieldsById = new Map<string, DealVoteFields>();
  states.forEach((state, index) => {
    const deal = candidates[index];
    if (deal === undefined || deal.doc.code === undefined)
      throw new Error('too few code deals for the votes');
    const code = deal.doc.code;
    const pattern = VOTE_PATTERNS[state];
    const dealVotes = pattern.map((worked, position) => {
      const hoursBeforeAnchor = (pattern.length - position) * VOTE_SPACING_HOURS;
      const uid = `demo-voter-${String(position + 1).padStart(2, '0')}`;
      const doc: VoteDoc<Date> = {
        worked,
        code,
        uid,
        voted_at: new Date(anchor.getTime() - hoursBeforeAnchor * HOUR),
      };
      return { dealId: deal.id, uid, doc };
    });
    const fields = dealVoteFields(
      deal.doc,
      dealVotes.map(({ doc }) => doc),
    );
    if (fields === null) throw new Error(`deal ${deal.id} has no code to vote on`);
    fieldsById.set(deal.id, fields);
    voteStates[state] = deal.id;
    votes.push(...dealVotes);
  });
  return {
    deals: deals.map(({ id, doc }) => {
      const fields = fieldsById.get(id);
      return fields === undefined ? { id, doc } : { id, doc: { ...doc, ...fields } };
    }),
    votes,
    voteStates,
  };
}

/**
 * Opens and saves of the most popular demo deals, most popular first: older, mid-list deals, so "Most popular"
 * differs visibly from "Newest First". Each subscriber counts once per deal, day and kind (the document id).
 */
const POPULAR_ACTIVITY: ReadonlyArray<{ opens: number; saves: number }> = [
  { opens: 9, saves: 4 },
  { opens: 8, saves: 3 },
  { opens: 7, saves: 2 },
  { opens: 6, saves: 2 },
  { opens: 5, saves: 1 },
  { opens: 4, saves: 1 },
  { opens: 3, saves: 0 },
  { opens: 2, saves: 0 },
];
/** Every POPULAR_SPACING-th live deal, oldest scraped first, gets activity. */
const POPULAR_SPACING = 11;

/**
 * The demo activity, and every deal with the popularity fields the triggers would store as of the anchor (its
 * Yes votes count too), computed with the same rule (model/popularity.ts dealPopularityFields).
 */
function buildActivity(
  deals: DemoDataset['deals'],
  votes: DemoDataset['votes'],
  anchor: Date,
): Pick<DemoDataset, 'deals' | 'activity' | 'popularDeals'> {
  const anchorDay = utcDayOf(anchor);
  const byAge = deals
    .filter(({ doc }) => isLiveAt(doc, anchor))
    .sort((a, b) => a.doc.scraped_at.localeCompare(b.doc.scraped_at) || a.id.localeCompare(b.id));
  const activity: DemoDataset['activity'] = [];
  const popularDeals: string[] = [];
  POPULAR_ACTIVITY.forEach(({ opens, saves }, rank) => {
    const deal = byAge[rank * POPULAR_SPACING];
    if (deal === undefined) throw new Error('too few live deals for the demo activity');
    popularDeals.push(deal.id);
    const record = (kind: ActivityDoc['kind'], count: number) => {
      for (let k = 0; k < count; k += 1) {
        const uid = `demo-voter-${String(k + 1).padStart(2, '0')}`;
        const day = anchorDay - 1 - (k % 6);
        activity.push({ dealId: deal.id, id: `${kind}_${day}_${uid}`, doc: activityDoc(kind, day, uid) });
      }
    };
    record('open', opens);
    record('save', saves);
  });
  const firstDay = windowStartDay(anchor);
  const since = startOfUtcDay(firstDay).getTime();
  const counted = (dealId: string, kind: ActivityDoc['kind']) =>
    activity.filter(
      (entry) => entry.dealId === dealId && entry.doc.kind === kind && entry.doc.day >= firstDay,
    ).length;
  return {
    deals: deals.map(({ id, doc }) => {
      const fields: DealPopularityFields = dealPopularityFields(
        {
          opens: counted(id, 'open'),
          saves: counted(id, 'save'),
          worked: votes.filter(
            (vote) => vote.dealId === id && vote.doc.worked && vote.doc.voted_at.getTime() >= since,
          ).length,
        },
        anchor,
      );
      return { id, doc: { ...doc, ...fields } };
    }),
    activity,
    popularDeals,
  };
}

function isLiveAt(doc: DealDoc, moment: Date): boolean {
  return Date.parse(doc.start_date) <= moment.getTime() && Date.parse(doc.end_date) > moment.getTime();
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function buildDemoDataset(anchorDay: string = DEMO_ANCHOR): DemoDataset {
  const anchor = new Date(`${anchorDay}T00:00:00.000Z`);
  const at = (offset: number) => new Date(anchor.getTime() + offset);
  const { subscriber, free, editor } = DEMO_ACCOUNTS;
  const voted = buildVotes(buildDeals(anchor), anchor);
  const { votes, voteStates } = voted;
  const popular = buildActivity(voted.deals, votes, anchor);
  const { activity, popularDeals } = popular;
  const deals = withDemoPlaces(popular.deals, anchor);
  const subscribedSince = at(-45 * DAY);
  const lastRenewal = at(-15 * DAY);
  return {
    meta: { anchor: anchorDay },
    accounts: [subscriber, free, editor],
    users: [
      {
        uid: subscriber.uid,
        doc: {
          subscription_active: true,
          subscription_status: 'active',
          created_at: subscribedSince,
          updated_at: lastRenewal,
          stripe_customer_id: DEMO_STRIPE_CUSTOMER_ID,
          stripe_subscription_id: DEMO_STRIPE_SUBSCRIPTION_ID,
          // Monthly plan renewed 15 days before the anchor; rebase keeps it 15 days ahead of "today".
          current_period_end: seconds(at(15 * DAY)),
          cancel_at_period_end: false,
          last_stripe_event_created: null,
          last_stripe_event_id: null,
          // What the webhook writes for the stand-in's fixture subscription (seed-stripe.ts; checked in its test),
          // so the account page shows the card and the next charge from the start.
          grace_period_end: null,
          renewal_amount: 200,
          renewal_currency: 'usd',
          payment_method_id: `pm_fixture_${DEMO_STRIPE_CUSTOMER_ID}`,
          card_brand: 'visa',
          card_last4: '4242',
        },
      },
      // Exactly what the web app creates at sign-up.
      { uid: free.uid, doc: newUserDoc(at(-10 * DAY)) },
      // The editor's role is a claim on the account, not a subscription: the desk needs none.
      { uid: editor.uid, doc: newUserDoc(at(-30 * DAY)) },
    ],
    stripeCustomers: [
      { customerId: DEMO_STRIPE_CUSTOMER_ID, doc: { uid: subscriber.uid, created_at: subscribedSince } },
    ],
    deals,
    votes,
    voteStates,
    activity,
    popularDeals,
    // Live deals start before the anchor day and run a week past it: the summary holds for the day of any rebase.
    storeSummary: buildStoreSummaryDoc(
      deals.map(({ doc }) => doc),
      anchor,
    ),
  };
}
