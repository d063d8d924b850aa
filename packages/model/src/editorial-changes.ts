// What an open dashboard needs to show the editors' latest hides and pins without reading its pages again: one
// small document (`editorial_changes/recent`), written by editor_action in the transaction of each hide, unhide,
// pin, unpin or undo that changes either, and re-read by the dashboard (web: useEditorialChanges). It holds the
// current hidden / pinned state of the MAX_EDITORIAL_CHANGES deals changed last, so it stays a few KB however
// many actions there are; an older change is already in every page the dashboard reads since.
import { boolean, object, record, string } from 'zod/mini';

export const EDITORIAL_CHANGES_DOC_PATH = 'editorial_changes/recent';
/** Deals listed; the oldest change drops out first. */
export const MAX_EDITORIAL_CHANGES = 100;
/** How often an open, visible dashboard re-reads the document (and once whenever it becomes visible again). */
export const EDITORIAL_CHANGES_POLL_MS = 15_000;

export interface EditorialChange {
  hidden: boolean;
  pinned: boolean;
  /** ISO time of the action. */
  at: string;
}

export type EditorialChangesDoc = {
  /** Deal id → its hidden / pinned state after the last editor action that changed either. */
  deals: Record<string, EditorialChange>;
  updated_at: string;
};

const changesSchema = object({
  deals: record(string(), object({ hidden: boolean(), pinned: boolean(), at: string() })),
  updated_at: string(),
});

/** The stored document, or no changes when there is none or it does not parse (the pages are right anyway). */
export function parseEditorialChanges(stored: unknown): EditorialChangesDoc['deals'] {
  const parsed = changesSchema.safeParse(stored);
  return parsed.success ? parsed.data.deals : {};
}

/** The document after one deal's change: that deal's entry replaced, then the newest MAX_EDITORIAL_CHANGES kept. */
export function withEditorialChange(
  stored: unknown,
  dealId: string,
  change: EditorialChange,
): EditorialChangesDoc {
  const entries = Object.entries(parseEditorialChanges(stored)).filter(([id]) => id !== dealId);
  entries.push([dealId, change]);
  entries.sort(([idA, a], [idB, b]) => b.at.localeCompare(a.at) || idA.localeCompare(idB));
  return { deals: Object.fromEntries(entries.slice(0, MAX_EDITORIAL_CHANGES)), updated_at: change.at };
}

/** The cards a dashboard shows with the latest changes applied: hidden deals gone, picks marked and unmarked. */
export function applyEditorialChanges<Deal extends { id: string; editor_pick?: true }>(
  deals: readonly Deal[],
  changes: EditorialChangesDoc['deals'],
): Deal[] {
  const shown: Deal[] = [];
  for (const deal of deals) {
    const change = Object.hasOwn(changes, deal.id) ? changes[deal.id] : undefined;
    if (change === undefined) {
      shown.push(deal);
      continue;
    }
    if (change.hidden) continue;
    if (change.pinned === (deal.editor_pick === true)) shown.push(deal);
    else if (change.pinned) shown.push({ ...deal, editor_pick: true });
    else {
      const { editor_pick: _unpinned, ...rest } = deal;
      shown.push(rest as Deal);
    }
  }
  return shown;
}
