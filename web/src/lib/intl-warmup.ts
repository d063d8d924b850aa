// Starts a worker that creates the app's Intl formatters once (intl-warmup.worker.ts), so the browser loads its
// date and number data off the main thread while the app downloads: creating the first formatter on the main
// thread was the longest single task of a blog page's takeover (bench: Lighthouse total blocking time).
export function warmUpIntlOffMainThread(): void {
  try {
    new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' });
  } catch {
    // No module workers (or a policy forbids them): the formatters are then created on first use, as before.
  }
}
