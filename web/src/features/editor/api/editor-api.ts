// The editor functions (docs/editor.md), called with the signed-in editor's ID token. Requests are built from the
// shared schemas' types (model/editor.ts); answers are untrusted input, checked with zod.
import { z } from 'zod';
import { DEAL_CATEGORIES } from '@bargains/model/category';
import type { EditorAction } from '@bargains/model/editor';
import { callFunction } from '@/lib/api-client';

const overridesSchema = z.object({
  hidden_reason: z.string().nullable(),
  pinned: z.boolean(),
  verified: z.boolean().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  category: z.enum(DEAL_CATEGORIES).nullable(),
});
export type Overrides = z.infer<typeof overridesSchema>;

const queueItemSchema = z.object({
  id: z.string(),
  deal: z.object({
    title: z.string(),
    description: z.string(),
    shop_name: z.string(),
    savings: z.string(),
    category: z.enum(DEAL_CATEGORIES),
    is_verified: z.boolean(),
    url_home: z.string(),
    end_date: z.string(),
    scraped_at: z.string(),
    code: z.string().optional(),
  }),
  source: z.object({
    title: z.string(),
    description: z.string(),
    category: z.enum(DEAL_CATEGORIES),
    is_verified: z.boolean(),
  }),
  overrides: overridesSchema,
  flags: z.object({
    new: z.boolean(),
    reported: z.boolean(),
    hidden: z.boolean(),
    pinned: z.boolean(),
    edited: z.boolean(),
    source_changed: z.boolean(),
  }),
  source_changed_at: z.string().nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

const historyEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  by_email: z.string().nullable(),
  by_uid: z.string(),
  at: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  undo_of: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const QUEUE_VIEW_LABELS = {
  all: 'All',
  new: 'New & changed',
  reported: 'Reported',
  source_changed: 'Source changed',
  edited: 'Edited',
  pinned: "Editor's picks",
  hidden: 'Hidden',
} as const;
export type QueueView = keyof typeof QUEUE_VIEW_LABELS;

export function fetchQueue(view: QueueView, q: string, signal?: AbortSignal): Promise<QueueItem[]> {
  return callFunction('/editor_queue', {
    method: 'POST',
    body: { view, q },
    signal,
    parse: (data) => z.object({ items: z.array(queueItemSchema) }).parse(data).items,
  });
}

export function fetchHistory(dealId: string): Promise<HistoryEntry[]> {
  return callFunction('/editor_history', {
    method: 'POST',
    body: { deal_id: dealId },
    parse: (data) => z.object({ entries: z.array(historyEntrySchema) }).parse(data).entries,
  });
}

export function runAction(action: EditorAction): Promise<{ entry_id: string | null; overrides: Overrides }> {
  return callFunction('/editor_action', {
    method: 'POST',
    body: action,
    parse: (data) => z.object({ entry_id: z.string().nullable(), overrides: overridesSchema }).parse(data),
  });
}
