// The entry. The page's snapshot (or the loading frame) is already in the HTML: let the browser paint it before
// the app's JavaScript is requested (snapshots) or evaluated (the loading frame, which preloads it), so the first
// paint never waits for React (web/build/prerender-plugin.ts writes the HTML).
import '@/styles/global.css';
import { recoverFromStaleChunks, reloadOnceForStaleChunk } from '@/lib/stale-chunks';

// The CSP allows no 'unsafe-eval' (firebase.json): zod must neither compile its parsers with `new Function` nor
// probe whether it may (the browser reports even the caught probe as a violation). This is zod's `config({ jitless:
// true })` without importing zod into the entry (4 KB on every page): zod keeps its global config in this object and
// reads it when a schema is defined, which happens in the app's chunks, after this line.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
recoverFromStaleChunks();

function afterNextPaint(): Promise<void> {
  // A hidden tab paints nothing (and runs no animation frames) until it is shown: boot at once.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

await afterNextPaint();
// The app imports the auth layer first thing; requesting both now saves a round trip on a snapshot page. A failure
// here is the app's to report (it imports the same module).
import('@/lib/auth-session').catch(() => undefined);
try {
  await import('./main');
} catch (error) {
  // E.g. a deploy replaced the chunks this HTML names: reload once for the new build; if that does not help, the
  // snapshot stays readable and its links still work.
  if (!reloadOnceForStaleChunk())
    console.error('app.load_failed: the app could not load; the page stays as served', { error });
}
