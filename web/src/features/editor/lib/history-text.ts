// One line per history entry (deal_overrides/{id}/audit, model/editor.ts): what the action did, in words.
import type { HistoryEntry } from '../api/editor-api';

/** null means "no override": the source's value for a text, category or verdict; not hidden for the reason. */
function show(field: string, value: unknown): string {
  if (value === null || value === undefined) return field === 'hidden_reason' ? 'not hidden' : "the source's";
  return typeof value === 'string' ? `“${value}”` : String(value);
}

export function describeEntry(entry: Pick<HistoryEntry, 'action' | 'before' | 'after'>): string {
  const changes = Object.keys(entry.after).map(
    (field) =>
      `${field.replace('_', ' ')}: ${show(field, entry.before[field])} → ${show(field, entry.after[field])}`,
  );
  const name = entry.action === 'source_verified' ? 'source verdict' : entry.action;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${changes.join('; ')})`;
}
