// The only script the dashboard's document runs itself (render_dashboard's shell, web/build/prerender-plugin.ts).
// On a phone's slow link the app's scripts would share the bandwidth with the styles and the first deals, so the
// document lists them and this starter adds them once the first deal cards are painted:
// - a page the server drew (the session cookie came with the request): after its first paint;
// - no cookie, but a user signed in on this device (the first visit on a device, or back after two weeks): it asks
//   render_dashboard for the same first page with the user's ID token, draws it, then adds the app after its paint;
// - anyone else, or when that fails: at once, and the app reads as it always has.
import { DASHBOARD_ISLAND_ID } from '@bargains/model/contracts/dashboard-render';
import { addAppScripts, appScriptsOf } from '@/features/dashboard/start/app-scripts';
import { currentIdToken, readPersistedUser } from '@/features/dashboard/start/persisted-user';
import { drawServedFirstPage, fetchServedFirstPage } from '@/features/dashboard/start/served-first-page';
import { afterNextPaint } from '@/lib/next-task';

const documentParsed = (): Promise<void> =>
  document.readyState === 'loading'
    ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve();

/** Whether the server drew the page or saw a valid cookie (the island's `session` or `first` is set). */
function servedForSession(): boolean {
  const text = document.getElementById(DASHBOARD_ISLAND_ID)?.textContent ?? '';
  try {
    const island = JSON.parse(text) as { session?: unknown; first?: unknown } | null;
    return island !== null && (Boolean(island.session) || Boolean(island.first));
  } catch (error) {
    // No island (a document the server did not render): nothing was drawn.
    if (error instanceof SyntaxError) return false;
    throw error;
  }
}

/** Draws the signed-in user's first page from the server; false when there is no user or no page to draw. */
async function drawFirstPageForPersistedUser(user: ReturnType<typeof readPersistedUser>): Promise<boolean> {
  const persisted = await user;
  if (persisted === null) return false;
  const rendered = await fetchServedFirstPage(await currentIdToken(persisted), window.location);
  if (rendered === null) return false;
  await documentParsed();
  drawServedFirstPage(document, rendered);
  return true;
}

/** Whether the first deal cards are in the document: drawn by the server, or now by the starter. */
async function firstCardsDrawn(): Promise<boolean> {
  // Started before the document is parsed: the read runs while the rest of the HTML arrives.
  const user = readPersistedUser();
  await documentParsed();
  if (servedForSession()) {
    // The read is not needed; a failure of it is still reported.
    user.catch((error: unknown) => console.warn('dashboard.persisted_user_read_failed', error));
    return true;
  }
  try {
    return await drawFirstPageForPersistedUser(user);
  } catch (error) {
    // Only a head start is lost: the app reads the first page itself.
    console.warn('dashboard.served_first_page_failed', error);
    return false;
  }
}

function loadApp(): void {
  const scripts = appScriptsOf(document);
  if (scripts === null) throw new Error('the dashboard document lists no app scripts');
  addAppScripts(document, scripts);
}

// Whatever happens on the way to the first cards, the app is loaded.
void firstCardsDrawn()
  .catch((error: unknown) => {
    console.error('dashboard.start_failed', error);
    return false;
  })
  .then(async (drawn) => {
    if (drawn) await afterNextPaint();
    loadApp();
  })
  .catch((error: unknown) => console.error('dashboard.app_load_failed', error));
