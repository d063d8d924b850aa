// Near you end to end, in Chromium, on the demo data: a subscriber types a city → Near you lists the demo's
// in-store deals of that city nearest first, each with its distance; the demo's deals limited to another country
// are then in none of the dashboard's lists (digests and alerts: tests/functions/near-you-digests.test.ts).
// Screenshots of the location chooser and the list at 375 and 1440 px.
import { FieldValue } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { DEMO_ANCHOR } from '../../scripts/demo-data/constants';
import { buildDemoDataset } from '../../scripts/demo-data/dataset';
import { demoPlaceIds } from '../../scripts/demo-data/places';
import { dealAppliesIn, nearbyDeals, storeLocationDocuments } from '@bargains/model/near-you';
import { locationDocPath, userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { waitUntil } from '../../tools/wait-until';
import { signIn, TEST_PASSWORD } from './dashboard-helpers';
import {
  BASE_URL,
  gotoApp,
  openPage,
  trackPageErrors,
  type ViewportName,
  viewportScreenshot,
} from './support/browser';
import { adminAuth, adminDb, uniqueEmail } from './support/emulators';
import { useBrowser } from './support/suite';

const browser = useBrowser();
const subscribers: string[] = [];

/** Where "Portland" resolves to (places/resolve.ts: the most populous Portland, on the 5 km grid). */
const PORTLAND = { lat: 45.5, lng: -122.7 };

const dataset = buildDemoDataset();
const places = demoPlaceIds(dataset.deals);
const demoDeal = (id: string) => {
  const found = dataset.deals.find((deal) => deal.id === id);
  if (!found) throw new Error(`no demo deal ${id}`);
  return found;
};
/** The demo's in-store deals within 25 km of Portland, nearest first, as the model ranks them. */
const portlandDeals = nearbyDeals(
  places.inStore.flatMap((id) => storeLocationDocuments(id, demoDeal(id).doc).map(({ data }) => data)),
  PORTLAND,
  25,
  new Date(`${DEMO_ANCHOR}T00:00:00.000Z`),
  'US',
);
const abroad = places.regionLimited.filter((id) => !dealAppliesIn(demoDeal(id).doc, 'US'));

async function createSubscriber(): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail('near-you');
  const { uid } = await adminAuth().createUser({ email, password: TEST_PASSWORD });
  await adminDb()
    .doc(userDocPath(uid))
    .set({
      ...newUserDoc(FieldValue.serverTimestamp()),
      subscription_active: true,
      subscription_status: 'active',
    });
  subscribers.push(uid);
  return { uid, email };
}

afterAll(async () => {
  for (const uid of subscribers) {
    await adminAuth().deleteUser(uid);
    await adminDb().recursiveDelete(adminDb().doc(userDocPath(uid)));
  }
});

async function nearYouCards(page: Page): Promise<Array<{ id: string; distance: string; store: string }>> {
  return page.locator('.near-you__item').evaluateAll((items) =>
    items.map((item) => ({
      id: item.querySelector('[data-deal-id]')?.getAttribute('data-deal-id') ?? '',
      distance: item.querySelector('.near-you__distance strong')?.textContent ?? '',
      store: item.querySelector('.near-you__distance span')?.textContent ?? '',
    })),
  );
}

const positionRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { positionRequests: number }).positionRequests);

async function openNearYou(viewport: ViewportName): Promise<{ page: Page; uid: string; errors: Error[] }> {
  const { uid, email } = await createSubscriber();
  const { page } = await openPage(browser(), viewport);
  const errors = trackPageErrors(page);
  // Counts the page's requests for the device position: none may happen before "Use my location".
  await page.addInitScript(() => {
    const geolocation = navigator.geolocation;
    const ask = geolocation.getCurrentPosition.bind(geolocation);
    const counter = window as unknown as { positionRequests: number };
    counter.positionRequests = 0;
    geolocation.getCurrentPosition = (...args) => {
      counter.positionRequests += 1;
      ask(...args);
    };
  });
  await signIn(page, email);
  await page.getByRole('link', { name: 'Near you' }).click();
  await page.waitForURL('**/near-you');
  await page.getByRole('heading', { name: 'Where should we look?' }).waitFor();
  return { page, uid, errors };
}

test('the demo has in-store deals in Portland and deals for other countries only', () => {
  expect(portlandDeals.map((deal) => deal.storeLabel)).toEqual([
    'Northwind Outfitters, Pearl District, Portland',
    'Cedar & Pine Home, Hawthorne, Portland',
    'Bluebird Electronics, Beaverton',
  ]);
  expect(abroad).toHaveLength(2);
});

test.each(['desktop', 'mobile'] as const)(
  'a subscriber types a city and sees its store deals nearest first, with distances (%s)',
  async (viewport) => {
    const { page, uid, errors } = await openNearYou(viewport);
    // Nothing is asked of the browser until the subscriber chooses "Use my location".
    expect(await positionRequests(page)).toBe(0);
    await viewportScreenshot(page, `near-you-chooser-${viewport}`);

    await page.getByLabel('City or postal code').fill('Portland');
    await page.getByRole('button', { name: 'Find deals here' }).click();
    await page.getByText('Showing deals near Portland, OR, US').waitFor();
    await page.locator('.near-you[data-state="ready"]').waitFor();
    const cards = await nearYouCards(page);
    expect(cards.map((card) => card.id)).toEqual(portlandDeals.map((deal) => deal.dealId));
    expect(cards.map((card) => card.store)).toEqual(portlandDeals.map((deal) => deal.storeLabel));
    // The distance on each card, formatted with Intl ("3.5 km away"), in increasing order.
    const distances = cards.map((card) => Number(/^([\d.]+) km away$/.exec(card.distance)?.[1]));
    expect(distances.every((km) => Number.isFinite(km) && km > 0 && km <= 25)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const [i, deal] of portlandDeals.entries()) expect(distances[i]).toBeCloseTo(deal.distanceKm, 1);

    // Stored coarse, owner only (the rules tests hold the owner-only part): the grid point and the country.
    const stored = (await adminDb().doc(locationDocPath(uid)).get()).data();
    expect(stored).toMatchObject({
      label: 'Portland, OR, US',
      country: 'US',
      lat: 45.5,
      lng: -122.7,
      source: 'typed',
    });
    // The list's top just under the sticky header.
    await page
      .locator('.near-you__controls')
      .evaluate((controls) => window.scrollTo(0, controls.getBoundingClientRect().top + window.scrollY - 80));
    await viewportScreenshot(page, `near-you-list-${viewport}`);

    // A narrower radius keeps only the nearer stores; the choice is in the URL.
    await page.getByLabel('Within').selectOption('5');
    await page.waitForURL('**/near-you?radius=5');
    // The list of the wider radius stays "ready" until the narrower one replaces it: wait for the new list.
    const within5 = portlandDeals.filter((deal) => deal.distanceKm <= 5).map((deal) => deal.dealId);
    await waitUntil(
      async () => (await nearYouCards(page)).map((card) => card.id).join(),
      (ids) => ids === within5.join(),
      { what: 'the 5 km list' },
    );
    await page.locator('.near-you[data-state="ready"]').waitFor();
    expect((await nearYouCards(page)).map((card) => card.id)).toEqual(within5);

    if (viewport === 'desktop') {
      // The deals of other countries are in no list of this subscriber: each one's shop, every deal of it.
      for (const id of abroad) {
        const shop = demoDeal(id).doc.shop_id;
        await gotoApp(page, `/dashboard?shop=${shop}&verified=all`);
        await page
          .locator('.deal-list[data-state="complete"], .deal-list[data-state="more-available"]')
          .waitFor();
        // Listed only once the location is read, the country decides: the deal is gone and stays gone.
        await waitUntil(
          () => page.locator(`[data-deal-id="${id}"]`).count(),
          (count) => count === 0,
          { what: `${id} left out of ${shop}'s list` },
        );
        expect(await page.locator('[data-deal-id]').count()).toBeGreaterThan(0);
      }
      // Removed in one click: the document is gone, and the chooser asks again.
      await gotoApp(page, '/near-you');
      await page.getByRole('button', { name: 'Remove my location' }).click();
      await page.getByRole('heading', { name: 'Where should we look?' }).waitFor();
      expect((await adminDb().doc(locationDocPath(uid)).get()).exists).toBe(false);
      expect(await positionRequests(page)).toBe(0);

      // "Use my location": the browser's position (granted here), rounded before it leaves the page.
      await page.context().grantPermissions(['geolocation'], { origin: BASE_URL });
      await page.context().setGeolocation({ latitude: 47.6101, longitude: -122.3344 });
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page
        .getByText('Showing deals near Near Seattle, WA, US')
        .or(page.getByRole('alert'))
        .first()
        .waitFor();
      expect(await page.getByRole('alert').allTextContents()).toEqual([]);
      expect(await positionRequests(page)).toBe(1);
      expect((await adminDb().doc(locationDocPath(uid)).get()).data()).toMatchObject({
        country: 'US',
        lat: 47.6,
        lng: -122.35,
        source: 'device',
      });
      await page.locator('.near-you[data-state="ready"]').waitFor();
      expect((await nearYouCards(page)).map((card) => card.store)).toEqual([
        'Lumen Beauty, Pike Place, Seattle',
        'Northwind Outfitters, Capitol Hill, Seattle',
      ]);
      await page.getByRole('button', { name: 'Remove my location' }).click();
      await page.getByRole('heading', { name: 'Where should we look?' }).waitFor();
      // Without a location, the same shop's list shows its deal for another country again.
      const [first] = abroad;
      if (first) {
        await gotoApp(page, `/dashboard?shop=${demoDeal(first).doc.shop_id}&verified=all`);
        await page.locator(`[data-deal-id="${first}"]`).waitFor();
      }
    }
    expect(errors).toEqual([]);
  },
);
