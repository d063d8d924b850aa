// Manage billing in Chromium, against the emulators and the local Stripe stand-in: a subscriber's renewal fails
// (control API) → Account → Manage billing → the hosted portal shows the card and the invoices → a declining card
// leaves the renewal unpaid → a working card pays it → Return to Bargains → the account shows Active again, and the
// card ("Visa ending in 4242") throughout.
import { advanceSubscription } from '../support/stripe-standin';
import { signUpAndSubscribe, standinSubscription } from './dashboard-helpers';
import { newContext, screenshot, trackPageErrors } from './support/browser';
import { useBrowser } from './support/suite';
import { uniqueEmail, waitForUserDoc } from './support/emulators';

const browser = useBrowser();

test('a failed renewal is paid by updating the card on the billing portal', async () => {
  const context = await newContext(browser(), 'desktop');
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const email = uniqueEmail('portal');
  const { uid, subscribed } = await signUpAndSubscribe(page, email);
  const subscriptionId = String(subscribed?.stripe_subscription_id);

  // The renewal fails: Stripe leaves the subscription past_due with an open invoice.
  await advanceSubscription(subscriptionId, 'fails');
  await waitForUserDoc(uid, (data) => data?.subscription_status === 'past_due');

  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.waitForURL('**/account');
  await page.getByRole('button', { name: 'Manage billing' }).waitFor();
  // The card from the webhook's mirror, next to the status.
  await expect(page.getByTestId('payment-method').textContent()).resolves.toBe('Visa ending in 4242');
  await screenshot(page, 'account-manage-billing-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'account-manage-billing-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL(/127\.0\.0\.1:12111\/portal\/bps_/);
  await page.getByText('VISA •••• 4242').waitFor();
  await expect(page.locator('a[href*="/invoices/in_"]').count()).resolves.toBe(2);
  await screenshot(page, 'portal-past-due-1440');

  await page.getByRole('button', { name: /0341/ }).click();
  await page.getByText('it was declined when we tried to pay your open invoice', { exact: false }).waitFor();
  expect((await standinSubscription(subscriptionId))?.status).toBe('past_due');

  await page.getByRole('button', { name: /4242/ }).click();
  await page.getByText('Your payment method was updated.').waitFor();
  expect((await standinSubscription(subscriptionId))?.status).toBe('active');
  await screenshot(page, 'portal-card-updated-1440');

  await page.getByRole('link', { name: '← Return to Bargains' }).click();
  await page.waitForURL('**/account');
  await waitForUserDoc(uid, (data) => data?.subscription_active === true);
  await expect(page.getByTestId('subscription-status').textContent()).resolves.toBe('Active');
  await expect(page.getByTestId('payment-method').textContent()).resolves.toBe('Visa ending in 4242');
  expect(errors).toEqual([]);
  await context.close();
});
