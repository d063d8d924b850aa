import { median, medianItem } from './stats';

test('median of odd and even counts, independent of order', () => {
  expect(median([300, 100, 200])).toBe(200);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(() => median([])).toThrow('empty');
});

test('medianItem picks the run with the median key (the lower middle for an even count)', () => {
  const runs = [
    { score: 97, run: 1 },
    { score: 91, run: 2 },
    { score: 99, run: 3 },
  ];
  expect(medianItem(runs, (r) => r.score).run).toBe(1);
  expect(medianItem([{ score: 90 }, { score: 95 }], (r) => r.score).score).toBe(90);
});
