// `npm run bench:digests`: one send_digests run at scale. In a Firestore emulator of its own (no demo data; queued
// on the machine-wide stack lock like every emulator run) it writes 10,000 active subscribers with mixed
// preferences (daily / weekly digests at hours and weekdays spread over 8 time zones, instant alerts, interests
// in categories and stores, no preferences at all), 1,000 canceled users with preferences, and 2,000 deals
// scraped in the last two hours with the alert batch their trigger marks. Then it runs the run (alerts/run.ts,
// the code send_digests runs) with a counting mail transport and reports the run's Firestore document reads,
// wall time, memory and per-user cost, runs it again at the same time (a retry), and fails when any user got
// more than one digest per period or one alert batch, when a canceled user got mail, or when the retry sent
// anything. Prints a table and writes bench-results/digests.json.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { NEW_DEALS_WINDOW_MS } from '../../functions/src/alerts/plan';
import { type MailMessage, runSendDigests, type RunSummary } from '../../functions/src/alerts/run';
import { pendingAlertBatch } from '../../functions/src/alerts/alert-batch';
import {
  emailPreferencesDoc,
  type EmailPreferencesInput,
  defaultEmailPreferences,
  type IsoWeekday,
} from '@bargains/model/email-preferences';
import { digestPeriodDue } from '@bargains/model/alerts';
import { DEAL_CATEGORIES } from '@bargains/model/category';
import { buildDealDoc, dealDocuments } from '@bargains/model/deal';
import { alertBatchDocPath, emailPreferencesDocPath, userDocPath } from '@bargains/model/paths';
import { activeSubscribersQuerySpec, newDealsQuerySpec } from '@bargains/model/queries';
import { seededRandom } from '../../tools/seeded-random';
import { parseCommandLine } from '../lib/cli';
import { PROJECT_ID } from '../lib/paths';
import { type Check, runFirestoreBench, wholeNumber } from './firestore-bench';
import { LOAD_OPTION } from './load';
import { median, ratio, withinRatio } from './table';

/**
 * The run may take at most this multiple of its floor's time. At the default size (10,000 subscribers, 2,000 deals)
 * quiet runs took 95–116 s against floors of 1.1–1.7 s, 63–90×; beside `--load`'s two busy processes, 256 s against
 * 2.87 s, 89×. The run's own work is mostly rendering (the renderer compiles each distinct email once, then fills in
 * each user's link) and about four Firestore round trips per email, which the floor's bulk reads do not have, so the
 * ratio moves with the machine. Changes smaller than that spread pass (measured: one more read per email 92×, a
 * second transaction per email 72×); rendering every email anew, without the renderer's cache, took 291 s, 166×, and
 * breaks it.
 */
const FLOOR_RATIO_BUDGET = 120;

const USAGE =
  'Usage: npm run bench:digests [-- --subscribers N --deals N] [--load]   (N ≥ 10; default 10000 and 2000)';
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Asia/Kolkata',
];
const SHOPS = Array.from({ length: 40 }, (_, n) => ({ id: `shop-${n}`, name: `Shop ${n}` }));
const ITEMS = ['headphones', 'flights', 'sneakers', 'blender', 'serum', 'pizza', 'lamp', 'hotel', 'jacket'];

interface Options {
  subscribers: number;
  deals: number;
}

/** A subscriber's preferences: a mix like a real list's (about a tenth never chose anything). */
function preferencesFor(random: () => number): EmailPreferencesInput | null {
  const roll = random();
  if (roll < 0.1) return null;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const base = defaultEmailPreferences(pick(ZONES));
  const digest = roll < 0.45 ? 'daily' : roll < 0.75 ? 'weekly' : 'off';
  const categories = random() < 0.5 ? [] : [...new Set([pick(DEAL_CATEGORIES), pick(DEAL_CATEGORIES)])];
  const stores = random() < 0.8 ? [] : [...new Set([pick(SHOPS).id, pick(SHOPS).id, pick(SHOPS).id])];
  return {
    ...base,
    digest,
    digest_weekday: (1 + Math.floor(random() * 7)) as IsoWeekday,
    digest_hour: Math.floor(random() * 24),
    instant_alerts: digest === 'off' || random() < 0.4,
    interest_categories: categories,
    interest_stores: stores,
    alert_threshold: random() < 0.3 ? pick([30, 40, 50, 60]) : null,
  };
}

async function seed(db: Firestore, options: Options, now: Date): Promise<Map<string, EmailPreferencesInput>> {
  const random = seededRandom(0xd1635);
  const writer = db.bulkWriter();
  const preferences = new Map<string, EmailPreferencesInput>();
  const users = options.subscribers + Math.round(options.subscribers / 10);
  for (let n = 0; n < users; n += 1) {
    const uid = `bench-user-${String(n).padStart(6, '0')}`;
    const active = n < options.subscribers;
    void writer.set(db.doc(userDocPath(uid)), {
      subscription_active: active,
      subscription_status: active ? 'active' : 'canceled',
      created_at: now,
      updated_at: now,
    });
    const prefs = preferencesFor(random);
    if (prefs) {
      preferences.set(uid, prefs);
      void writer.set(db.doc(emailPreferencesDocPath(uid)), emailPreferencesDoc(prefs, now));
    }
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  for (let n = 0; n < options.deals; n += 1) {
    const shop = pick(SHOPS);
    // Savings like a coupon feed's: mostly 10–40% off, a long tail to 80%, some dollar amounts.
    const percent = Math.min(80, Math.round(10 + 30 * random() + (random() < 0.1 ? 40 * random() : 0)));
    const savings = random() < 0.15 ? `$${5 + Math.floor(random() * 40)} off $100+` : `${percent}% off`;
    const scraped = new Date(now.getTime() - (10 + Math.floor(random() * 110)) * 60_000);
    const doc = buildDealDoc({
      title: `${savings} ${pick(ITEMS)} at ${shop.name}`,
      description: 'Benchmark deal',
      savings,
      type: 'code',
      code: random() < 0.5 ? `SAVE${n}` : null,
      start_date: scraped,
      end_date: new Date(now.getTime() + (1 + Math.floor(random() * 14)) * 86_400_000),
      shop_id: shop.id,
      shop_name: shop.name,
      url_home: `https://${shop.id}.example/deal/${n}`,
      scraped_at: scraped,
      is_verified: random() < 0.7,
      category_hint: pick(DEAL_CATEGORIES),
    });
    for (const { path, data } of dealDocuments(`bench-deal-${n}`, doc)) void writer.set(db.doc(path), data);
  }
  // What alert_on_new_deal leaves behind when the collector wrote these deals in the last hours.
  for (const hoursAgo of [1, 2]) {
    const batch = pendingAlertBatch('bench-deal-0', new Date(now.getTime() - hoursAgo * 3600_000));
    void writer.set(db.doc(alertBatchDocPath(batch.hour)), batch);
  }
  await writer.close();
  return preferences;
}

/** What the counting transport keeps of a message (keeping whole messages would be most of the memory). */
interface CountedMessage {
  to: string;
  messageId: string;
  /** Alert emails: the deals in it (their numbers), to check no deal alerts a user twice. */
  alertDeals: string[];
}

interface RunMeasure {
  summary: RunSummary;
  wallMs: number;
  peakRssMiB: number;
  heapDeltaMiB: number;
  /** Bytes of HTML and text handed to the transport. */
  mailBytes: number;
  messages: CountedMessage[];
}

function count(message: MailMessage): CountedMessage {
  const alertDeals = message.messageId.startsWith('<alerts_')
    ? [...message.text.matchAll(/^https:\/\/shop-\d+\.example\/deal\/(\d+)$/gm)].map(
        (match) => match[1] ?? '',
      )
    : [];
  return { to: message.to, messageId: message.messageId, alertDeals };
}

async function measureRun(db: Firestore, now: Date): Promise<RunMeasure> {
  const messages: CountedMessage[] = [];
  let mailBytes = 0;
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const summary = await runSendDigests({
      db,
      // Counting mode: every message is kept, nothing leaves the process.
      transport: {
        sendMail: async (message) => {
          mailBytes += message.html.length + message.text.length;
          messages.push(count(message));
        },
      },
      // Addresses come from Firebase Auth in production (getUsers, 100 per call); not part of the Firestore cost.
      emailsOf: async (uids) => new Map(uids.map((uid) => [uid, `${uid}@bench.test`])),
      appOrigin: 'https://bargains.example',
      from: 'Bargains <deals@bargains.example>',
      tokenSecret: 'bench-unsubscribe-signing-key-0123456789abcdef',
      now,
    });
    const wallMs = performance.now() - started;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return {
      summary,
      wallMs,
      peakRssMiB: Math.round(peakRss / 2 ** 20),
      heapDeltaMiB: Math.round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20),
      mailBytes,
      messages,
    };
  } finally {
    clearInterval(sampler);
  }
}

interface FloorMeasure {
  wallMs: number;
  documents: number;
  messages: number;
  mailBytes: number;
}

/**
 * Floor measurements per run, the median kept: one floor takes 1.0–1.9 s, and a single one moved the ratio from
 * 61× to 73× between quiet runs whose own wall times were within 1 %. Each starts from a collected heap, as the run
 * does.
 */
const FLOOR_RUNS = 5;

/** The median of `FLOOR_RUNS` floors, with each one's wall time. */
async function medianFloor(
  db: Firestore,
  now: Date,
  run: RunMeasure,
): Promise<FloorMeasure & { runsMs: number[] }> {
  const floors: FloorMeasure[] = [];
  for (let n = 0; n < FLOOR_RUNS; n += 1) floors.push(await measureFloor(db, now, run));
  const runsMs = floors.map((floor) => floor.wallMs);
  const middle = floors.find((floor) => floor.wallMs === median(runsMs));
  if (!middle) throw new Error('no floor was measured');
  return { ...middle, runsMs };
}

/**
 * The floor of a run: the same documents read once with bare queries (the active subscribers, their preferences,
 * the new deals) and the same number of messages, of the run's average size, handed to the same counting
 * transport. What is left of the run's time is its own work: planning, rendering, the state it keeps.
 */
async function measureFloor(db: Firestore, now: Date, run: RunMeasure): Promise<FloorMeasure> {
  global.gc?.();
  const started = performance.now();
  const subscribersSpec = activeSubscribersQuerySpec();
  const subscribers = await db
    .collection(subscribersSpec.collection)
    .where('subscription_active', '==', true)
    .get();
  const paths = subscribers.docs.map((doc) => db.doc(emailPreferencesDocPath(doc.id)));
  let preferences = 0;
  for (let from = 0; from < paths.length; from += 100) {
    const chunk = paths.slice(from, from + 100);
    if (chunk.length > 0) preferences += (await db.getAll(...chunk)).length;
  }
  const dealsSpec = newDealsQuerySpec(new Date(now.getTime() - NEW_DEALS_WINDOW_MS));
  const deals = await db
    .collection(dealsSpec.collection)
    .where('scraped_at', '>=', dealsSpec.where[0]?.value ?? '')
    .get();
  const sent = run.summary.sent;
  const size = Math.round(run.mailBytes / Math.max(1, sent) / 2);
  const body = 'x'.repeat(size);
  const counted: CountedMessage[] = [];
  let mailBytes = 0;
  const transport = {
    sendMail: async (message: MailMessage) => {
      mailBytes += message.html.length + message.text.length;
      counted.push(count(message));
    },
  };
  for (let n = 0; n < sent; n += 1)
    await transport.sendMail({
      to: `floor-${n}@bench.test`,
      from: 'Bargains <deals@bargains.example>',
      subject: 'Floor',
      html: body,
      text: body,
      messageId: `<digest_daily.floor-${n}@bargains.example>`,
      headers: {},
    });
  return {
    wallMs: performance.now() - started,
    documents: subscribers.size + preferences + deals.size,
    messages: counted.length,
    mailBytes,
  };
}

interface InnerResult {
  options: Options;
  now: string;
  seedMs: number;
  expectedDigestsDue: number;
  first: Omit<RunMeasure, 'messages'>;
  floor: FloorMeasure & { runsMs: number[] };
  second: Omit<RunMeasure, 'messages'>;
  digestsPerUserPeriodMax: number;
  alertEmailsPerUserMax: number;
  mailToCanceled: number;
  alertDealRepeats: number;
}

async function inner(options: Options): Promise<InnerResult> {
  const app = initializeApp({ projectId: PROJECT_ID }, 'digests-bench');
  try {
    const db = getFirestore(app);
    const now = new Date();
    const seeding = performance.now();
    console.log(`Seeding ${options.subscribers} subscribers and ${options.deals} deals…`);
    const preferences = await seed(db, options, now);
    const seedMs = performance.now() - seeding;
    const expectedDigestsDue = [...preferences].filter(
      ([uid, prefs]) =>
        Number(uid.slice('bench-user-'.length)) < options.subscribers && digestPeriodDue(prefs, now) !== null,
    ).length;

    console.log('Run 1…');
    const first = await measureRun(db, now);
    // A retried run (Cloud Scheduler's retry, or an overlapping one) at the same time: it must send nothing.
    // (Minutes later is not "the same period" everywhere: 04:25 UTC + 5 min is 10:00 in Asia/Kolkata.)
    console.log(`Floor ×${FLOOR_RUNS} (the same documents read once, as many messages counted)…`);
    const floor = await medianFloor(db, now, first);
    console.log('Run 2 (a retry at the same time)…');
    const second = await measureRun(db, now);

    const all = [...first.messages, ...second.messages];
    const perKey = new Map<string, number>();
    const alertDeals = new Map<string, number>();
    for (const message of all) {
      const uid = message.to.split('@')[0] ?? '';
      // Message-ID = <entry.uid@…>: the entry names the list and its period (digest_daily:2026-…, alerts_…).
      const entry = /^<([^.]+(?:\.[^.]+)*?)\.bench-user/.exec(message.messageId)?.[1] ?? message.messageId;
      const key = entry.startsWith('alerts_') ? `${uid}|alerts` : `${uid}|${entry}`;
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
      for (const deal of message.alertDeals) {
        const dealKey = `${uid}|${deal}`;
        alertDeals.set(dealKey, (alertDeals.get(dealKey) ?? 0) + 1);
      }
    }
    const max = (entries: Iterable<[string, number]>, alerts: boolean) =>
      Math.max(0, ...[...entries].filter(([key]) => key.endsWith('|alerts') === alerts).map(([, n]) => n));
    const strip = ({ messages: _messages, ...rest }: RunMeasure) => rest;
    return {
      options,
      now: now.toISOString(),
      seedMs,
      expectedDigestsDue,
      first: strip(first),
      floor,
      second: strip(second),
      digestsPerUserPeriodMax: max(perKey, false),
      alertEmailsPerUserMax: max(perKey, true),
      mailToCanceled: all.filter(
        (message) =>
          Number(message.to.slice('bench-user-'.length, -'@bench.test'.length)) >= options.subscribers,
      ).length,
      alertDealRepeats: [...alertDeals.values()].filter((count) => count > 1).length,
    };
  } finally {
    await deleteApp(app);
  }
}

function report(result: InnerResult) {
  const { first, floor, second, options } = result;
  const floorRatio = ratio(first.wallMs, floor.wallMs);
  const s = first.summary;
  const perUser = (value: number) => (value / options.subscribers).toFixed(2);
  const checks: Check[] = [
    ['subscribers (active) / with preferences', `${s.subscribers} / ${s.withPreferences}`, true],
    ['new deals read / alert batches sent', `${s.newDeals} / ${s.alertBatches}`, true],
    [
      'emails: digests + alerts (planned)',
      `${s.digestsSent} + ${s.alertsSent} (${s.planned}; ${s.empty} due with nothing matching)`,
      s.failed === 0,
    ],
    [
      'digests due now (by digestPeriodDue) / sent',
      `${result.expectedDigestsDue} / ${s.digestsSent} (the rest matched no deal)`,
      s.digestsSent <= result.expectedDigestsDue,
    ],
    ['Firestore document reads', `${s.documentReads} (${perUser(s.documentReads)} per subscriber)`, true],
    [
      'wall time',
      `${(first.wallMs / 1000).toFixed(1)} s (${(first.wallMs / options.subscribers).toFixed(2)} ms per subscriber, ${(first.wallMs / Math.max(1, s.sent)).toFixed(1)} ms per email)`,
      true,
    ],
    [
      'floor: the same documents read once, as many messages counted',
      `median ${(floor.wallMs / 1000).toFixed(2)} s of ${floor.runsMs.map((ms) => (ms / 1000).toFixed(2)).join('/')} s (${floor.documents} documents, ${floor.messages} messages)`,
      floor.messages === s.sent,
    ],
    [
      'wall time ÷ floor',
      `${floorRatio === null ? 'not measured' : `${floorRatio.toFixed(2)}×`} (budget ≤ ${FLOOR_RATIO_BUDGET}×)`,
      withinRatio(floorRatio, FLOOR_RATIO_BUDGET),
    ],
    [
      'peak RSS / heap growth (send_digests has 1 GiB)',
      `${first.peakRssMiB} MiB / ${first.heapDeltaMiB} MiB (mail rendered: ${Math.round(first.mailBytes / 2 ** 20)} MiB)`,
      first.peakRssMiB < 1024,
    ],
    [
      'most digests one user got in one period',
      `${result.digestsPerUserPeriodMax} (budget 1)`,
      result.digestsPerUserPeriodMax <= 1,
    ],
    [
      'most alert emails one user got (both runs)',
      `${result.alertEmailsPerUserMax} (budget 1)`,
      result.alertEmailsPerUserMax <= 1,
    ],
    [
      'a deal alerted to a user twice',
      `${result.alertDealRepeats} (budget 0)`,
      result.alertDealRepeats === 0,
    ],
    ['mail to canceled users', `${result.mailToCanceled} (budget 0)`, result.mailToCanceled === 0],
    [
      'retried run: sent / reads / wall time',
      `${second.summary.sent} / ${second.summary.documentReads} / ${(second.wallMs / 1000).toFixed(1)} s`,
      second.summary.sent === 0,
    ],
  ];
  const header = `Digests benchmark ${new Date().toISOString()} · ${options.subscribers} subscribers · ${options.deals} deals`;
  return { header, checks, extra: { floorMs: Math.round(floor.wallMs), floorRatio } };
}

const { values } = parseCommandLine(USAGE, {
  options: {
    subscribers: { type: 'string', default: '10000' },
    deals: { type: 'string', default: '2000' },
    load: LOAD_OPTION,
    inner: { type: 'string' },
  },
});
const options: Options = {
  subscribers: wholeNumber(USAGE, 'subscribers', values.subscribers, 10),
  deals: wholeNumber(USAGE, 'deals', values.deals, 10),
};
runFirestoreBench(
  {
    name: 'digests',
    script: 'scripts/bench/digests.ts',
    args: [`--subscribers ${options.subscribers}`, `--deals ${options.deals}`],
    nodeFlags: '--expose-gc',
    load: values.load,
    importData: false,
    scale: `${options.subscribers} subscribers, ${options.deals} deals`,
    inner: () => inner(options),
    report,
  },
  values.inner,
);
