import { describeEntry } from './history-text';

describe('describeEntry', () => {
  it('says what an action changed, before and after', () => {
    expect(
      describeEntry({
        action: 'hide',
        before: { hidden_reason: null },
        after: { hidden_reason: 'Misleading' },
      }),
    ).toBe('Hide (hidden reason: not hidden → “Misleading”)');
    expect(describeEntry({ action: 'pin', before: { pinned: false }, after: { pinned: true } })).toBe(
      'Pin (pinned: false → true)',
    );
    expect(
      describeEntry({
        action: 'edit',
        before: { title: null, category: null },
        after: { title: 'Lamps', category: 'home' },
      }),
    ).toBe("Edit (title: the source's → “Lamps”; category: the source's → “home”)");
  });
});
