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
  type Outcome,
  type StripeCalls,
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
    if (firestore.errors.length > 0) log(`  Firestore capture: ${firestore.errors.join('; ')}`);
    await firestore.detach();
    return {
      reads: { firstPage: measured({ ...firstReads, cards }), furtherPages, furtherNote },
      stripeCalls,
      scripts,
    };
  } finally {
    await context.close();
  }
}
