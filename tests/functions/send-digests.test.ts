// send_digests' run against the Firestore emulator with a counting mail transport: exactly-once per period and
// per deal across repeated, overlapping and crashed runs; only active subscribers get mail. Runs in its own
// project so the demo data the other stages rely on is never touched; the unsubscribe handler runs in-process
// against the same project.
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { type MailMessage, runSendDigests, type RunEnvironment } from '../../functions/src/alerts/run';
import { signUnsubscribeToken, unsubscribeExpiry } from '../../functions/src/alerts/token';
import {
  emailPreferencesDoc,
  type EmailPreferencesInput,
  defaultEmailPreferences,
} from '@bargains/model/email-preferences';
import { pendingAlertBatch } from '../../functions/src/alerts/alert-batch';
import { buildDealDoc } from '@bargains/model/deal';
import {
  alertBatchDocPath,
  emailPreferencesDocPath,
  emailLedgerDocPath,
  userDocPath,
} from '@bargains/model/paths';
import { handle as unsubscribe } from '../../functions/src/handlers/unsubscribe';
import { BRAND_COLORS, BRAND_FONT_SANS } from '@bargains/model/brand';
import { JSDOM } from 'jsdom';
import { writeDeals } from '../support/deals';
import { APP_ORIGIN, FIRESTORE_EMULATOR } from './support/env';

/** The local value of EMAIL_TOKEN_SECRET (functions/.secret.local.example). */
const TOKEN_SECRET_VALUE = 'local-bargains-unsubscribe-signing-key-0123456789';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;
// The unsubscribe handler runs in this process: its Admin app, params and secret come from the environment.
process.env.GCLOUD_PROJECT = 'demo-bargains-digests';
process.env.APP_ORIGIN = APP_ORIGIN;
process.env.STRIPE_PRICE_ID = 'price_test';
process.env.CORS_ALLOWED_ORIGINS = '';
process.env.EMAIL_TOKEN_SECRET = TOKEN_SECRET_VALUE;
// The default app: the handler's admin.ts uses it (it takes the default app whenever any app exists).
const app = initializeApp({ projectId: 'demo-bargains-digests' });
const db = getFirestore(app);
afterAll(async () => {
  await Promise.all(getApps().map((each) => deleteApp(each)));
});

const TOKEN_SECRET = TOKEN_SECRET_VALUE;
// Monday 2026-11-23, 08:00 UTC.
const NOW = new Date('2026-11-23T08:00:00Z');
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

function deal(title: string, savings: string, scrapedHoursAgo: number, shop = 'Acme') {
  return buildDealDoc({
    title,
    description: '',
    savings,
    type: 'code',
    code: 'CODE1',
    start_date: new Date(NOW.getTime() - scrapedHoursAgo * 3600_000),
    end_date: new Date(NOW.getTime() + 5 * 86_400_000),
    shop_id: shop.toLowerCase(),
    shop_name: shop,
    url_home: 'https://shop.example/deal',
    scraped_at: new Date(NOW.getTime() - scrapedHoursAgo * 3600_000),
    is_verified: true,
  });
}

const dailyAt8Utc: EmailPreferencesInput = {
  ...defaultEmailPreferences('UTC'),
  digest: 'daily',
  digest_hour: 8,
};

async function seed(users: Record<string, { active: boolean; prefs: EmailPreferencesInput }>) {
  await Promise.all([
    db.recursiveDelete(db.collection('users')),
    db.recursiveDelete(db.collection('sources')),
    db.recursiveDelete(db.collection('_meta')),
    db.recursiveDelete(db.collection('alert_batches')),
  ]);
  const writes: Array<Promise<unknown>> = [];
  for (const [uid, { active, prefs }] of Object.entries(users)) {
    writes.push(
      db.doc(userDocPath(uid)).set({
        subscription_active: active,
        subscription_status: active ? 'active' : 'canceled',
        created_at: NOW,
        updated_at: NOW,
      }),
    );
    writes.push(db.doc(emailPreferencesDocPath(uid)).set(emailPreferencesDoc(prefs, NOW)));
  }
  writes.push(
    writeDeals(db, [
      { id: 'laptops', doc: deal('40% off laptops', '40% off', 2) },
      { id: 'headphones', doc: deal('$20 off $100+ headphones', '$20 off $100+', 5, 'Bluebird') },
      { id: 'old', doc: deal('10% off monitors', '10% off', 72) },
    ]),
  );
  await Promise.all(writes);
}

function environment(
  now: Date,
  sent: MailMessage[],
  failFor: ReadonlySet<string> = new Set(),
): RunEnvironment {
  return {
    db,
    transport: {
      sendMail: async (message) => {
        if (failFor.has(message.to)) throw new Error('SMTP connection lost');
        sent.push(message);
      },
    },
    emailsOf: async (uids) => new Map(uids.map((uid) => [uid, `${uid}@example.com`])),
    appOrigin: APP_ORIGIN,
    from: 'Bargains <deals@bargains.example>',
    tokenSecret: TOKEN_SECRET,
    now,
  };
}

describe('send_digests run', () => {
  it('sends each due subscriber one digest per period, however often it runs', async () => {
    await seed({
      ann: { active: true, prefs: dailyAt8Utc },
      bob: { active: true, prefs: { ...dailyAt8Utc, digest_hour: 9 } },
    });
    const sent: MailMessage[] = [];
    const first = await runSendDigests(environment(NOW, sent));
    expect(first).toMatchObject({ subscribers: 2, planned: 1, sent: 1 });
    expect(sent.map((m) => m.to)).toEqual(['ann@example.com']);
    expect(sent[0]?.text).toContain('40% off laptops');
    expect(sent[0]?.text).not.toContain('10% off monitors');
    expect(sent[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sent[0]?.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${APP_ORIGIN}/unsubscribe\\?token=ann\\.digest\\.`),
    );

    // The same hour again, and the next hours of the same day: nothing new for ann; bob's hour comes.
    await runSendDigests(environment(minutesLater(5), sent));
    await runSendDigests(environment(minutesLater(60), sent));
    await runSendDigests(environment(minutesLater(120), sent));
    expect(sent.map((m) => m.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect((await db.doc(emailLedgerDocPath('ann', 'digest_daily:2026-11-23')).get()).data()).toMatchObject({
      status: 'sent',
    });
  });

  it('sends one digest when two runs overlap', async () => {
    await seed({ ann: { active: true, prefs: dailyAt8Utc } });
    const sent: MailMessage[] = [];
    const runs = await Promise.all([
      runSendDigests(environment(NOW, sent)),
      runSendDigests(environment(NOW, sent)),
    ]);
    expect(sent).toHaveLength(1);
    // The loser saw the winner's claim (in its transaction or at commit): skipped, not failed.
    expect(runs.map((run) => [run.sent, run.skipped, run.failed]).sort()).toEqual([
      [0, 1, 0],
      [1, 0, 0],
    ]);
  });

  it('sends nothing to a canceled subscriber', async () => {
    await seed({
      ann: { active: false, prefs: { ...dailyAt8Utc, instant_alerts: true, alert_threshold: 1 } },
    });
    const sent: MailMessage[] = [];
    expect(await runSendDigests(environment(NOW, sent))).toMatchObject({ subscribers: 0, sent: 0 });
    expect(sent).toHaveLength(0);
  });

  it('resumes a send that crashed, after the claim goes stale, exactly once', async () => {
    await seed({ ann: { active: true, prefs: dailyAt8Utc } });
    const sent: MailMessage[] = [];
    expect(await runSendDigests(environment(NOW, sent, new Set(['ann@example.com'])))).toMatchObject({
      failed: 1,
    });
    expect(await runSendDigests(environment(minutesLater(5), sent))).toMatchObject({ skipped: 1, sent: 0 });
    expect(await runSendDigests(environment(minutesLater(11), sent))).toMatchObject({ sent: 1 });
    expect(await runSendDigests(environment(minutesLater(12), sent))).toMatchObject({ skipped: 1, sent: 0 });
    expect(sent).toHaveLength(1);
  });

  /** A new deal as the collector writes it, with the hour's alert batch its trigger marks (alert_on_new_deal). */
  async function writeNewDeal(id: string, title: string, savings: string, writtenAt: Date) {
    const hoursAgo = (NOW.getTime() - writtenAt.getTime()) / 3600_000;
    await writeDeals(db, [{ id, doc: deal(title, savings, hoursAgo) }]);
    const batch = pendingAlertBatch(id, writtenAt);
    await db.doc(alertBatchDocPath(batch.hour)).set(batch);
  }

  it('sends the alert batch of an hour once that hour has ended, a deal once, at most one batch an hour', async () => {
    const alerts = { ...defaultEmailPreferences('UTC'), instant_alerts: true, alert_threshold: 20 };
    await seed({ ann: { active: true, prefs: alerts } });
    const sent: MailMessage[] = [];
    // No deal was written since: no batch is pending, so no alert work at all (the seeded deals are old).
    expect(await runSendDigests(environment(NOW, sent))).toMatchObject({ alertBatches: 0, alertsSent: 0 });

    await writeNewDeal('tv', '50% off TVs', '50% off', minutesLater(15));
    // Hour 08 has not ended: its batch waits.
    expect(await runSendDigests(environment(minutesLater(40), sent))).toMatchObject({ alertsSent: 0 });
    // The first run after it ended sends it and closes it; the next finds nothing to do.
    expect(await runSendDigests(environment(minutesLater(60), sent))).toMatchObject({
      alertBatches: 1,
      alertsSent: 1,
    });
    expect(sent.map((m) => m.subject)).toEqual(['Unusually cheap: 1 deal you asked to hear about']);
    expect(sent[0]?.text).toContain('50% off TVs');
    expect((await db.doc(alertBatchDocPath('2026-11-23T08')).get()).data()).toMatchObject({ status: 'sent' });
    expect(await runSendDigests(environment(minutesLater(61), sent))).toMatchObject({ alertBatches: 0 });

    // Two hours of new deals pending at once: still one email, with each deal once.
    await writeNewDeal('tablet', '60% off tablets', '60% off', minutesLater(70));
    await writeNewDeal('phone', '70% off phones', '70% off', minutesLater(130));
    expect(await runSendDigests(environment(minutesLater(180), sent))).toMatchObject({
      alertBatches: 2,
      alertsSent: 1,
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain('60% off tablets');
    expect(sent[1]?.text).toContain('70% off phones');
    expect(sent[1]?.text).not.toContain('50% off TVs');
  });

  it('keeps a batch pending after a failed alert and sends it with the next run, once', async () => {
    const alerts = { ...defaultEmailPreferences('UTC'), instant_alerts: true, alert_threshold: 20 };
    await seed({ ann: { active: true, prefs: alerts }, bob: { active: true, prefs: alerts } });
    await writeNewDeal('tv', '50% off TVs', '50% off', minutesLater(15));
    const sent: MailMessage[] = [];
    expect(
      await runSendDigests(environment(minutesLater(60), sent, new Set(['bob@example.com']))),
    ).toMatchObject({ alertsSent: 1, failed: 1, alertBatches: 0 });
    expect((await db.doc(alertBatchDocPath('2026-11-23T08')).get()).data()).toMatchObject({
      status: 'pending',
    });
    expect(await runSendDigests(environment(minutesLater(120), sent))).toMatchObject({
      alertsSent: 1,
      alertBatches: 1,
    });
    expect(sent.map((m) => m.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('sends no alert to a canceled subscriber', async () => {
    const alerts = { ...defaultEmailPreferences('UTC'), instant_alerts: true, alert_threshold: 20 };
    await seed({ ann: { active: false, prefs: alerts } });
    await writeNewDeal('tv', '50% off TVs', '50% off', minutesLater(15));
    const sent: MailMessage[] = [];
    expect(await runSendDigests(environment(minutesLater(60), sent))).toMatchObject({ alertsSent: 0 });
    expect(sent).toHaveLength(0);
  });
});

describe('unsubscribe function', () => {
  const uid = 'unsubscribe-user';
  const path = emailPreferencesDocPath(uid);
  const tokenFor = (forUid: string, expires = unsubscribeExpiry(new Date())) =>
    signUnsubscribeToken({ uid: forUid, list: 'digest', expires }, TOKEN_SECRET);

  /** The handler as the Functions runtime calls it, with a recording response. */
  async function call(method: string, token: string) {
    const answer = { status: 0, body: '', headers: {} as Record<string, string> };
    const res = {
      status(code: number) {
        answer.status = code;
        return this;
      },
      set(field: string, value: string) {
        answer.headers[field] = value;
        return this;
      },
      send(body: string) {
        answer.body = body;
      },
    };
    await unsubscribe({ method, query: { token } }, res);
    return answer;
  }

  beforeEach(async () => {
    await db
      .doc(path)
      .set(emailPreferencesDoc({ ...dailyAt8Utc, digest: 'weekly', instant_alerts: true }, new Date()));
  });

  it.each<[string, () => string, number]>([
    [
      'forged (signed with another key)',
      () =>
        signUnsubscribeToken({ uid, list: 'digest', expires: unsubscribeExpiry(new Date()) }, 'x'.repeat(48)),
      403,
    ],
    ['for another user (uid edited)', () => tokenFor('someone-else').replace('someone-else', uid), 403],
    ['expired', () => tokenFor(uid, Math.floor(Date.now() / 1000) - 1), 410],
    ['malformed', () => 'not-a-token', 400],
  ])('refuses a %s token with a 4xx and changes nothing', async (_name, make, status) => {
    const answer = await call('POST', make());
    expect(answer.status).toBe(status);
    expect((await db.doc(path).get()).data()).toMatchObject({ digest: 'weekly', instant_alerts: true });
  });

  it('GET only asks for confirmation; the one-click POST turns that list (the digest) off', async () => {
    const token = tokenFor(uid);
    const page = await call('GET', token);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await db.doc(path).get()).data()).toMatchObject({ digest: 'weekly' });

    const done = await call('POST', token);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Unsubscribed');
    expect(done.body).toContain(`${APP_ORIGIN}/account#email-preferences`);
    expect((await db.doc(path).get()).data()).toMatchObject({ digest: 'off', instant_alerts: true });
  });

  it("wears the site's look on every page it answers, within the hosting CSP (no <style>, no script)", async () => {
    const token = tokenFor(uid);
    const pages = {
      confirmation: await call('GET', token),
      unsubscribed: await call('POST', token),
      refused: await call('GET', 'not-a-token'),
    };
    const siteColours = new Set<string>(Object.values(BRAND_COLORS));
    for (const [name, answer] of Object.entries(pages)) {
      const { document } = new JSDOM(answer.body).window;
      const styles = [...document.querySelectorAll<HTMLElement>('[style]')].map(
        (node) => node.getAttribute('style') ?? '',
      );
      const colours = styles.flatMap((style) => style.match(/#[0-9a-f]{3,6}\b/gi) ?? []);
      expect({
        name,
        lang: document.documentElement.lang,
        viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content'),
        icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
        brand: document.querySelector('header a[aria-label="Bargains home"]')?.getAttribute('href'),
        brandMark: document.querySelector('header a svg rect')?.getAttribute('fill'),
        font: document.body.style.fontFamily.replace(/"/g, "'"),
        background: document.body.getAttribute('style')?.includes(`background:${BRAND_COLORS.bg}`),
        inlineStyleElements: document.querySelectorAll('style, link[rel="stylesheet"]').length,
        scripts: document.querySelectorAll('script').length,
        otherColours: colours.filter((colour) => !siteColours.has(colour.toLowerCase())),
        headings: document.querySelectorAll('main h1').length,
        preferences: document.querySelector('main a')?.getAttribute('href'),
      }).toEqual({
        name,
        lang: 'en',
        viewport: 'width=device-width, initial-scale=1',
        icon: '/favicon.svg',
        brand: `${APP_ORIGIN}/`,
        brandMark: BRAND_COLORS.primary,
        font: BRAND_FONT_SANS,
        background: true,
        inlineStyleElements: 0,
        scripts: 0,
        otherColours: [],
        headings: 1,
        preferences: `${APP_ORIGIN}/account#email-preferences`,
      });
    }
    const button = new JSDOM(pages.confirmation.body).window.document.querySelector('form button');
    expect(button?.getAttribute('style')).toContain(`background:${BRAND_COLORS.primary}`);
  });
});
