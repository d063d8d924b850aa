// "Most popular" end to end, in Chromium: Popular orders by the counted activity. Three deals nobody acted on
// (found by one search word, so the demo deals stay out of the way) list in the sort's tie order; a subscriber
// opens one with View Deal, saves another and answers Yes on the third's code, and after each action (counted by
// the triggers, server-side) the dashboard, opened again, lists them in the new order. The sort is in the URL.
import { randomBytes } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { dealDocPath, userDocPath } from '@bargains/model/paths';
import { POPULARITY_WEIGHTS } from '@bargains/model/popularity';
import { newUserDoc } from '@bargains/model/user';
import { waitUntil } from '../../tools/wait-until';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';
import { SORT_LABELS, signIn, TEST_PASSWORD, waitForCards } from './dashboard-helpers';
import {
  gotoApp,
  openPage,
  reloadApp,
  trackPageErrors,
  viewportScreenshot,
  waitForAnimationsToFinish,
} from './support/browser';
import { adminAuth, adminDb, uniqueEmail } from './support/emulators';
import { useBrowser } from './support/suite';

const browser = useBrowser();
const suffix = randomBytes(3).toString('hex');
/** One word only these deals have (letters: search folds and indexes words). */
const word = `popmeter${suffix.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
const HOUR = 3_600_000;
const ids = { a: `e2e-pop-a-${suffix}`, b: `e2e-pop-b-${suffix}`, c: `e2e-pop-c-${suffix}` };
const codeOf = { a: 'POPA10', b: 'POPB10', c: 'POPC10' } as const;
let subscriber: { uid: string; email: string };

beforeAll(async () => {
  const now = Date.now();
  // Equal scores order by end_date, latest first: a, b, c before anyone acts.
  const endsIn = { a: 5 * 24 * HOUR + 3 * HOUR, b: 5 * 24 * HOUR + 2 * HOUR, c: 5 * 24 * HOUR + HOUR };
  await writeDeals(
    adminDb(),
    (['a', 'b', 'c'] as const).map((key) => ({
      id: ids[key],
      doc: liveCodeDeal({
        title: `${key.toUpperCase()} ${word} lamp`,
        savings: '10% off',
        code: codeOf[key],
        shop_id: 'e2e-popular-shop',
        shop_name: 'E2E Popular Shop',
        url_home: `https://e2e-popular.example/deals/${ids[key]}`,
        end_date: new Date(now + endsIn[key]),
      }),
    })),
  );
  const email = uniqueEmail('popular');
  const { uid } = await adminAuth().createUser({ email, password: TEST_PASSWORD });
  await adminDb()
    .doc(userDocPath(uid))
    .set({
      ...newUserDoc(FieldValue.serverTimestamp()),
      subscription_active: true,
      subscription_status: 'active',
    });
  subscriber = { uid, email };
});

afterAll(async () => {
  const db = adminDb();
  for (const id of Object.values(ids)) await db.recursiveDelete(db.doc(dealDocPath(id)));
  await deleteDeals(db, Object.values(ids));
  await adminAuth().deleteUser(subscriber.uid);
  await db.recursiveDelete(db.doc(userDocPath(subscriber.uid)));
});

const cardOf = (page: Page, id: string) => page.locator(`[data-deal-id="${id}"]`);

/** Waits until the triggers have stored `score` on the deal. */
function waitForScore(id: string, score: number): Promise<unknown> {
  return waitUntil(
    async () => (await adminDb().doc(dealDocPath(id)).get()).get('popularity_score') as unknown,
    (stored) => stored === score,
    { what: `popularity_score ${score} on ${id}`, timeoutMs: 20_000 },
  );
}

/** Opens the dashboard again (the page read is the data source) and returns the cards in order. */
async function orderAfterReload(page: Page, expected: readonly string[]): Promise<string[]> {
  await reloadApp(page);
  return waitForCards(page, expected);
}

test('Popular orders by the counted activity', async () => {
  const { context, page } = await openPage(browser(), 'desktop');
  // View Deal opens the shop in a new tab: answer it locally (offline machine).
  await context.route('https://e2e-popular.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>shop</title>' }),
  );
  const errors = trackPageErrors(page);
  await signIn(page, subscriber.email);
  await gotoApp(page, `/dashboard?q=${word}&sort=popular`);
  await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('popular');
  await expect(page.getByLabel('Sort by').locator('option:checked').textContent()).resolves.toBe(
    SORT_LABELS.popular,
  );
  expect(await waitForCards(page, [ids.a, ids.b, ids.c])).toEqual([ids.a, ids.b, ids.c]);

  // A View Deal open of c: c first.
  const [shop] = await Promise.all([
    context.waitForEvent('page'),
    cardOf(page, ids.c)
      .getByRole('link', { name: /View Deal/ })
      .click(),
  ]);
  await shop.close();
  await waitForScore(ids.c, POPULARITY_WEIGHTS.open);
  expect(await orderAfterReload(page, [ids.c, ids.a, ids.b])).toEqual([ids.c, ids.a, ids.b]);

  // A save of b weighs more than an open: b first.
  await cardOf(page, ids.b)
    .getByRole('button', { name: /^Save / })
    .click();
  await waitForScore(ids.b, POPULARITY_WEIGHTS.save);
  expect(await orderAfterReload(page, [ids.b, ids.c, ids.a])).toEqual([ids.b, ids.c, ids.a]);

  // A Yes on a's code (asked once the code is copied) weighs most: a first.
  await cardOf(page, ids.a)
    .getByRole('button', { name: `Copy code ${codeOf.a}` })
    .click();
  await cardOf(page, ids.a)
    .getByRole('group', { name: 'Did this code work?' })
    .getByRole('button', { name: 'Yes', exact: true })
    .click();
  await waitForScore(ids.a, POPULARITY_WEIGHTS.worked);
  expect(await orderAfterReload(page, [ids.a, ids.b, ids.c])).toEqual([ids.a, ids.b, ids.c]);

  // Opening c again the same day counts nothing more.
  const [again] = await Promise.all([
    context.waitForEvent('page'),
    cardOf(page, ids.c)
      .getByRole('link', { name: /View Deal/ })
      .click(),
  ]);
  await again.close();
  await reloadApp(page);
  await waitForCards(page, [ids.a, ids.b, ids.c]);
  expect((await adminDb().doc(dealDocPath(ids.c)).get()).get('popularity')).toMatchObject({ opens: 1 });

  await viewportScreenshot(page, 'popular-sort-1440');
  const phone = await openPage(browser(), 'mobile');
  await signIn(phone.page, subscriber.email);
  await gotoApp(phone.page, `/dashboard?q=${word}&sort=popular`);
  await waitForCards(phone.page, [ids.a, ids.b, ids.c]);
  await viewportScreenshot(phone.page, 'popular-sort-375');
  // On a phone the sort lives in the Filters sheet.
  await phone.page.getByRole('button', { name: /^Filters/ }).click();
  await expect(phone.page.getByRole('combobox', { name: 'Sort by' }).inputValue()).resolves.toBe('popular');
  await waitForAnimationsToFinish(phone.page, '.deal-toolbar__panel');
  await viewportScreenshot(phone.page, 'popular-sort-sheet-375');
  expect(errors).toEqual([]);
});
