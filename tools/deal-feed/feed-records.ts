// Deterministic deal-feed records in the 'wired' format (functions/src/collector/adapters.ts): the local fixture
// feed served by `npm start` and the 100k-deal feed of the collector benchmark are both made here.
import { toIsoTimestamp } from '@bargains/model/timestamp';
import { seededRandom } from '../seeded-random';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WiredRecord {
  id: string;
  title: string;
  description: string;
  savings: string;
  type: string;
  code: string | null;
  start_date: string;
  end_date: string;
  shop_id: string;
  shop_name: string;
  shop_url: string | null;
  url_home: string;
  is_verified: boolean;
}

const SHOPS = [
  'Northwind',
  'Contoso Outdoors',
  'Fabrikam Audio',
  'Tailspin Toys',
  'Wingtip Kitchen',
  'Litware Books',
];
const SAVINGS = [
  '15% off',
  '$20 off $100+',
  'BOGO',
  'Free shipping',
  'Up to 40% off',
  '$5 off',
  '25% off sitewide',
];
const ITEMS = [
  'headphones',
  'hiking boots',
  'board games',
  'chef knives',
  'paperbacks',
  'rain jackets',
  'desk lamps',
];

/** Deal number `n` (0-based) of a feed generated at `anchor`; `revision` > 0 changes its title and savings. */
export function feedRecord(n: number, anchor: Date, random: () => number, revision = 0): WiredRecord {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const shop = pick(SHOPS);
  const shopId = shop.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const item = pick(ITEMS);
  const savings = revision > 0 ? `${10 + revision}% off` : pick(SAVINGS);
  const startOffset = -Math.floor(random() * 10) - 1;
  const length = 7 + Math.floor(random() * 60);
  const hasCode = random() < 0.6;
  return {
    id: `deal-${String(n).padStart(6, '0')}`,
    title: `${savings} ${item} at ${shop}${revision > 0 ? ` (update ${revision})` : ''}`,
    description: `Selected ${item}; while stocks last.`,
    savings,
    type: hasCode ? 'code' : 'sale',
    code: hasCode ? `SAVE${String(n % 997).padStart(3, '0')}` : null,
    start_date: toIsoTimestamp(new Date(anchor.getTime() + startOffset * DAY_MS)),
    end_date: toIsoTimestamp(new Date(anchor.getTime() + length * DAY_MS)),
    shop_id: shopId,
    shop_name: shop,
    shop_url: `https://${shopId}.example`,
    url_home: `https://${shopId}.example/deals/${n}`,
    is_verified: random() < 0.7,
  };
}

/** Midnight UTC of `date`'s day: the fixture feed stays byte-identical all day, so re-collecting it writes nothing. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The local fixture feed: a dozen live deals, dated around `anchor` (the server's current day). */
export function fixtureRecords(anchor: Date, count = 12): WiredRecord[] {
  const random = seededRandom(0xfeed);
  return Array.from({ length: count }, (_, n) => ({
    ...feedRecord(n, anchor, random),
    id: `fixture-${String(n + 1).padStart(2, '0')}`,
  }));
}
