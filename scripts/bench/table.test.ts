import {
  timesFloorMetrics,
  difference,
  median,
  notMeasured,
  publicPageMetrics,
  ratio,
  renderTable,
  rowOk,
  withinBudget,
  withinRatio,
  type PageFigures,
  type Row,
} from './table';

describe('budgets', () => {
  it('holds a value inside its bounds, inclusive, and breaks outside them', () => {
    expect(withinBudget({ value: 110, unit: 'KB', max: 110 })).toBe(true);
    expect(withinBudget({ value: 110.1, unit: 'KB', max: 110 })).toBe(false);
    expect(withinBudget({ value: 98, unit: 'score', min: 98 })).toBe(true);
    expect(withinBudget({ value: 97, unit: 'score', min: 98 })).toBe(false);
  });

  it('counts a value that could not be measured as broken, with or without a budget', () => {
    expect(withinBudget({ value: null, unit: 'ms', max: 400 })).toBe(false);
    expect(withinBudget({ value: null, unit: 'ms' })).toBe(false);
    expect(rowOk(notMeasured('JS /blog', [], 'no blog post'))).toBe(false);
  });

  it('breaks a row when any of its metrics breaks', () => {
    const row: Row = {
      measurement: 'Lighthouse /',
      metrics: [
        { label: 'score', value: 99, unit: 'score', min: 98 },
        { label: 'LCP', value: 1300, unit: 'ms', max: 1200 },
      ],
    };
    expect(rowOk(row)).toBe(false);
    expect(rowOk({ ...row, metrics: [row.metrics[0] ?? { value: 0, unit: 'score' }] })).toBe(true);
  });
});

describe('median', () => {
  it('takes the middle measured value, whatever the order, and the upper middle of an even count', () => {
    expect(median([1280, 1050, 1110])).toBe(1110);
    expect(median([3, 1, 4, 2])).toBe(3);
  });

  it('ignores runs that did not measure the value, and is null when none did', () => {
    expect(median([null, 0.01, 0])).toBe(0.01);
    expect(median([null, null])).toBeNull();
    expect(median([])).toBeNull();
  });
});

describe('renderTable', () => {
  it('shows each result next to its budget, marks broken rows and keeps the reason of a missing value', () => {
    const table = renderTable([
      {
        measurement: 'Functions cold import',
        metrics: [{ label: 'median', value: 250, unit: 'ms', max: 400 }],
      },
      notMeasured('Lighthouse /blog', [{ label: 'LCP', unit: 'ms', max: 1200 }], 'no blog post'),
      {
        measurement: 'render_blog server time /blog',
        metrics: [{ label: 'first', value: 1500, unit: 'ms' }],
      },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/Functions cold import +\| median 250 ms +\| median ≤ 400 ms +\| ok/);
    expect(lines[3]).toMatch(
      /Lighthouse \/blog +\| LCP not measured +\| LCP ≤ 1\.20 s +\| BROKEN \| no blog post/,
    );
    expect(lines[4]).toMatch(/first 1\.50 s +\| — +\| +\| +\|$/);
  });
});

describe('ratios to a floor', () => {
  it('divides and subtracts measured values, and is null when either side is missing or the floor is 0', () => {
    expect(ratio(1500, 1200)).toBe(1.25);
    expect(ratio(null, 1200)).toBeNull();
    expect(ratio(1500, null)).toBeNull();
    expect(ratio(1500, 0)).toBeNull();
    expect(difference(80, 30)).toBe(50);
    expect(difference(0, 30)).toBe(-30);
    expect(difference(null, 30)).toBeNull();
  });

  it('holds a ratio to its budget inclusive, and breaks one that could not be measured', () => {
    expect(withinRatio(4, 4)).toBe(true);
    expect(withinRatio(4.01, 4)).toBe(false);
    expect(withinRatio(null, 4)).toBe(false);
  });
});

describe('publicPageMetrics', () => {
  const floor: PageFigures = { score: 100, lcp: 1000, tbt: 20, cls: 0 };
  const check = (page: PageFigures, pageFloor = floor) =>
    rowOk({ measurement: 'Lighthouse /', metrics: publicPageMetrics(page, pageFloor) });

  it('passes a page within 1.10 × its floor LCP, floor + 50 ms TBT and CLS 0.02, whatever its absolute figures', () => {
    expect(check({ score: 70, lcp: 1100, tbt: 70, cls: 0.02 })).toBe(true);
    // A loaded machine: both slower, the ratio holds.
    expect(
      check({ score: 60, lcp: 2090, tbt: 850, cls: 0 }, { score: 80, lcp: 1900, tbt: 800, cls: 0 }),
    ).toBe(true);
  });

  it('breaks on each budget alone', () => {
    expect(check({ score: 100, lcp: 1101, tbt: 20, cls: 0 })).toBe(false);
    expect(check({ score: 100, lcp: 1000, tbt: 71, cls: 0 })).toBe(false);
    expect(check({ score: 100, lcp: 1000, tbt: 20, cls: 0.021 })).toBe(false);
  });

  it('breaks when the floor could not be measured', () => {
    expect(
      check({ score: 100, lcp: 1000, tbt: 20, cls: 0 }, { score: null, lcp: null, tbt: null, cls: null }),
    ).toBe(false);
  });

  it('shows the absolute figures of page and floor without budgets, and the ratios with theirs', () => {
    const table = renderTable([
      {
        measurement: 'Lighthouse /',
        metrics: publicPageMetrics({ score: 90, lcp: 1320, tbt: 60, cls: 0 }, floor),
      },
    ]);
    expect(table).toContain('LCP ÷ floor 1.32×');
    expect(table).toContain('TBT − floor 40 ms');
    expect(table).toContain('LCP ÷ floor ≤ 1.10× · TBT − floor ≤ 50 ms · CLS ≤ 0.020');
    expect(table).toMatch(/\| BROKEN \|/);
  });
});

describe('timesFloorMetrics', () => {
  const ok = (visits: number[], floors: number[], max: number) =>
    rowOk({ measurement: 'Dashboard', metrics: timesFloorMetrics(visits, floors, max) });

  it('holds a visit to a multiple of its floor, inclusive', () => {
    expect(ok([1250], [1000], 1.25)).toBe(true);
    expect(ok([1251], [1000], 1.25)).toBe(false);
    expect(ok([1600], [1000], 1.6)).toBe(true);
    expect(ok([3900], [1000], 1.6)).toBe(false);
    expect(ok([], [1000], 1.6)).toBe(false);
    expect(ok([1000], [], 1.6)).toBe(false);
  });

  it("takes the median of the pairs' ratios, so each visit is compared with the floor measured beside it", () => {
    // Each pair's visit is 5 % over its floor, however slow the moment both loads met.
    const visits = [1050, 2100, 2205, 1102.5, 1155];
    const floors = [1000, 2000, 2100, 1050, 1100];
    const metrics = timesFloorMetrics(visits, floors, 1.06);
    expect(metrics.map((metric) => metric.value)).toEqual([1155, 1100, 1.05]);
    expect(ok(visits, floors, 1.06)).toBe(true);
  });
});
