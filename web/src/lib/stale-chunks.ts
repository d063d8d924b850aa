// After a deploy, a page loaded before it still names the previous build's chunks, which Hosting no longer has
// (404). Reloading fetches the new HTML and its chunks. Once only: a chunk that is missing right after a reload is
// a real failure, left to the app's error views instead of a reload loop.

const RELOADED_AT_KEY = 'bargains:stale-chunk-reload-at';
/** A second failure within this window after a recovery reload is not a stale page any more. */
export const RELOAD_WINDOW_MS = 60_000;

interface RecoveryEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

const browserEnv = (): RecoveryEnv => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: Date.now,
});

/** Reloads the page unless this tab already reloaded for a failed chunk recently; returns whether it reloads. */
export function reloadOnceForStaleChunk(env: RecoveryEnv = browserEnv()): boolean {
  const last = Number(env.storage.getItem(RELOADED_AT_KEY));
  if (Number.isFinite(last) && last > 0 && env.now() - last < RELOAD_WINDOW_MS) return false;
  env.storage.setItem(RELOADED_AT_KEY, String(env.now()));
  console.warn('app.stale_chunk_reload: a script failed to load (a new deploy?); reloading once');
  env.reload();
  return true;
}

/** Vite's preload helper reports every failed dynamic import (the chunk or one of its dependencies) this way. */
export function recoverFromStaleChunks(): void {
  window.addEventListener('vite:preloadError', () => {
    reloadOnceForStaleChunk();
  });
}
