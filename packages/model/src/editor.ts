// The editor's desk (docs/editor.md): what editors change about a deal, kept apart from what the source says.
//
// deal_overrides/{dealId} holds an editor's overrides of one deal and `source`, the deal as its source last
// wrote it (no overrides, no vote fields). The stored deal is always applyOverrides(source, overrides): the editor
// functions write it so after every action, and the collector after every change it brings, so a re-collect keeps
// the editor's changes. A hidden deal has no stored documents at all (it is gone from every list, search,
// digest, alert and the Saved view at once, with no reader changed); unhiding writes it back from `source`.
// deal_overrides/{dealId}/audit/{entryId}: one entry per editor action, server-written, editors-only reads.
import { z } from 'zod';
import { DEAL_CATEGORIES } from './category';
import type { DealDoc } from './deal';
import { isDocumentId } from './document-id';

export const EDITOR_COLLECTIONS = {
  /** deal_overrides/{dealId}: the editor's overrides of a deal and the source's own version (server-written). */
  dealOverrides: 'deal_overrides',
  /** deal_overrides/{dealId}/audit/{entryId}: the deal's editor history (server-written). */
  audit: 'audit',
} as const;

export const dealOverrideDocPath = (dealId: string): string =>
  `${EDITOR_COLLECTIONS.dealOverrides}/${dealId}`;
export const dealAuditPath = (dealId: string): string =>
  `${dealOverrideDocPath(dealId)}/${EDITOR_COLLECTIONS.audit}`;

export const EDITOR_LIMITS = {
  title: 200,
  description: 2000,
  hideReason: 300,
} as const;

/** The fields an editor overrides; null = the source's value (or: not hidden, not pinned). */
export const overrideFieldsSchema = z.object({
  hidden_reason: z.string().min(1).max(EDITOR_LIMITS.hideReason).nullable(),
  pinned: z.boolean(),
  verified: z.boolean().nullable(),
  title: z.string().min(1).max(EDITOR_LIMITS.title).nullable(),
  description: z.string().max(EDITOR_LIMITS.description).nullable(),
  category: z.enum(DEAL_CATEGORIES).nullable(),
});
export type OverrideFields = z.infer<typeof overrideFieldsSchema>;
export type OverrideField = keyof OverrideFields;

export const NO_OVERRIDES: OverrideFields = {
  hidden_reason: null,
  pinned: false,
  verified: null,
  title: null,
  description: null,
  category: null,
};

/** The stored override document. */
export interface DealOverrideDoc extends OverrideFields {
  /** The deal as its source last wrote it, without overrides or vote fields. */
  source: DealDoc;
  /** When the source changed the deal's title, description or category while an editor's edit of them stood. */
  source_changed_at: string | null;
  updated_at: string;
  updated_by: string;
}

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** A deal or history entry id: a Firestore document id (no slashes, not `.` or `..`, not `__x__`). */
export const documentIdSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(isDocumentId, { message: 'must be a document id' });

/** What the desk sends to editor_action: one action on one deal (the shared schema of the function and the app). */
export const editorActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify'), deal_id: documentIdSchema }).strict(),
  z.object({ action: z.literal('unverify'), deal_id: documentIdSchema }).strict(),
  z.object({ action: z.literal('source_verified'), deal_id: documentIdSchema }).strict(),
  z
    .object({
      action: z.literal('hide'),
      deal_id: documentIdSchema,
      reason: trimmed(EDITOR_LIMITS.hideReason),
    })
    .strict(),
  z.object({ action: z.literal('unhide'), deal_id: documentIdSchema }).strict(),
  z.object({ action: z.literal('pin'), deal_id: documentIdSchema }).strict(),
  z.object({ action: z.literal('unpin'), deal_id: documentIdSchema }).strict(),
  z
    .object({
      action: z.literal('edit'),
      deal_id: documentIdSchema,
      // null puts the source's value back.
      title: trimmed(EDITOR_LIMITS.title).nullable().optional(),
      description: z.string().trim().max(EDITOR_LIMITS.description).nullable().optional(),
      category: z.enum(DEAL_CATEGORIES).nullable().optional(),
    })
    .strict()
    .refine(
      (edit) => edit.title !== undefined || edit.description !== undefined || edit.category !== undefined,
      { message: 'an edit changes at least one of title, description, category' },
    ),
  z
    .object({
      action: z.literal('undo'),
      deal_id: documentIdSchema,
      entry_id: documentIdSchema,
    })
    .strict(),
]);
export type EditorAction = z.infer<typeof editorActionSchema>;
export type EditorActionName = EditorAction['action'];

/** The override fields an action sets (undo is resolved against its audit entry by the caller). */
export function overridesAfter(
  current: OverrideFields,
  action: Exclude<EditorAction, { action: 'undo' }>,
): OverrideFields {
  switch (action.action) {
    case 'verify':
      return { ...current, verified: true };
    case 'unverify':
      return { ...current, verified: false };
    case 'source_verified':
      return { ...current, verified: null };
    case 'hide':
      return { ...current, hidden_reason: action.reason };
    case 'unhide':
      return { ...current, hidden_reason: null };
    case 'pin':
      return { ...current, pinned: true };
    case 'unpin':
      return { ...current, pinned: false };
    case 'edit':
      return {
        ...current,
        ...(action.title !== undefined ? { title: action.title } : {}),
        ...(action.description !== undefined ? { description: action.description } : {}),
        ...(action.category !== undefined ? { category: action.category } : {}),
      };
  }
}

/** The fields whose values differ between two override sets, with both values (an audit entry's before/after). */
export function changedFields(
  before: OverrideFields,
  after: OverrideFields,
): { before: Partial<OverrideFields>; after: Partial<OverrideFields> } {
  const keys = (Object.keys(NO_OVERRIDES) as OverrideField[]).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])) as Partial<OverrideFields>,
    after: Object.fromEntries(keys.map((key) => [key, after[key]])) as Partial<OverrideFields>,
  };
}

/** The override fields of a stored override document (none when there is none or it does not parse). */
export function overridesOf(stored: unknown): OverrideFields {
  const parsed = overrideFieldsSchema.safeParse(stored);
  return parsed.success ? parsed.data : NO_OVERRIDES;
}

/** True when an override set changes nothing about the deal. */
export const isEmptyOverride = (fields: OverrideFields): boolean =>
  Object.keys(changedFields(NO_OVERRIDES, fields).after).length === 0;

/** True when the editor edited a text or the category (what a source change is flagged against). */
export const hasEdits = (fields: OverrideFields): boolean =>
  fields.title !== null || fields.description !== null || fields.category !== null;

/**
 * The deal as stored: the source's version with the editor's overrides applied, or null when it is hidden (no
 * stored documents). `editor_pick` marks a pinned deal for its card.
 */
export function applyOverrides(source: DealDoc, fields: OverrideFields): DealDoc | null {
  if (fields.hidden_reason !== null) return null;
  const doc: DealDoc = {
    ...source,
    ...(fields.title !== null ? { title: fields.title } : {}),
    ...(fields.description !== null ? { description: fields.description } : {}),
    ...(fields.category !== null ? { category: fields.category } : {}),
    ...(fields.verified !== null ? { is_verified: fields.verified } : {}),
  };
  if (fields.pinned) doc.editor_pick = true;
  else delete doc.editor_pick;
  return doc;
}

/** The source's own version of a stored deal without overrides: for a deal the desk touches the first time. */
export function sourceOfStored(stored: Record<string, unknown>): DealDoc {
  const {
    votes: _votes,
    source_verified: sourceVerified,
    editor_pick: _pick,
    newest_key: _newestKey,
    ...rest
  } = stored as DealDoc & { votes?: unknown; source_verified?: unknown };
  return {
    ...(rest as DealDoc),
    is_verified: typeof sourceVerified === 'boolean' ? sourceVerified : rest.is_verified === true,
  };
}

/** One audit entry (deal_overrides/{dealId}/audit/{entryId}). */
export interface AuditEntryDoc {
  deal_id: string;
  action: EditorActionName;
  by_uid: string;
  by_email: string | null;
  /** ISO time of the action. */
  at: string;
  before: Partial<OverrideFields>;
  after: Partial<OverrideFields>;
  /** For an undo: the entry it undid. */
  undo_of: string | null;
}

/** The stored override document as read back: its fields, its source version, and the source-change flag. */
export interface StoredOverride {
  fields: OverrideFields;
  source: DealDoc | null;
  source_changed_at: string | null;
}

export function storedOverrideOf(data: Record<string, unknown> | undefined): StoredOverride | null {
  if (data === undefined) return null;
  const source = data['source'];
  const changedAt = data['source_changed_at'];
  return {
    fields: overridesOf(data),
    source: typeof source === 'object' && source !== null ? (source as DealDoc) : null,
    source_changed_at: typeof changedAt === 'string' ? changedAt : null,
  };
}

const EDITED_SOURCE_FIELDS = ['title', 'description', 'category'] as const;

/**
 * What the collector writes for a deal the source changed while an override stands: the stored deal (null when
 * hidden: nothing is written) and the override document's new `source` and source-change flag. The flag is set
 * when the source changed a text or the category the editor had edited, so the desk can show it.
 */
export function recollectedWithOverride(
  source: DealDoc,
  override: StoredOverride,
  now: string,
): { deal: DealDoc | null; override: Pick<DealOverrideDoc, 'source' | 'source_changed_at'> } {
  const previous = override.source;
  const sourceChanged =
    hasEdits(override.fields) &&
    previous !== null &&
    EDITED_SOURCE_FIELDS.some((field) => previous[field] !== source[field]);
  return {
    deal: applyOverrides(source, override.fields),
    override: { source, source_changed_at: sourceChanged ? now : override.source_changed_at },
  };
}
