import { descendantsOf } from './processes';

test('finds every process below a child, across process groups and generations', () => {
  // 10 → 11 (firebase CLI) → 12 (Java, its own group) → 13; 20 is unrelated.
  const parents = new Map([
    [11, 10],
    [12, 11],
    [13, 12],
    [20, 1],
  ]);
  expect(descendantsOf(10, parents).sort()).toEqual([11, 12, 13]);
  expect(descendantsOf(12, parents)).toEqual([13]);
  expect(descendantsOf(20, parents)).toEqual([]);
});

test('reads the live process table when none is given', () => {
  expect(descendantsOf(process.pid)).toEqual(expect.any(Array));
});
