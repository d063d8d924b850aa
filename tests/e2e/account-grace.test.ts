// A failed renewal and a password reset in Chromium, against the emulators and the local Stripe stand-in:
// - a subscriber's renewal fails (control API): the banner appears on every signed-in page with the amount and the
//   deadline while the deals stay; they update the card on the stand-in's portal page; the banner disappears from
//   another open tab without a reload, and the deals stay;
// - a user resets a forgotten password (the reset link read from the Auth emulator's out-of-band codes) and signs in
//   with the new one.
import type { Page } from 'playwright-core';
import { waitUntil } from '../../tools/wait-until';
import { advanceSubscription } from '../support/stripe-standin';
import { signIn, signUp, signUpAndSubscribe, TEST_PASSWORD } from './dashboard-helpers';
import { gotoApp, newContext, screenshot, trackPageErrors } from './support/browser';
import { useBrowser } from './support/suite';
import { PROJECT_ID, uniqueEmail, waitForUserDoc } from './support/emulators';

const AUTH_EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;

const browser = useBrowser();

const banner = (page: Page) => page.getByRole('alert', { name: 'Payment failed' });
const dealCards = (page: Page) => page.locator('[data-deal-id]');

test('a failed renewal shows the banner; updating the card on the portal clears it live, and the deals stay', async () => {
  const context = await newContext(browser(), 'desktop');
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const email = uniqueEmail('grace');
  const { uid, subscribed } = await signUpAndSubscribe(page, email);
  await dealCards(page).first().waitFor();

  // Before anything fails: the account page says what the next charge is.
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.waitForURL('**/account');
  await expect(page.getByTestId('next-charge').textContent()).resolves.toMatch(
    /^Renews on [A-Z][a-z]{2} \d{1,2} for \$2\.00$/,
  );
  await screenshot(page, 'account-renews-1440');

  await advanceSubscription(String(subscribed?.stripe_subscription_id), 'fails');
  const failed = await waitForUserDoc(uid, (data) => data?.subscription_status === 'past_due');
  const deadline = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(
    new Date(Number(failed?.grace_period_end) * 1000),
  );

  // The banner comes to the open page by itself (the user document is listened to).
  await banner(page).waitFor();
  await expect(banner(page).textContent()).resolves.toContain(
    `Your $2.00 renewal payment failed. Update your card by ${deadline} to keep your deals.`,
  );
  await screenshot(page, 'grace-banner-account-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'grace-banner-account-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Every signed-in page shows it, public ones too; the deals stay during the grace period.
  await gotoApp(page, '/pricing');
  await banner(page).waitFor();
  const dashboard = await context.newPage();
  trackPageErrors(dashboard);
  await gotoApp(dashboard, '/dashboard');
  await banner(dashboard).waitFor();
  await dealCards(dashboard).first().waitFor();
  await screenshot(dashboard, 'grace-banner-dashboard-1440');
  await dashboard.setViewportSize({ width: 375, height: 812 });
  await screenshot(dashboard, 'grace-banner-dashboard-375');

  // A mark a reload would wipe.
  await dashboard.evaluate(() => {
    (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });

  // Update card → the stand-in's portal → a working card pays the failed renewal.
  await banner(page).getByRole('button', { name: 'Update card' }).click();
  await page.waitForURL(/127\.0\.0\.1:12111\/portal\/bps_/);
  await page.getByRole('button', { name: /4242/ }).click();
  await page.getByText('Your payment method was updated.').waitFor();
  await waitForUserDoc(uid, (data) => data?.subscription_status === 'active');

  // The other tab was never reloaded: the banner goes, the deals stay.
  await banner(dashboard).waitFor({ state: 'detached' });
  await expect(dealCards(dashboard).count()).resolves.toBeGreaterThan(0);
  await expect(
    dashboard.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).resolves.toBe(true);

  await page.getByRole('link', { name: '← Return to Bargains' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByTestId('next-charge').textContent()).resolves.toMatch(/^Renews on .+ for \$2\.00$/);
  await expect(banner(page).count()).resolves.toBe(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'account-renews-375');
  expect(errors).toEqual([]);
  await context.close();
});

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

async function resetCodeFor(email: string): Promise<OobCode> {
  const code = await waitUntil(
    async () => {
      const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
      const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
      return oobCodes.findLast((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET');
    },
    (found) => found !== undefined,
    { what: `password reset code for ${email}`, timeoutMs: 10_000, intervalMs: 200 },
  );
  if (!code) throw new Error(`no password reset code for ${email}`);
  return code;
}

test('a user resets a forgotten password and signs in with the new one', async () => {
  const context = await newContext(browser(), 'desktop');
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const email = uniqueEmail('reset');
  await signUp(page, email);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email for the reset link').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText(`If an account exists for ${email}, we’ve sent it a link`).waitFor();
  await screenshot(page, 'forgot-password-sent-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'forgot-password-sent-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The email's link leads to Firebase's action page, which sets the new password with the link's code (what it
  // calls: accounts:resetPassword, here on the Auth emulator).
  const code = await resetCodeFor(email);
  const newPassword = 'brand-new-Passw0rd';
  const apiKey = new URL(code.oobLink).searchParams.get('apiKey') ?? 'fake-api-key';
  const reset = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oobCode: code.oobCode, newPassword }),
    },
  );
  expect(reset.status).toBe(200);
  await expect(reset.json()).resolves.toMatchObject({ email, requestType: 'PASSWORD_RESET' });

  // The old password no longer works, in words; the new one does.
  await gotoApp(page, '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Failed to sign in. Please check your credentials and try again.').waitFor();
  await expect(page.content()).resolves.not.toContain('Firebase: Error');
  await signIn(page, email, newPassword);

  // Signed in, /login is no place to be: straight to the dashboard.
  await gotoApp(page, '/login');
  await page.waitForURL('**/dashboard');
  expect(errors).toEqual([]);
  await context.close();
});
