// The run summary as a table, for `npm run import-deals` and `npm run collect-deals`.
import type { RunSummary } from './pipeline';

export function renderSummary(summary: RunSummary, maxErrors = 20): string {
  const c = summary.counts;
  const rows: Array<[string, string]> = [
    ['run', summary.run_id],
    ['source / trigger', `${summary.source} / ${summary.trigger}`],
    ['status', summary.message ? `${summary.status}: ${summary.message}` : summary.status],
    ['feed', summary.feed || '(not opened)'],
    ['records read', String(c.fetched)],
    ['valid / invalid / ended', `${c.valid} / ${c.invalid} / ${c.ended}`],
    ['created', String(c.created)],
    ['updated', String(c.updated)],
    ['unchanged', String(c.unchanged)],
    ['expired (left the feed)', String(c.expired)],
    ['purged (ended long ago)', String(c.purged)],
    ['write failures', String(c.write_failures)],
    ['deal writes', String(summary.deal_writes)],
    ['duration', `${(summary.duration_ms / 1000).toFixed(1)}s`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  if (summary.errors.length > 0) {
    lines.push('', `  First ${Math.min(maxErrors, summary.errors.length)} problems:`);
    for (const error of summary.errors.slice(0, maxErrors)) {
      const where = error.row > 0 ? `row ${error.row}` : 'write';
      lines.push(`    ${where}${error.id ? ` (${error.id})` : ''}: ${error.reason}`);
    }
  }
  return lines.join('\n');
}
