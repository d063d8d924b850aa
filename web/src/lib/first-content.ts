// On a slow phone network every byte shares one narrow link: a page whose first content is on its way (the
// dashboard's first deal page, requested early by features/dashboard/api/first-page-prefetch.ts) holds back work
// that can wait (the full Firestore SDK for the live user document, ~70 KB gzipped) until that content is painted.
// Only the page that announced its content holds others back, and never for longer than MAX_HOLD_MS.
import { afterNextPaint } from './next-task';

const MAX_HOLD_MS = 5000;

interface FirstContentHold {
  shown: Promise<void> | null;
  release: (() => void) | null;
}

/**
 * The hold lives on the window, not in this module: the build copies small shared modules into each chunk that
 * imports them (vite.config.ts, experimentalInlineCommonChunks), so the page that announces its content and the
 * work that waits for it can run different copies of this module.
 */
const HOLD_KEY: unique symbol = Symbol.for('bargains.firstContentHold');
type WindowWithHold = typeof globalThis & { [HOLD_KEY]?: FirstContentHold };

function hold(): FirstContentHold {
  const holder = globalThis as WindowWithHold;
  holder[HOLD_KEY] ??= { shown: null, release: null };
  return holder[HOLD_KEY];
}

/** A page announces that its first content is on its way; work that can wait waits for firstContentShown(). */
export function expectFirstContent(): void {
  const state = hold();
  if (state.release) return;
  state.shown = new Promise<void>((resolve) => {
    const timer = setTimeout(() => state.release?.(), MAX_HOLD_MS);
    state.release = () => {
      clearTimeout(timer);
      state.release = null;
      resolve();
    };
  });
}

/** The announced content is on screen after the next paint (or will never come: failed, or the page was left). */
export function firstContentShown(): void {
  const releaseNow = hold().release;
  if (!releaseNow) return;
  void afterNextPaint().then(releaseNow);
}

/** Resolves at once unless a page's first content is on its way; then once it has been painted. */
export function afterFirstContent(): Promise<void> {
  const { release, shown } = hold();
  return release && shown ? shown : Promise.resolve();
}
