// Who may see deals: a free user who types /dashboard gets the subscribe screen (and the post-checkout
// "Activating…" state), never deals; the deals appear live when the flag flips; reading deals directly with
// the client SDK is refused by the security rules until the user subscribes.
import { FieldValue } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  query,
  terminate,
} from 'firebase/firestore';
import type { Browser } from 'playwright-core';
import { COLLECTIONS, dealDocPath, userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { standinApiCallCount } from '../support/stripe-standin';
import { removeDeals, seedSuiteDeals, signIn, TEST_PASSWORD } from './dashboard-helpers';
import { gotoApp, launchBrowser, openPage, screenshot, trackPageErrors } from './support/browser';
import { adminAuth, adminDb, closeAdmin, PROJECT_ID, uniqueEmail } from './support/emulators';

let browser: Browser;
let seededIds: string[] = [];
let freeUser: { uid: string; email: string };
let clientApp: FirebaseApp | undefined;

async function setSubscriptionActive(uid: string, active: boolean) {
  await adminDb()
    .doc(userDocPath(uid))
    .update({ subscription_active: active, subscription_status: active ? 'active' : 'inactive' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  seededIds = await seedSuiteDeals();
  const email = uniqueEmail('free');
  const { uid } = await adminAuth().createUser({ email, password: TEST_PASSWORD });
  await adminDb().doc(userDocPath(uid)).set(newUserDoc(FieldValue.serverTimestamp()));
  freeUser = { uid, email };
});

afterAll(async () => {
  await browser?.close();
  if (clientApp) {
    await terminate(getFirestore(clientApp));
    await deleteApp(clientApp);
  }
  await removeDeals(seededIds);
  await adminAuth().deleteUser(freeUser.uid);
  await adminDb().doc(userDocPath(freeUser.uid)).delete();
  await closeAdmin();
});

test('a free user typing /dashboard sees the subscribe screen, never deals; deals appear live on subscribing', async () => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    const { context, page } = await openPage(browser, viewport);
    const errors = trackPageErrors(page);
    await signIn(page, freeUser.email);

    const stripeCallsBefore = await standinApiCallCount();
    await gotoApp(page, '/dashboard');
    await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();
    await expect(page.locator('[data-deal-id]').count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Your Bargains', exact: true }).count()).resolves.toBe(0);
    expect(await standinApiCallCount()).toBe(stripeCallsBefore);
    await screenshot(page, `dashboard-subscribe-${viewport === 'mobile' ? 375 : 1440}`);

    expect(errors).toEqual([]);
    await context.close();
  }

  // Sitting on the subscribe screen while the webhook flips the flag: the deals arrive without a reload.
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  await signIn(page, freeUser.email);
  await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();
  let fullPageLoads = 0;
  page.on('load', () => (fullPageLoads += 1));
  await setSubscriptionActive(freeUser.uid, true);
  await page.locator('[data-deal-id]').first().waitFor({ timeout: 15_000 });
  // And when the subscription ends, the deals go away again, live.
  await setSubscriptionActive(freeUser.uid, false);
  await page.getByRole('button', { name: 'Subscribe Now' }).waitFor({ timeout: 15_000 });
  await expect(page.locator('[data-deal-id]').count()).resolves.toBe(0);
  expect(fullPageLoads).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('coming back from checkout shows "Activating your subscription…" until the flag flips', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  await page.clock.install();
  await signIn(page, freeUser.email);

  // /success sends the browser on to /dashboard after 3 seconds.
  await gotoApp(page, '/success');
  await page.getByText('Payment Successful!').waitFor();
  await page.clock.runFor(3_000);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Activating your subscription…' }).waitFor();
  await expect(page.getByRole('button', { name: 'Subscribe Now' }).count()).resolves.toBe(0);
  await screenshot(page, 'dashboard-activating-1440');

  // Still nothing after the patience runs out: say so clearly, keep waiting.
  await page.clock.runFor(31_000);
  await page.getByText('Your subscription is not active yet.').waitFor();
  await page.getByRole('button', { name: 'Refresh Subscription Status' }).waitFor();
  await screenshot(page, 'dashboard-activation-delayed-1440');

  await setSubscriptionActive(freeUser.uid, true);
  await page.locator('[data-deal-id]').first().waitFor({ timeout: 15_000 });
  await setSubscriptionActive(freeUser.uid, false);
  expect(errors).toEqual([]);
  await context.close();
});

test('reading deals directly with the client SDK is refused without an active subscription', async () => {
  clientApp = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'dashboard-access-e2e');
  const auth = getAuth(clientApp);
  connectAuthEmulator(auth, 'http://127.0.0.1:9099', { disableWarnings: true });
  const db = getFirestore(clientApp);
  connectFirestoreEmulator(db, '127.0.0.1', 8080);
  await signInWithEmailAndPassword(auth, freeUser.email, TEST_PASSWORD);
  const page = query(collection(db, COLLECTIONS.deals), limit(20));
  const [firstSeeded = ''] = seededIds;

  await expect(getDocs(page)).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(getDoc(doc(db, dealDocPath(firstSeeded)))).rejects.toMatchObject({
    code: 'permission-denied',
  });

  // The same reads succeed once the user subscribes: the refusal is the subscription check, not a setup error.
  await setSubscriptionActive(freeUser.uid, true);
  await expect(getDocs(page).then((snapshot) => snapshot.size)).resolves.toBe(20);
  await setSubscriptionActive(freeUser.uid, false);
  await expect(getDocs(page)).rejects.toMatchObject({ code: 'permission-denied' });
});
