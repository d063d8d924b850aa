// "Remind me before it ends", in Chromium against the emulators and the local mail catcher: a subscriber in New
// York saves a deal that ends a day and a minute from now, opens the Saved view and chooses "1 day before". A
// send_digests run (as `npm run send-digests` triggers it) before the reminder's time sends nothing; the first
// run after it delivers one email to the local inbox (maildev's REST API); the next run sends nothing more. As in
// email-digest.test.ts the runs use the real clock: the deal's end is chosen so the reminder comes due a minute
// into the test.
import type { Browser, BrowserContext } from 'playwright-core';
import { BRAND_COLORS } from '@bargains/model/brand';
import { reminderDocPath } from '@bargains/model/paths';
import { reminderTime } from '@bargains/model/reminder';
import { triggerSendDigests } from '../../scripts/send-digests';
import { BASE_URL, gotoApp, launchBrowser, screenshot, trackPageErrors, VIEWPORTS } from './support/browser';
import { adminDb, closeAdmin, uniqueEmail } from './support/emulators';
import { signUpAndSubscribe } from './dashboard-helpers';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';

const INBOX = `http://127.0.0.1:${process.env.MAIL_WEB_PORT ?? 1080}`;
const ZONE = 'America/New_York';
const suffix = Date.now().toString(36);
const DEAL_ID = `e2e-reminder-${suffix}`;
const TITLE = `Espresso machine 45% off ${suffix}`;
/** How long after the deal is written its "1 day before" reminder comes due: room for the steps before it. */
const DUE_AFTER_MS = 90_000;

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
  context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: BASE_URL, timezoneId: ZONE });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await deleteDeals(adminDb(), [DEAL_ID]);
  await closeAdmin();
});

test('a subscriber sets a reminder on a saved deal; it arrives once, at its time', async () => {
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const email = uniqueEmail('reminder');
  const { uid } = await signUpAndSubscribe(page, email);

  // 1. A deal that ends a day (and a little) from now, saved with the bookmark.
  const end = new Date(Date.now() + 24 * 3600_000 + DUE_AFTER_MS);
  await writeDeals(adminDb(), [
    {
      id: DEAL_ID,
      doc: liveCodeDeal({
        title: TITLE,
        savings: '45% off',
        code: 'BREW45',
        shop_id: 'e2e-kitchen',
        shop_name: 'Crema & Co',
        url_home: 'https://crema.example/espresso',
        end_date: end,
      }),
    },
  ]);
  await gotoApp(page, `/dashboard?q=${encodeURIComponent(suffix)}`);
  const card = page.locator(`[data-deal-id="${DEAL_ID}"]`);
  await card.waitFor({ timeout: 30_000 });
  await card.getByRole('button', { name: /^Save / }).click();
  await expect(card.getByRole('button', { name: /^Save / }).getAttribute('aria-pressed')).resolves.toBe(
    'true',
  );

  // 2. The Saved view offers the reminder; "3 days before" has passed for this deal.
  await page.getByRole('button', { name: /^Saved/ }).click();
  const saved = page.locator(`.deal-list [data-deal-id="${DEAL_ID}"]`);
  const control = saved.getByLabel('Remind me before it ends');
  await control.waitFor();
  await expect(control.inputValue()).resolves.toBe('off');
  await expect(saved.getByRole('option', { name: '3 days before' }).isDisabled()).resolves.toBe(true);
  await control.selectOption({ label: '1 day before' });
  await saved.getByText(/^We'll email you \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M (EST|EDT)\.$/).waitFor();

  // Stored: the user's zone, the lead, and the time computed on their clock (a day before the end).
  const reminderRef = adminDb().doc(reminderDocPath(uid, DEAL_ID));
  let snapshot = await reminderRef.get();
  for (let tries = 0; !snapshot.exists && tries < 20; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    snapshot = await reminderRef.get();
  }
  const stored = snapshot.data() ?? {};
  expect(stored).toMatchObject({ deal_id: DEAL_ID, lead_days: 1, time_zone: ZONE });
  const remindAt = (stored.remind_at as { toDate(): Date }).toDate();
  expect(remindAt).toEqual(reminderTime(end, 1, ZONE));

  await screenshot(page, 'saved-reminder-1440');
  await page.setViewportSize(VIEWPORTS.mobile);
  await saved.scrollIntoViewIfNeeded();
  await screenshot(page, 'saved-reminder-375');
  await page.setViewportSize(VIEWPORTS.desktop);

  // 3. A run before the reminder's time sends nothing.
  expect(Date.now()).toBeLessThan(remindAt.getTime());
  await triggerSendDigests();
  await expect(inboxFor(email)).resolves.toHaveLength(0);
  await expect(reminderRef.get().then((doc) => doc.exists)).resolves.toBe(true);

  // 4. The first run after it delivers the reminder, once.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, remindAt.getTime() - Date.now() + 1000)));
  await triggerSendDigests();
  const deadline = Date.now() + 30_000;
  let messages = await inboxFor(email);
  while (messages.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    messages = await inboxFor(email);
  }
  expect(messages).toHaveLength(1);
  const [reminder] = messages as [InboxMessage];
  expect(reminder.subject).toBe(`Ends soon: ${TITLE}`);
  expect(reminder.text).toContain('A deal you saved ends');
  expect(reminder.text).toMatch(/ (EST|EDT)\. You asked to be reminded\./);
  expect(reminder.text).toContain('BREW45');
  expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(reminder.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:5000\/unsubscribe\?token=/);
  expect(reminder.html).toContain(`background:${BRAND_COLORS.primary}`);

  // 5. A second run sends nothing; the sent reminder is gone, and the Saved view offers a new one.
  await triggerSendDigests();
  await expect(inboxFor(email)).resolves.toHaveLength(1);
  await expect(reminderRef.get().then((doc) => doc.exists)).resolves.toBe(false);

  // The email as it arrived, phone and desktop width.
  const mail = await context.newPage();
  for (const width of [375, 600]) {
    await mail.setViewportSize({ width, height: 900 });
    await mail.setContent(reminder.html, { waitUntil: 'load' });
    await screenshot(mail, `email-reminder-${width}`);
  }
  await mail.close();
  expect(errors).toEqual([]);
  // The wait for the reminder's time comes on top of the usual e2e steps.
}, 240_000);
