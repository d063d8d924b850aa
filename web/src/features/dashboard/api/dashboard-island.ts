// The data a server-rendered dashboard hands to the app (render_dashboard): the signed-in user its session cookie
// names (or none) and, for a subscriber, the first deal page the HTML already shows, so the app takes the page over without
// reading it again. It travels in `<script type="application/json" id="dashboard-data">` after #root: a data island
// that never executes (the Content-Security-Policy allows no inline scripts), read once by the app.
import { array, looseObject, nullable, number, object, string, union, boolean } from 'zod/mini';
import { parseIslandJson, scriptSafeJson } from '@bargains/model/contracts/data-island';
import { parseDeal, type Deal } from '@bargains/model/deal';
import { DASHBOARD_ISLAND_ID, type DashboardSession } from '@bargains/model/contracts/dashboard-render';
import type { DealPage } from './deal-pages';

export interface DashboardIsland {
  /** The signed-in user the request's session cookie named; null when it came without a valid one. */
  session: DashboardSession | null;
  /**
   * The first deal page of the listing `search` (the URL's query string) shows, listed at `now` for the user `uid`;
   * null for none.
   */
  first: { uid: string; search: string; now: Date; page: DealPage } | null;
}

/** The island's JSON, safe inside its <script> element (model/contracts/data-island.ts). */
export const serializeDashboardIsland = (island: DashboardIsland): string => scriptSafeJson(island);

const cursorValue = union([string(), number(), boolean()]);
const islandSchema = object({
  session: nullable(object({ uid: string(), expiresAt: number() })),
  first: nullable(
    object({
      uid: string(),
      search: string(),
      now: string(),
      page: object({
        deals: array(looseObject({ id: string() })),
        size: number(),
        cursor: nullable(array(cursorValue)),
      }),
    }),
  ),
});

/** The island's data, or null when it is missing or malformed (the app then reads Firestore as usual). */
export function parseDashboardIsland(text: string): DashboardIsland | null {
  const parsed = parseIslandJson(islandSchema, text);
  if (parsed === null) return null;
  const { session, first } = parsed;
  if (first === null) return { session, first: null };
  const now = new Date(first.now);
  const deals = first.page.deals.map(({ id, ...data }) => parseDeal(id, data));
  if (Number.isNaN(now.getTime()) || deals.some((deal) => deal === null)) return null;
  return {
    session,
    first: {
      uid: first.uid,
      search: first.search,
      now,
      page: {
        deals: deals.filter((deal): deal is Deal => deal !== null),
        size: first.page.size,
        cursor: first.page.cursor,
      },
    },
  };
}

let read = false;

/** The island this document was served with, once (a later visit of the page reads Firestore itself). */
export function takeDashboardIsland(): DashboardIsland | null {
  if (read || typeof document === 'undefined') return null;
  read = true;
  const element = document.getElementById(DASHBOARD_ISLAND_ID);
  element?.remove();
  return element?.textContent ? parseDashboardIsland(element.textContent) : null;
}
