// Email in Chromium, against the emulators and the local mail catcher (maildev, started by the test harness and
// `npm start`): a new subscriber answers the first-run prompt after checkout (weekly digest, Travel), sets the
// day and hour on the account page, a digest run (as `npm run send-digests` triggers it) delivers the matching
// deals to the local inbox (read through maildev's REST API), and the email's one-click unsubscribe link turns
// the digest off.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEAL_CATEGORY_LABELS } from '@bargains/model/category';
import { emailPreferencesDocPath } from '@bargains/model/paths';
import { triggerSendDigests } from '../../scripts/send-digests';
import {
  BASE_URL,
  gotoApp,
  launchBrowser,
  screenshot,
  trackConsoleErrors,
  trackPageErrors,
  VIEWPORTS,
} from './support/browser';
import { BRAND_COLORS } from '@bargains/model/brand';
import { adminAuth, adminDb, closeAdmin, uniqueEmail } from './support/emulators';
import { payStandinCheckout, signUp } from './dashboard-helpers';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';

const INBOX = `http://127.0.0.1:${process.env.MAIL_WEB_PORT ?? 1080}`;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const suffix = Date.now().toString(36);
const SEEDED = [
  {
    id: `e2e-digest-lisbon-${suffix}`,
    title: `Lisbon city break 85% off ${suffix}`,
    savings: '85% off',
    hint: 'travel',
  },
  {
    id: `e2e-digest-rome-${suffix}`,
    title: `Rome hotel nights 80% off ${suffix}`,
    savings: '80% off',
    hint: 'travel',
  },
  {
    id: `e2e-digest-tv-${suffix}`,
    title: `OLED TV 90% off ${suffix}`,
    savings: '90% off',
    hint: 'electronics',
  },
];

interface InboxMessage {
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  headers: Record<string, string>;
}

let browser: Browser;
let context: BrowserContext;

async function inboxFor(address: string): Promise<InboxMessage[]> {
  const response = await fetch(`${INBOX}/email`);
  if (!response.ok) throw new Error(`maildev /email: HTTP ${response.status}`);
  const messages = (await response.json()) as InboxMessage[];
  return messages.filter((message) => message.to.some((to) => to.address === address));
}

beforeAll(async () => {
  browser = await launchBrowser();
  // UTC in the browser, so the zone the preferences default to is known and the send hour is due today.
  context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: BASE_URL, timezoneId: 'UTC' });
  const now = Date.now();
  await writeDeals(
    adminDb(),
    SEEDED.map(({ id, title, savings, hint }) => ({
      id,
      doc: liveCodeDeal(
        {
          title,
          savings,
          code: 'E2EMAIL',
          scraped_at: new Date(now - 60_000),
          shop_id: 'e2e-travel',
          shop_name: 'Wanderly',
          url_home: 'https://wanderly.example/deal',
          category_hint: hint,
        },
        now,
      ),
    })),
  );
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await deleteDeals(
    adminDb(),
    SEEDED.map(({ id }) => id),
  );
  await closeAdmin();
});

/** Sign up and pay on the stand-in's hosted checkout; resolves back on the dashboard as a subscriber. */
async function subscribe(page: Page, email: string): Promise<void> {
  await signUp(page, email);
  await payStandinCheckout(page);
}

test('a subscriber chooses a weekly digest with interests, gets it in the inbox and unsubscribes from it', async () => {
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const email = uniqueEmail('digest');
  await subscribe(page, email);
  const uid = (await adminAuth().getUserByEmail(email)).uid;

  // 1. The first-run prompt asks once: weekly digest, Travel only.
  const prompt = page.getByRole('region', { name: 'Get your bargains by email?' });
  await prompt.waitFor({ timeout: 30_000 });
  await screenshot(page, 'email-first-run-prompt-1440');
  await page.setViewportSize(VIEWPORTS.mobile);
  await screenshot(page, 'email-first-run-prompt-375');
  await page.setViewportSize(VIEWPORTS.desktop);
  await prompt.getByRole('radio', { name: 'Weekly' }).check();
  await prompt.getByRole('checkbox', { name: DEAL_CATEGORY_LABELS.travel }).check();
  await prompt.getByRole('button', { name: 'Save my choice' }).click();
  await prompt.waitFor({ state: 'detached' });
  expect((await adminDb().doc(emailPreferencesDocPath(uid)).get()).data()).toMatchObject({
    digest: 'weekly',
    time_zone: 'UTC',
    interest_categories: ['travel'],
  });
  await gotoApp(page, '/dashboard');
  await page.locator('[data-deal-id]').first().waitFor({ timeout: 30_000 });
  await expect(prompt.count()).resolves.toBe(0);

  // 2. Account settings: the send day is today and the hour midnight, so the digest is due now.
  await gotoApp(page, '/account');
  const form = page.locator('form.email-preferences');
  await expect(form.getByRole('radio', { name: 'Weekly' }).isChecked()).resolves.toBe(true);
  // The store chooser is offered: the stores of the live deals, read from their summary document.
  await form.getByText(/^Stores \(\d+ chosen\)$/).waitFor();
  await form.getByLabel('Day').selectOption({ label: WEEKDAYS[new Date().getUTCDay()] ?? 'Monday' });
  await form.getByLabel(/^Time(?! zone)/).selectOption({ label: '12 AM' });
  await form.getByRole('button', { name: 'Save Preferences' }).click();
  await page.getByText('Email preferences saved.').waitFor();

  // 3. A digest run delivers one email with the Travel deals, and only those.
  await triggerSendDigests();
  const deadline = Date.now() + 30_000;
  let messages = await inboxFor(email);
  while (messages.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    messages = await inboxFor(email);
  }
  expect(messages).toHaveLength(1);
  const [digest] = messages as [InboxMessage];
  expect(digest.subject).toMatch(/weekly/i);
  const [travelA, travelB, electronics] = SEEDED as [
    (typeof SEEDED)[0],
    (typeof SEEDED)[0],
    (typeof SEEDED)[0],
  ];
  expect(digest.text).toContain(travelA.title);
  expect(digest.text).toContain(travelB.title);
  expect(digest.text).not.toContain(electronics.title);
  expect(digest.html).toContain(travelA.title);
  // Every deal block's second line is "<shop> · <category>": all Travel.
  const categories = [...digest.text.matchAll(/^.+ · (.+)$/gm)].map((match) => match[1]);
  expect(categories.length).toBeGreaterThanOrEqual(2);
  expect(new Set(categories)).toEqual(new Set([DEAL_CATEGORY_LABELS.travel]));
  expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // The same hour again: the ledger holds, no second digest.
  await triggerSendDigests();
  await expect(inboxFor(email)).resolves.toHaveLength(1);

  // The email as it arrived, in the site's teal with the site's mark (loaded from the site), phone and desktop.
  const mail = await context.newPage();
  for (const width of [375, 600]) {
    await mail.setViewportSize({ width, height: 900 });
    await mail.setContent(digest.html, { waitUntil: 'load' });
    await expect(
      mail.locator('img[src$="/brand-mark.png"]').evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).resolves.toBe(64);
    await screenshot(mail, `email-digest-${width}`);
  }
  expect(digest.html).toContain(`background:${BRAND_COLORS.primary}`);
  await mail.close();

  // 4. The email's unsubscribe link asks, then turns the digest off (instant alerts untouched). Its pages wear
  // the site's look within the CSP and ask for no missing file (a favicon 404 was a console error).
  const consoleErrors = trackConsoleErrors(page);
  const unsubscribeUrl = /^<(.+)>$/.exec(digest.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  expect(unsubscribeUrl).toMatch(/^http:\/\/127\.0\.0\.1:5000\/unsubscribe\?token=/);
  await page.goto(unsubscribeUrl);
  await page.getByRole('link', { name: 'Bargains home' }).waitFor();
  await screenshot(page, 'unsubscribe-confirm-1440');
  await page.setViewportSize(VIEWPORTS.mobile);
  await screenshot(page, 'unsubscribe-confirm-375');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
  await screenshot(page, 'unsubscribe-done-375');
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, 'unsubscribe-done-1440');
  const favicon = await fetch(`${BASE_URL}/favicon.ico`);
  expect({ status: favicon.status, type: favicon.headers.get('content-type') }).toEqual({
    status: 200,
    type: expect.stringMatching(/^image\/(x-icon|vnd\.microsoft\.icon)/),
  });
  expect(consoleErrors).toEqual([]);
  expect((await adminDb().doc(emailPreferencesDocPath(uid)).get()).data()).toMatchObject({
    digest: 'off',
    interest_categories: ['travel'],
  });
  await gotoApp(page, '/account');
  await expect(
    page.locator('form.email-preferences').getByRole('radio', { name: 'Off' }).isChecked(),
  ).resolves.toBe(true);
  expect(errors).toEqual([]);
});

test('the marketing pages mark the email features, For you and location matching available now', async () => {
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  for (const [path, name] of [
    ['/', 'landing'],
    ['/pricing', 'pricing'],
    ['/how-it-works', 'how-it-works'],
  ] as const) {
    for (const viewport of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await gotoApp(page, path);
      await page
        .getByText(/Location(-based)? matching/)
        .first()
        .waitFor();
      await screenshot(page, `email-features-${name}-${VIEWPORTS[viewport].width}`);
    }
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain('Alerts for unusually cheap products');
    // Everything announced exists: no page badges anything "Coming soon".
    await expect(page.locator('.badge--soon').count()).resolves.toBe(0);
  }
  await expect(page.locator('.badge--savings').count()).resolves.toBeGreaterThanOrEqual(3);
  expect(errors).toEqual([]);
});
