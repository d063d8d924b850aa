// Authentication end to end in Chromium against the Auth, Firestore and Hosting emulators: sign-up creates
// users/{uid}, sign-out, sign-in, the failure message (docs/reference.md#messages), form validation, Google through the emulator's popup,
// and the protected-route redirect.
import type { Browser, Page } from 'playwright-core';
import { userDocPath } from '@bargains/model/paths';
import {
  gotoApp,
  launchBrowser,
  openPage,
  screenshot,
  trackPageErrors,
  viewportScreenshot,
  waitForAnimationsToFinish,
} from './support/browser';
import { adminAuth, adminDb, closeAdmin, uniqueEmail } from './support/emulators';
import { signInWithEmulatedGoogle } from './dashboard-helpers';

const PASSWORD = 'bargain-hunter-1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await closeAdmin();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password);
}

/** users/{uid} must hold exactly the initial values of docs/reference.md#user-document, with server timestamps. */
async function expectInitialUserDocument(uid: string) {
  const snapshot = await adminDb().doc(userDocPath(uid)).get();
  expect(snapshot.exists).toBe(true);
  const data = snapshot.data() ?? {};
  expect(Object.keys(data).sort()).toEqual([
    'created_at',
    'subscription_active',
    'subscription_status',
    'updated_at',
  ]);
  expect(data.subscription_active).toBe(false);
  expect(data.subscription_status).toBe('inactive');
  expect(data.created_at.toDate()).toBeInstanceOf(Date);
  expect(data.updated_at.isEqual(data.created_at)).toBe(true);
}

async function signUp(page: Page, email: string) {
  await gotoApp(page, '/signup');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await onPath(page, '/dashboard');
}

test('sign up with email → /dashboard (subscribe screen) with users/{uid} created; sign out; sign in again', async () => {
  const { context, page } = await openPage(browser);
  const errors = trackPageErrors(page);
  const email = uniqueEmail('signup');

  await signUp(page, email);
  await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();
  await expect(mainNav(page).locator('a, button').allTextContents()).resolves.toEqual([
    'Home',
    'Blog',
    'Dashboard',
    'Account',
    'Sign Out',
  ]);
  const { uid } = await adminAuth().getUserByEmail(email);
  await expectInitialUserDocument(uid);
  await screenshot(page, 'auth-dashboard-after-signup-1440');

  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
  await onPath(page, '/');
  await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
  await page.getByRole('link', { name: 'Get Started Now - Only $2/month!' }).waitFor();

  await mainNav(page).getByRole('link', { name: 'Login' }).click();
  await onPath(page, '/login');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await onPath(page, '/dashboard');
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).waitFor();

  await gotoApp(page, '/');
  await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  await expect(page.getByRole('region', { name: 'Start saving today' }).count()).resolves.toBe(0);
  await screenshot(page, 'auth-home-signed-in-1440');
  expect(errors).toEqual([]);
  await context.close();
});

test('a visitor who never signed in reads a public page without Firebase Auth, and a sign-in in another tab shows', async () => {
  const email = uniqueEmail('other-tab');
  await adminAuth().createUser({ email, password: PASSWORD });
  const { context, page } = await openPage(browser);
  const errors = trackPageErrors(page);
  await gotoApp(page, '/pricing');
  await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
  // The SDK creates its IndexedDB database when it starts: none here means it never ran on this page.
  const authDatabases = () =>
    page.evaluate(
      async () =>
        (await indexedDB.databases()).filter((database) => database.name === 'firebaseLocalStorageDb').length,
    );
  await expect(authDatabases()).resolves.toBe(0);

  const other = await context.newPage();
  await gotoApp(other, '/login');
  await fillCredentials(other, email, PASSWORD);
  await other.getByRole('button', { name: 'Sign In', exact: true }).click();
  await onPath(other, '/dashboard');
  // The first tab learns of the sign-in (storage event), loads Auth, and its header follows without a reload.
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).waitFor();
  await expect(mainNav(page).getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a wrong password shows the documented message and stays on /login', async () => {
  const email = uniqueEmail('wrong-password');
  await adminAuth().createUser({ email, password: PASSWORD });
  const { context, page } = await openPage(browser, 'mobile');
  await gotoApp(page, '/login');
  await fillCredentials(page, email, 'not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Failed to sign in. Please check your credentials and try again.' })
    .waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await screenshot(page, 'auth-login-wrong-password-375');
  await context.close();
});

test('validation messages appear under each field on submit and follow corrections', async () => {
  const { context, page } = await openPage(browser, 'mobile');
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Email is required').waitFor();
  await page.getByText('Password is required').waitFor();
  await screenshot(page, 'auth-login-validation-375');

  await page.getByLabel('Email').fill('shopper@');
  await page.getByText('Invalid email address').waitFor();
  await page.getByLabel('Password').fill('123');
  await page.getByText('Password must be at least 6 characters').waitFor();

  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('123456');
  await page.getByText(/Invalid email address|Password must be/).waitFor({ state: 'detached' });
  await context.close();
});

test('Google sign-in through the Auth emulator popup creates users/{uid} and lands on /dashboard', async () => {
  const before = new Set((await adminAuth().listUsers(1000)).users.map((user) => user.uid));
  const { context, page } = await openPage(browser);
  const errors = trackPageErrors(page);
  await signInWithEmulatedGoogle(page);
  await onPath(page, '/dashboard');
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).waitFor();

  const created = (await adminAuth().listUsers(1000)).users.filter((user) => !before.has(user.uid));
  const googleUser = created.find((user) =>
    user.providerData.some((info) => info.providerId === 'google.com'),
  );
  expect(googleUser).toBeDefined();
  await expectInitialUserDocument(googleUser?.uid ?? '');
  expect(errors).toEqual([]);
  await context.close();
});

test('a signed-out visit to /account goes to /login, and signing in returns to /account', async () => {
  const email = uniqueEmail('protected');
  await adminAuth().createUser({ email, password: PASSWORD });
  const { context, page } = await openPage(browser);
  await gotoApp(page, '/account');
  await onPath(page, '/login');
  await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();

  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await onPath(page, '/account');
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Signing in through the password form also creates the missing user document.
  const { uid } = await adminAuth().getUserByEmail(email);
  await expectInitialUserDocument(uid);
  await context.close();
});

test('at 375 px, signed in, the mobile menu lists Dashboard, Account and Sign Out', async () => {
  const { context, page } = await openPage(browser, 'mobile');
  await signUp(page, uniqueEmail('mobile-menu'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(
    menu.getByRole('navigation', { name: 'Mobile' }).locator('a, button').allTextContents(),
  ).resolves.toEqual(['Home', 'Blog', 'Dashboard', 'Account', 'Sign Out']);
  await waitForAnimationsToFinish(page, 'dialog.mobile-menu');
  // The open menu covers the viewport: capture the viewport, not the full page.
  await viewportScreenshot(page, 'auth-mobile-menu-signed-in-375');

  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await onPath(page, '/');
  await menu.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Login' }).waitFor();
  await context.close();
});
