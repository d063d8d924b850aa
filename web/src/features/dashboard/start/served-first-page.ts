// The first deal page drawn by the server for a visit without the session cookie (the first on a device): the
// starter asks render_dashboard for it with the persisted user's ID token and puts it into the document exactly
// where the cookie's visit has it (inside #root, the data island after it), so the app then starts the same way
// (api/subscriber-prefetch.ts adopts the island's page instead of reading it again).
import {
  DASHBOARD_FIRST_PAGE_TYPE,
  DASHBOARD_ISLAND_ID,
  type RenderedDashboard,
} from '@bargains/model/contracts/dashboard-render';

/** Longest the cards may keep the app waiting; after it the app starts and reads the page itself. */
export const FIRST_PAGE_TIMEOUT_MS = 3000;

/** A well-formed answer; anything else is refused (the starter then lets the app read). */
function renderedOf(value: unknown): RenderedDashboard | null {
  if (typeof value !== 'object' || value === null) return null;
  const { html, title, island } = value as Record<string, unknown>;
  if (typeof html !== 'string' || typeof island !== 'string') return null;
  if (title !== null && typeof title !== 'string') return null;
  return { html, title, island };
}

/**
 * The first page of this address for the user `idToken` names, or null when the server has none to draw (204: no
 * deal access, or an address without a deal list). Throws on a failed or malformed answer.
 */
export async function fetchServedFirstPage(
  idToken: string,
  location: Pick<Location, 'pathname' | 'search'>,
  fetcher: typeof fetch = fetch,
): Promise<RenderedDashboard | null> {
  const response = await fetcher(`${location.pathname}${location.search}`, {
    headers: { Authorization: `Bearer ${idToken}`, Accept: DASHBOARD_FIRST_PAGE_TYPE },
    credentials: 'same-origin',
    signal: AbortSignal.timeout(FIRST_PAGE_TIMEOUT_MS),
  });
  if (response.status === 204) return null;
  if (!response.ok) throw new Error(`render_dashboard answered ${response.status}`);
  const rendered = renderedOf(await response.json());
  if (rendered === null) throw new Error('render_dashboard answered a malformed first page');
  return rendered;
}

/** Puts the page into the document as render_dashboard puts it into the HTML (its shell's two slots). */
export function drawServedFirstPage(document: Document, rendered: RenderedDashboard): void {
  const root = document.getElementById('root');
  if (root === null) throw new Error('the dashboard document has no #root');
  root.innerHTML = rendered.html;
  document.getElementById(DASHBOARD_ISLAND_ID)?.remove();
  const island = document.createElement('script');
  island.type = 'application/json';
  island.id = DASHBOARD_ISLAND_ID;
  island.textContent = rendered.island;
  root.after(island);
  if (rendered.title !== null) document.title = rendered.title;
}
