import { median, notMeasured, renderTable, rowOk, withinBudget, type Row } from './table';

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
