// The benchmark's one table: every measurement is a row of one or more metrics, each with its budget (if any).
// A metric that could not be measured (value null) breaks its budget: a missing page must not pass unseen.

export type Unit = 'ms' | 'KB' | 'score' | 'count' | 'cls' | 'ratio';

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

/** page ÷ floor: null when either was not measured or the floor is not a positive time. */
export function ratio(page: number | null, floor: number | null): number | null {
  return page === null || floor === null || floor <= 0 ? null : page / floor;
}

/** page − floor: null when either was not measured. */
export function difference(page: number | null, floor: number | null): number | null {
  return page === null || floor === null ? null : page - floor;
}

/** A ratio to a floor within its budget (inclusive); one that could not be measured is not. */
export function withinRatio(value: number | null, max: number): boolean {
  return value !== null && value <= max;
}

/** One Lighthouse page's medians (or its floor's: the same HTML without scripts). */
export interface PageFigures {
  score: number | null;
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
}

/** A public page's budgets, relative to its floor measured in the same run so the machine's speed cancels out. */
export const PUBLIC_PAGE_BUDGETS = { lcpTimesFloor: 1.1, tbtOverFloorMs: 50, cls: 0.02 } as const;

/**
 * A public page against its floor: the absolute figures of both as information, and the budgets on what the
 * page's scripts add: LCP ÷ floor's LCP, TBT − floor's TBT, and the page's own CLS (the floor has no layout to shift
 * into, so CLS needs no floor).
 */
export function publicPageMetrics(page: PageFigures, floor: PageFigures): Metric[] {
  return [
    { label: 'score', value: page.score, unit: 'score' },
    { label: 'LCP', value: page.lcp, unit: 'ms' },
    { label: 'TBT', value: page.tbt, unit: 'ms' },
    { label: 'floor score', value: floor.score, unit: 'score' },
    { label: 'floor LCP', value: floor.lcp, unit: 'ms' },
    { label: 'floor TBT', value: floor.tbt, unit: 'ms' },
    {
      label: 'LCP ÷ floor',
      value: ratio(page.lcp, floor.lcp),
      unit: 'ratio',
      max: PUBLIC_PAGE_BUDGETS.lcpTimesFloor,
    },
    {
      label: 'TBT − floor',
      value: difference(page.tbt, floor.tbt),
      unit: 'ms',
      max: PUBLIC_PAGE_BUDGETS.tbtOverFloorMs,
    },
    { label: 'CLS', value: page.cls, unit: 'cls', max: PUBLIC_PAGE_BUDGETS.cls },
  ];
}

/** The dashboard's budgets: the return visit against its floor, the first visit against the return visit's floor. */
export const DASHBOARD_BUDGETS = { returnTimesFloor: 1.25, firstTimesFloor: 1.6 } as const;

/**
 * Cold imports of the functions, against their floor: a fresh Node process loading only the Firebase Functions SDK
 * modules index.js loads (the framework every instance pays for), interleaved with the real imports, so what is
 * budgeted is the project's own code. Measured index.js 1.1–1.2× and render_blog 1.2–1.6× of a 150–170 ms floor;
 * render_blog's 1.8× is the old absolute 300 ms over that floor.
 */
export const COLD_IMPORT_BUDGETS = { indexTimesFloor: 1.5, renderBlogTimesFloor: 1.8 } as const;

/**
 * Times measured in interleaved pairs (a dashboard visit's to its first deal cards, a cold import; `samples[i]` ran
 * right before or after `floors[i]`), against `maxRatio` (none: reported only). The ratio is the median of the
 * pairs' ratios, not the ratio of the two medians: the two loads of a pair meet the same moment of the machine's
 * load, while the two medians can come from different moments (on a loaded machine they did: 1.47× against 1.26×
 * for the same runs).
 */
export function timesFloorMetrics(
  samples: readonly number[],
  floors: readonly number[],
  maxRatio?: number,
): Metric[] {
  const pairRatios = samples.flatMap((sample, index) => {
    const value = ratio(sample, floors[index] ?? null);
    return value === null ? [] : [value];
  });
  return [
    { label: 'median', value: median(samples), unit: 'ms' },
    { label: 'floor', value: median(floors), unit: 'ms' },
    { label: '÷ floor', value: median(pairRatios), unit: 'ratio', max: maxRatio },
  ];
}

function format(value: number, unit: Unit): string {
  if (unit === 'ms') return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
  if (unit === 'KB') return `${value.toFixed(1)} KB`;
  if (unit === 'cls') return value.toFixed(3);
  if (unit === 'ratio') return `${value.toFixed(2)}×`;
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
