// A subscribed user's visit to /dashboard in a fresh tab: the Firestore documents delivered to the page for the
// first page of deals and for each further page (infinite scroll), the JavaScript it loads, and the Stripe API
// calls the visit causes (must be none).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newContext } from '../../../tests/e2e/support/browser';
import { FirestoreCapture } from './firestore-capture';
import { subtractReads } from './firestore-traffic';
import { recordPageScripts } from './route-scripts';
import {
  measured,
  skipped,
  type DealReads,
  type DealReadsFurtherPage,
  type DealReadsInteraction,
  type Outcome,
  type StripeCalls,
  type TypingResponsiveness,
} from './results';
import { callsBetween, type StripeCounter } from './stripe-counter';

const MAX_FURTHER_PAGES = 2;
const viewDealLinks = (page: Page) => page.getByRole('link', { name: /^View Deal/ });

export interface DashboardVisit {
  reads: DealReads;
  stripeCalls: Outcome<StripeCalls>;
  scripts: Outcome<string[]>;
}

export function visitFailed(reason: string): DashboardVisit {
  return {
    reads: { firstPage: skipped(reason), furtherPages: [] },
    stripeCalls: skipped(reason),
    scripts: skipped(reason),
  };
}

/** Resolves when the number of deal cards has been stable for `quietMs` with at least `atLeast` cards. */
async function cardsSettled(
  page: Page,
  atLeast: number,
  { quietMs = 1500, timeoutMs = 20_000 } = {},
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = await viewDealLinks(page).count();
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    const next = await viewDealLinks(page).count();
    if (next !== count) {
      count = next;
      stableSince = Date.now();
    } else if (count >= atLeast && Date.now() - stableSince >= quietMs) {
      break;
    }
  }
  return count;
}

export async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${origin}/dashboard`, { timeout: 30_000 });
}

/** The word typed into the search box: 10 keystrokes, and a word the demo deals contain. */
const TYPED_SEARCH = 'smartwatch';

/** Waits until the list has finished loading after a change and its cards stopped changing. */
async function listSettled(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const state = document.querySelector('.deal-list')?.getAttribute('data-state');
      return state !== 'loading' && state !== 'loading-more';
    },
    undefined,
    { timeout: 20_000 },
  );
  return cardsSettled(page, 0, { quietMs: 1000 });
}

/**
 * Types TYPED_SEARCH one key at a time (faster than the debounce, as a person types) and records the long tasks
 * (> 50 ms, PerformanceObserver 'longtask') that start while typing.
 */
async function typeSearch(page: Page): Promise<TypingResponsiveness> {
  const box = page.getByRole('searchbox', { name: 'Search deals' });
  await box.click();
  const startedAt = await page.evaluate(() => {
    const tasks: Array<{ start: number; duration: number }> = [];
    (window as unknown as { benchLongTasks: typeof tasks }).benchLongTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
    return performance.now();
  });
  await box.pressSequentially(TYPED_SEARCH, { delay: 80 });
  const endedAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(100);
  const tasks = await page.evaluate(
    ([from, to]) =>
      (
        window as unknown as { benchLongTasks: Array<{ start: number; duration: number }> }
      ).benchLongTasks.filter((task) => task.start >= from && task.start <= to),
    [startedAt, endedAt] as const,
  );
  return {
    keystrokes: TYPED_SEARCH.length,
    longTasks: tasks.length,
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
  };
}

/** Each change the dashboard offers, applied one after the other to the same tab. */
const INTERACTIONS: Array<{ interaction: string; apply: (page: Page) => Promise<void> }> = [
  {
    interaction: 'clear filters',
    apply: (page) => page.getByRole('button', { name: 'Clear filters' }).first().click(),
  },
  {
    interaction: 'store: Bluebird Electronics',
    apply: (page) =>
      page
        .getByLabel('Store')
        .selectOption('bluebird-electronics')
        .then(() => undefined),
  },
  {
    interaction: 'category: Electronics',
    apply: (page) =>
      page
        .getByLabel('Category')
        .selectOption('electronics')
        .then(() => undefined),
  },
  {
    interaction: 'show: All Deals',
    apply: (page) =>
      page
        .getByLabel('Show')
        .selectOption('all')
        .then(() => undefined),
  },
  {
    interaction: 'sort: Ending Soon',
    apply: (page) =>
      page
        .getByLabel('Sort by')
        .selectOption('ending_soon')
        .then(() => undefined),
  },
];

/** Reads per search/filter/sort change, and the typing responsiveness of the search box. */
async function measureInteractions(
  page: Page,
  firestore: FirestoreCapture,
  log: (line: string) => void,
): Promise<Pick<DealReads, 'interactions' | 'interactionNote' | 'typing'>> {
  const interactions: DealReadsInteraction[] = [];
  let typing: Outcome<TypingResponsiveness> = skipped('not measured');
  try {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    let before = await firestore.reads();
    const typed = await typeSearch(page);
    typing = measured(typed);
    let cards = await listSettled(page);
    let after = await firestore.reads();
    interactions.push({
      ...subtractReads(after, before),
      interaction: `search "${TYPED_SEARCH}" (typed)`,
      cards,
    });
    for (const { interaction, apply } of INTERACTIONS) {
      before = after;
      await apply(page);
      cards = await listSettled(page);
      after = await firestore.reads();
      interactions.push({ ...subtractReads(after, before), interaction, cards });
    }
    for (const entry of interactions) {
      log(
        `  dashboard ${entry.interaction}: ${entry.deals} deal docs, ${entry.other} other, ${entry.cards} cards`,
      );
    }
    return { interactions, typing };
  } catch (error) {
    return {
      interactions,
      typing,
      interactionNote: `interactions stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
}

export async function measureDashboardVisit(
  browser: Browser,
  {
    origin,
    firestoreOrigin,
    user,
    counter,
    screenshotDir,
    log = console.log,
  }: {
    origin: string;
    firestoreOrigin: string;
    user: { email: string; password: string };
    counter: StripeCounter;
    screenshotDir: string;
    log?: (line: string) => void;
  },
): Promise<DashboardVisit> {
  const context = await newContext(browser);
  try {
    const signInPage = await context.newPage();
    try {
      await signIn(signInPage, origin, user.email, user.password);
    } catch (error) {
      return visitFailed(
        `could not sign in as ${user.email}: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      );
    }
    await signInPage.close();

    // The visit itself: a new tab, signed in from the persisted session, everything recorded from its start.
    const stripeBefore = await counter.settled();
    let visitCapture: FirestoreCapture | undefined;
    const visit = await recordPageScripts(context, origin, '/dashboard', {
      beforeNavigate: async (visitPage) => {
        visitCapture = await FirestoreCapture.attach(visitPage, firestoreOrigin);
      },
      ready: async (visitPage) => {
        await viewDealLinks(visitPage)
          .or(visitPage.getByRole('button', { name: 'Subscribe Now' }))
          .or(visitPage.getByText('No bargains found'))
          .first()
          .waitFor({ timeout: 30_000 });
      },
    });
    if (visit.readyError) {
      const shot = join(screenshotDir, 'dashboard-visit.png');
      mkdirSync(screenshotDir, { recursive: true });
      await visit.page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      return visitFailed(
        `/dashboard showed neither deals nor the subscribe screen: ${visit.readyError} (screenshot ${shot})`,
      );
    }
    const firestore = visitCapture;
    if (!firestore) throw new Error('the Firestore capture was not attached');
    const scripts = measured(visit.files);
    if (await visit.page.getByRole('button', { name: 'Subscribe Now' }).isVisible()) {
      return {
        ...visitFailed(`${user.email} has no active subscription (the subscribe screen shows)`),
        scripts,
      };
    }
    const cards = await cardsSettled(visit.page, 1);
    const firstReads = await firestore.reads();
    log(
      `  dashboard first page: ${cards} cards, ${firstReads.deals} deal docs, ${firstReads.userDocs} user docs`,
    );
    const stripeCalls = measured(callsBetween(stripeBefore, await counter.settled()));

    const furtherPages: DealReadsFurtherPage[] = [];
    let furtherNote: string | undefined;
    let shown = cards;
    let readsSoFar = firstReads;
    if (cards === 0) furtherNote = 'no deals on the first page';
    while (!furtherNote && furtherPages.length < MAX_FURTHER_PAGES) {
      await viewDealLinks(visit.page).last().scrollIntoViewIfNeeded();
      const now = await cardsSettled(visit.page, shown + 1, { timeoutMs: 15_000 });
      const reads = await firestore.reads();
      const delta = subtractReads(reads, readsSoFar);
      if (now === shown) {
        furtherNote =
          delta.total > 0
            ? `scrolling read ${delta.total} more document(s) but showed no new card`
            : `the list ended after ${shown} cards (no further page requested)`;
        break;
      }
      furtherPages.push({ ...delta, cardsAdded: now - shown });
      log(
        `  dashboard further page ${furtherPages.length}: ${now - shown} new cards, ${delta.deals} deal docs`,
      );
      shown = now;
      readsSoFar = reads;
    }
    const afterPages = await measureInteractions(visit.page, firestore, log);
    if (firestore.errors.length > 0) log(`  Firestore capture: ${firestore.errors.join('; ')}`);
    await firestore.detach();
    return {
      reads: { firstPage: measured({ ...firstReads, cards }), furtherPages, furtherNote, ...afterPages },
      stripeCalls,
      scripts,
    };
  } finally {
    await context.close();
  }
}
