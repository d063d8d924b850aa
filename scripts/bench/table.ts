// The benchmark's one table: every measurement is a row of one or more metrics, each with its budget (if any).
// A metric that could not be measured (value null) breaks its budget: a missing page must not pass unseen.

export type Unit = 'ms' | 'KB' | 'score' | 'count' | 'cls';

export interface Metric {
  label?: string;
  value: number | null;
  unit: Unit;
  min?: number;
  max?: number;
}

export interface Row {
  measurement: string;
  metrics: Metric[];
  /** Why a value is missing, or what explains it (e.g. the offending files). */
  note?: string;
}

const hasBudget = (metric: Metric) => metric.min !== undefined || metric.max !== undefined;

/** Anything that could not be measured counts as a broken budget, like a value outside its bounds. */
export function withinBudget(metric: Metric): boolean {
  if (metric.value === null) return false;
  return (
    (metric.min === undefined || metric.value >= metric.min) &&
    (metric.max === undefined || metric.value <= metric.max)
  );
}

export const rowOk = (row: Row) => row.metrics.every(withinBudget);

/** The middle of the measured values (the upper one of an even count), ignoring missing ones; null if none. */
export function median(values: readonly (number | null)[]): number | null {
  const measured = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? null;
}

function format(value: number, unit: Unit): string {
  if (unit === 'ms') return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
  if (unit === 'KB') return `${value.toFixed(1)} KB`;
  if (unit === 'cls') return value.toFixed(3);
  return String(Math.round(value));
}

const labelled = (metric: Metric, text: string) => (metric.label ? `${metric.label} ${text}` : text);

function budgetText(metric: Metric): string {
  const bounds = [
    metric.min === undefined ? '' : `≥ ${format(metric.min, metric.unit)}`,
    metric.max === undefined ? '' : `≤ ${format(metric.max, metric.unit)}`,
  ].filter(Boolean);
  return bounds.length ? labelled(metric, bounds.join(' ')) : '';
}

/** A row whose measurement failed (it shows as broken), with the budgets it could not be checked against. */
export type Budget = Omit<Metric, 'value'>;

export function notMeasured(measurement: string, metrics: readonly Budget[], reason: string): Row {
  const missing = metrics.length > 0 ? metrics : [{ unit: 'count' as const }];
  return { measurement, metrics: missing.map((metric) => ({ ...metric, value: null })), note: reason };
}

export function renderTable(rows: readonly Row[]): string {
  const lines = rows.map((row) => [
    row.measurement,
    row.metrics
      .map((metric) =>
        labelled(metric, metric.value === null ? 'not measured' : format(metric.value, metric.unit)),
      )
      .join(' · '),
    row.metrics.map(budgetText).filter(Boolean).join(' · ') || '—',
    rowOk(row) ? (row.metrics.some(hasBudget) ? 'ok' : '') : 'BROKEN',
    row.note ?? '',
  ]);
  const header = ['Measurement', 'Result', 'Budget', '', 'Notes'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const toLine = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [toLine(header), toLine(widths.map((width) => '-'.repeat(width))), ...lines.map(toLine)].join('\n');
}
