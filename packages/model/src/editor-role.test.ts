import { hasEditorClaim } from './editor-role';

describe('hasEditorClaim', () => {
  it('is true only for the claim editor: true', () => {
    expect(hasEditorClaim({ editor: true })).toBe(true);
    expect(hasEditorClaim({})).toBe(false);
    expect(hasEditorClaim({ editor: 'true' })).toBe(false);
    expect(hasEditorClaim({ editor: 1 })).toBe(false);
    expect(hasEditorClaim({ editor: false })).toBe(false);
  });
});
