// On a slow phone network every byte shares one narrow link: a page whose first content is on its way (the
// dashboard's first deal page, requested early by features/dashboard/api/first-page-prefetch.ts) holds back work
// that can wait (the full Firestore SDK for the live user document, ~70 KB gzipped) until that content is painted.
// Only the page that announced its content holds others back, and never for longer than MAX_HOLD_MS.
import { afterNextPaint } from './next-task';

const MAX_HOLD_MS = 5000;

let shown: Promise<void> | null = null;
let release: (() => void) | null = null;

/** A page announces that its first content is on its way; work that can wait waits for firstContentShown(). */
export function expectFirstContent(): void {
  if (release) return;
  shown = new Promise<void>((resolve) => {
    const timer = setTimeout(() => release?.(), MAX_HOLD_MS);
    release = () => {
      clearTimeout(timer);
      release = null;
      resolve();
    };
  });
}

/** The announced content is on screen after the next paint (or will never come: failed, or the page was left). */
export function firstContentShown(): void {
  const releaseNow = release;
  if (!releaseNow) return;
  void afterNextPaint().then(releaseNow);
}

/** Resolves at once unless a page's first content is on its way; then once it has been painted. */
export function afterFirstContent(): Promise<void> {
  return release && shown ? shown : Promise.resolve();
}
