// The entry. The page's snapshot (or the loading frame) is already in the HTML: let the browser paint it before
// the app's JavaScript is requested (snapshots) or evaluated (the loading frame, which preloads it), so the first
// paint never waits for React (web/build/prerender-plugin.ts writes the HTML).
// First: zod's jitless config, set before any chunk defines a schema (lib/zod-jitless.ts).
import '@/lib/zod-jitless';
import '@/styles/global.css';
import { startAuthSession } from '@/lib/first-auth-check';
import { warmUpIntlOffMainThread } from '@/lib/intl-warmup';
import { afterNextPaint, nextTask } from '@/lib/next-task';
import { reportedWhereAwaited } from '@/lib/reported-where-awaited';
import { recoverFromStaleChunks, reloadOnceForStaleChunk } from '@/lib/stale-chunks';

recoverFromStaleChunks();

/** Longest the app waits for the browser to report the first contentful paint (a page may never report one). */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves once the browser reports the first contentful paint. Waiting for the report, not just the next frame:
 * a frame is shown some time after its paint task, and a download or task started in between competes with
 * putting the page on screen (a Lighthouse run then counts every request started before the paint).
 */
function afterFirstContentfulPaint(): Promise<void> {
  // A hidden tab paints nothing (and runs no animation frames) until it is shown: boot at once.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return afterNextPaint();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Longest the app waits for the page's main image: a stalled image must not keep the app from starting. */
const MAIN_IMAGE_WAIT_MS = 3000;

/**
 * An image that cannot be decoded (EncodingError: a missing or broken file, which the browser reports itself) has
 * nothing to wait for. Anything else is unexpected and logged.
 */
function paintWithoutIt(error: unknown): void {
  if (!(error instanceof DOMException && error.name === 'EncodingError'))
    console.error('boot.main_image_decode_failed', error);
}

/**
 * A server-rendered blog page's largest element is its cover image (`fetchpriority="high"`). If the app replaced
 * the page before that image was painted, the app's copy of it would be the page's largest paint, after all the
 * JavaScript: let it decode first (bounded), then paint.
 */
function mainImagesDecoded(): Promise<void> {
  const images = Array.from(document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]'));
  if (images.length === 0) return Promise.resolve();
  const decoded = Promise.all(images.map((image) => image.decode().catch(paintWithoutIt)));
  return Promise.race([
    decoded.then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, MAIN_IMAGE_WAIT_MS)),
  ]);
}

await mainImagesDecoded();
await afterFirstContentfulPaint();
// Starting the first auth check now lets it (on a device with a signed-in user: loading Firebase Auth, then a round
// trip to restore the user) run while the larger app chunk still downloads. The app awaits the same check, and
// reports its failure.
startAuthSession().catch(reportedWhereAwaited);
// Each step is a task of its own (starting a download adds the chunk's preload links to the page, starting a worker
// has its cost too): one task doing all of it blocked a phone's main thread for over 50 ms.
await nextTask();
warmUpIntlOffMainThread();
await nextTask();
try {
  await import('./main');
} catch (error) {
  // E.g. a deploy replaced the chunks this HTML names: reload once for the new build; if that does not help, the
  // snapshot stays readable and its links still work.
  if (!reloadOnceForStaleChunk())
    console.error('app.load_failed: the app could not load; the page stays as served', { error });
}
