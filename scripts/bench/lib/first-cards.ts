// The signed-in subscriber's /dashboard, the page people pay for: time from navigation start until the first
// deal cards are painted, under Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up,
// 4× CPU slowdown) applied to a real Chromium tab. Lighthouse cannot wait for a signed-in app's own content,
// so this is timed in the page: a MutationObserver sees the first card, the next animation frame is its paint.
import type { Browser } from 'playwright-core';
import { newContext } from '../../../tests/e2e/support/browser';
import { signIn } from './deal-reads';
import { median } from './stats';
import { measured, skipped, type FirstCards, type Outcome } from './results';

/** Lighthouse 12's mobile preset (constants.throttling.mobileSlow4G). */
const MOBILE_THROTTLING = {
  latencyMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 675,
  cpuSlowdown: 4,
};

const FIRST_CARD_TIMER = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.deal-card:not(.deal-card--skeleton)')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.firstCardsPaintedMs = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

export async function measureDashboardFirstCards(
  browser: Browser,
  { origin, user, runs }: { origin: string; user: { email: string; password: string }; runs: number },
): Promise<Outcome<FirstCards>> {
  const context = await newContext(browser, 'mobile');
  try {
    const signInPage = await context.newPage();
    await signIn(signInPage, origin, user.email, user.password);
    await signInPage.close();
    const samplesMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      // A fresh tab each time, signed in from the persisted session; the HTTP cache is cleared so every run
      // downloads the app like a first visit of the day.
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE_THROTTLING.latencyMs,
        downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
        uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
      await page.addInitScript(FIRST_CARD_TIMER);
      await page.goto(`${origin}/dashboard`);
      await page.waitForFunction(() => 'firstCardsPaintedMs' in window, undefined, { timeout: 60_000 });
      samplesMs.push(await page.evaluate(() => Number(Reflect.get(window, 'firstCardsPaintedMs'))));
      await page.close();
    }
    return measured({ samplesMs, medianMs: median(samplesMs) });
  } catch (error) {
    return skipped(error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));
  } finally {
    await context.close();
  }
}
