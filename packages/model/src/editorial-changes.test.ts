import {
  applyEditorialChanges,
  MAX_EDITORIAL_CHANGES,
  parseEditorialChanges,
  withEditorialChange,
} from './editorial-changes';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe('the editorial changes document', () => {
  it("keeps each deal's latest state once, newest first, and at most MAX_EDITORIAL_CHANGES deals", () => {
    let doc: unknown;
    for (let minute = 0; minute < MAX_EDITORIAL_CHANGES + 5; minute += 1)
      doc = withEditorialChange(doc, `deal-${minute}`, { hidden: true, pinned: false, at: at(minute) });
    doc = withEditorialChange(doc, 'deal-104', { hidden: false, pinned: true, at: at(200) });
    const deals = parseEditorialChanges(doc);
    expect(Object.keys(deals)).toHaveLength(MAX_EDITORIAL_CHANGES);
    expect(deals['deal-104']).toEqual({ hidden: false, pinned: true, at: at(200) });
    expect(deals['deal-4']).toBeUndefined();
    expect(deals['deal-5']).toBeDefined();
  });

  it('reads a missing or malformed document as no changes', () => {
    expect(parseEditorialChanges(undefined)).toEqual({});
    expect(parseEditorialChanges({ deals: { d: { hidden: 'yes' } }, updated_at: at(0) })).toEqual({});
  });

  it('takes hidden deals off the cards and marks and unmarks picks, leaving the rest as they are', () => {
    const deals = [{ id: 'a' }, { id: 'b' }, { id: 'c', editor_pick: true as const }, { id: 'd' }];
    const changes = {
      a: { hidden: true, pinned: false, at: at(1) },
      b: { hidden: false, pinned: true, at: at(2) },
      c: { hidden: false, pinned: false, at: at(3) },
    };
    expect(applyEditorialChanges(deals, changes)).toEqual([
      { id: 'b', editor_pick: true },
      { id: 'c' },
      { id: 'd' },
    ]);
    expect(applyEditorialChanges(deals, {})).toEqual(deals);
  });
});
