// One line per history entry (deal_overrides/{id}/audit, model/editor.ts): what the action did, in words.
import type { HistoryEntry } from '../api/editor-api';

const show = (value: unknown): string =>
  value === null || value === undefined
    ? "the source's"
    : typeof value === 'string'
      ? `“${value}”`
      : String(value);

export function describeEntry(entry: Pick<HistoryEntry, 'action' | 'before' | 'after'>): string {
  const changes = Object.keys(entry.after).map(
    (field) => `${field.replace('_', ' ')}: ${show(entry.before[field])} → ${show(entry.after[field])}`,
  );
  const name = entry.action === 'source_verified' ? 'source verdict' : entry.action;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${changes.join('; ')})`;
}
