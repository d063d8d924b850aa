// editor_action's one transaction: read the deal (or its override document, for a hidden deal), work out the
// overrides after the action, write the stored deal as the source's version with them (or delete it when
// hidden), the override document and one audit entry. All or nothing, so the audit trail never misses a change.
import { type Firestore, type Transaction } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import type { EditorUser } from '../http/editor-auth';
import { dealDocuments, dealDocPaths } from '@bargains/model/deal';
import { EDITORIAL_CHANGES_DOC_PATH, withEditorialChange } from '@bargains/model/editorial-changes';
import {
  applyOverrides,
  type AuditEntryDoc,
  changedFields,
  dealAuditPath,
  dealOverrideDocPath,
  type DealOverrideDoc,
  type EditorAction,
  hasEdits,
  NO_OVERRIDES,
  type OverrideFields,
  overrideFieldsSchema,
  overridesAfter,
  sourceOfStored,
  storedOverrideOf,
} from '@bargains/model/editor';
import { toIsoTimestamp } from '@bargains/model/timestamp';
import { keepVoteFields } from '@bargains/model/votes';
import { keepPopularityFields } from '@bargains/model/popularity';

export const NO_SUCH_DEAL_MESSAGE = 'No deal with this id';
export const NO_SUCH_ENTRY_MESSAGE = 'No history entry with this id for this deal';

export interface ActionOutcome {
  /** The new audit entry's id; null when the action changed nothing (then nothing was written). */
  entry_id: string | null;
  overrides: OverrideFields;
}

async function overridesAfterUndo(
  tx: Transaction,
  firestore: Firestore,
  dealId: string,
  entryId: string,
  current: OverrideFields,
): Promise<OverrideFields> {
  const entry = await tx.get(firestore.collection(dealAuditPath(dealId)).doc(entryId));
  if (!entry.exists) throw new HttpError(404, NO_SUCH_ENTRY_MESSAGE);
  // Undo puts back the values the entry found, for the fields it changed; the rest stay as they are now.
  const before = overrideFieldsSchema.partial().safeParse(entry.get('before'));
  if (!before.success) throw new Error(`audit entry ${dealId}/${entryId} has an unreadable 'before'`);
  return { ...current, ...before.data };
}

export async function applyEditorAction(
  firestore: Firestore,
  editor: EditorUser,
  action: EditorAction,
  now: Date,
): Promise<ActionOutcome> {
  const dealId = action.deal_id;
  const overrideRef = firestore.doc(dealOverrideDocPath(dealId));
  const [listingRef, searchRef] = dealDocPaths(dealId).map((path) => firestore.doc(path));
  if (!listingRef || !searchRef) throw new Error('a deal has two documents');
  return firestore.runTransaction(async (tx) => {
    const changesRef = firestore.doc(EDITORIAL_CHANGES_DOC_PATH);
    const [overrideSnap, listingSnap, changesSnap] = await tx.getAll(overrideRef, listingRef, changesRef);
    const stored = storedOverrideOf(overrideSnap?.data());
    const listing = listingSnap?.data();
    const source = stored?.source ?? (listing ? sourceOfStored(listing) : null);
    if (source === null) throw new HttpError(404, NO_SUCH_DEAL_MESSAGE);
    const current = stored?.fields ?? NO_OVERRIDES;
    const after =
      action.action === 'undo'
        ? await overridesAfterUndo(tx, firestore, dealId, action.entry_id, current)
        : overridesAfter(current, action);
    const diff = changedFields(current, after);
    if (Object.keys(diff.after).length === 0) return { entry_id: null, overrides: current };

    const at = toIsoTimestamp(now);
    const deal = applyOverrides(source, after);
    if (deal === null) {
      tx.delete(listingRef).delete(searchRef);
    } else {
      for (const { path, data } of dealDocuments(
        dealId,
        keepPopularityFields(keepVoteFields(deal, listing), listing),
      ))
        tx.set(firestore.doc(path), data);
    }
    const overrideDoc: DealOverrideDoc = {
      ...after,
      source,
      source_changed_at: hasEdits(after) ? (stored?.source_changed_at ?? null) : null,
      updated_at: at,
      updated_by: editor.uid,
    };
    tx.set(overrideRef, overrideDoc);
    // Open dashboards re-read this one document to show a hide or a pin without reading their pages again.
    if ('hidden_reason' in diff.after || 'pinned' in diff.after) {
      tx.set(
        changesRef,
        withEditorialChange(changesSnap?.data(), dealId, {
          hidden: after.hidden_reason !== null,
          pinned: after.pinned === true,
          at,
        }),
      );
    }
    const entryRef = firestore.collection(dealAuditPath(dealId)).doc();
    const entry: AuditEntryDoc = {
      deal_id: dealId,
      action: action.action,
      by_uid: editor.uid,
      by_email: editor.email,
      at,
      before: diff.before,
      after: diff.after,
      undo_of: action.action === 'undo' ? action.entry_id : null,
    };
    tx.create(entryRef, entry);
    return { entry_id: entryRef.id, overrides: after };
  });
}
