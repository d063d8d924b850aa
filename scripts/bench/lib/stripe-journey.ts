// The subscription journey a new customer takes, driven in Chromium through the production build, with the
// Stripe stand-in's API call counter read between steps: sign-up → subscribe → pay → dashboard → account →
// cancel → resume.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newContext } from '../../../tests/e2e/support/browser';
import { measured, skipped, type StripeStep } from './results';
import { JOURNEY_STEPS, type JourneyStep } from './routes';
import { callsBetween, type StripeCounter } from './stripe-counter';

export interface JourneyUser {
  email: string;
  password: string;
}

export interface JourneyResult {
  steps: StripeStep[];
  /** The user that went through the journey (created at sign-up), when sign-up worked. */
  user?: JourneyUser;
  /** True when the journey ended with an active subscription again (resume worked). */
  completed: boolean;
}

const STEP_TIMEOUT_MS = 60_000;
const viewDealLinks = (page: Page) => page.getByRole('link', { name: /^View Deal/ });

export interface JourneyOptions {
  origin: string;
  stripeOrigin: string;
  counter: StripeCounter;
  screenshotDir: string;
  log?: (line: string) => void;
}

export async function runStripeJourney(browser: Browser, options: JourneyOptions): Promise<JourneyResult> {
  const { origin, stripeOrigin, counter, screenshotDir, log = console.log } = options;
  const user: JourneyUser = {
    email: `bench-${Date.now().toString(36)}@bargains.test`,
    password: 'bench-password-1',
  };
  const context = await newContext(browser);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const steps: StripeStep[] = [];
  let signedUp = false;

  const actions: Record<JourneyStep, () => Promise<void>> = {
    'sign-up': async () => {
      await page.goto(`${origin}/signup`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.waitForURL(`${origin}/dashboard`);
      signedUp = true;
    },
    'subscribe (checkout session)': async () => {
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await page.waitForURL((url) => url.origin === stripeOrigin);
      await page.getByRole('button', { name: /^Pay / }).waitFor();
    },
    'pay (stand-in checkout + webhooks)': async () => {
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((url) => url.origin === origin);
    },
    'dashboard (deals shown)': async () => {
      await page.waitForURL(`${origin}/dashboard`);
      // With no live deals seeded the list shows its empty state instead; the subscription still worked.
      await viewDealLinks(page).or(page.getByText('No bargains found')).first().waitFor();
    },
    account: async () => {
      await page.getByRole('link', { name: 'Account', exact: true }).first().click();
      await page.waitForURL(`${origin}/account`);
      await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    },
    cancel: async () => {
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      await page.getByRole('button', { name: 'Resubscribe' }).waitFor();
    },
    resume: async () => {
      await page.getByRole('button', { name: 'Resubscribe' }).click();
      await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    },
  };

  let failedAt: string | null = null;
  try {
    await counter.reset();
    for (const step of JOURNEY_STEPS) {
      const action = actions[step];
      if (failedAt) {
        steps.push({ step, outcome: skipped(`not reached (failed at ${failedAt})`) });
        continue;
      }
      const before = await counter.settled();
      try {
        await action();
      } catch (error) {
        failedAt = step;
        const shot = join(screenshotDir, `journey-${step.split(' ')[0]}.png`);
        mkdirSync(screenshotDir, { recursive: true });
        await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        steps.push({ step, outcome: skipped(`failed at ${page.url()}: ${message} (screenshot ${shot})`) });
        log(`  journey step "${step}" failed: ${message}`);
        continue;
      }
      const calls = callsBetween(before, await counter.settled());
      steps.push({ step, outcome: measured(calls) });
      log(`  journey ${step}: ${calls.calls} Stripe call(s)`);
    }
  } finally {
    await context.close();
  }
  return { steps, user: signedUp ? user : undefined, completed: failedAt === null };
}
