import { appendUniqueById, canLoadNextPage } from './pagination';

describe('canLoadNextPage', () => {
  const ready = { lastPageSize: 20, isLoading: false, hasCursor: true };

  it('loads after a full page when idle and a cursor exists', () => {
    expect(canLoadNextPage(ready)).toBe(true);
  });

  it('stops after a short page: the list has ended', () => {
    expect(canLoadNextPage({ ...ready, lastPageSize: 19 })).toBe(false);
    expect(canLoadNextPage({ ...ready, lastPageSize: 0 })).toBe(false);
  });

  it('waits while a page is loading', () => {
    expect(canLoadNextPage({ ...ready, isLoading: true })).toBe(false);
  });

  it('needs a cursor to start after', () => {
    expect(canLoadNextPage({ ...ready, hasCursor: false })).toBe(false);
  });

  it('uses the model page size (20) unless told otherwise', () => {
    expect(canLoadNextPage({ ...ready, lastPageSize: 10 })).toBe(false);
    expect(canLoadNextPage({ ...ready, lastPageSize: 10, pageSize: 10 })).toBe(true);
  });
});

describe('appendUniqueById', () => {
  it('drops incoming items whose id is already listed, keeping the first occurrence', () => {
    const existing = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ];
    const incoming = [
      { id: 'b', n: 20 },
      { id: 'c', n: 3 },
      { id: 'c', n: 30 },
    ];
    expect(appendUniqueById(existing, incoming)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'c', n: 3 },
    ]);
  });

  it('does not modify its inputs', () => {
    const existing = [{ id: 'a' }];
    appendUniqueById(existing, [{ id: 'b' }]);
    expect(existing).toEqual([{ id: 'a' }]);
  });
});
