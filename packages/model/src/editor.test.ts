import { buildDealDoc } from './deal';
import {
  applyOverrides,
  changedFields,
  editorActionSchema,
  NO_OVERRIDES,
  overridesAfter,
  recollectedWithOverride,
  sourceOfStored,
} from './editor';

const source = buildDealDoc({
  title: '20% off shoes',
  description: 'All shoes.',
  savings: '20% off',
  type: 'code',
  code: 'SHOE20',
  start_date: new Date('2026-01-01T00:00:00Z'),
  end_date: new Date('2099-01-01T00:00:00Z'),
  shop_id: 'acme',
  shop_name: 'Acme',
  url_home: 'https://acme.example/shoes',
  scraped_at: new Date('2026-01-02T00:00:00Z'),
  is_verified: false,
});

describe('applyOverrides', () => {
  it('is the source itself without overrides', () => {
    expect(applyOverrides(source, NO_OVERRIDES)).toEqual(source);
  });

  it('replaces the edited texts, category and verdict, and marks a pinned deal', () => {
    const fields = {
      ...NO_OVERRIDES,
      title: 'Shoes',
      category: 'fashion' as const,
      verified: true,
      pinned: true,
    };
    expect(applyOverrides(source, fields)).toEqual({
      ...source,
      title: 'Shoes',
      category: 'fashion',
      is_verified: true,
      editor_pick: true,
    });
  });

  it('stores nothing for a hidden deal', () => {
    expect(applyOverrides(source, { ...NO_OVERRIDES, hidden_reason: 'Misleading' })).toBeNull();
  });
});

describe('overridesAfter, changedFields', () => {
  it('records only what an action changed, before and after', () => {
    const after = overridesAfter(NO_OVERRIDES, {
      action: 'edit',
      deal_id: 'd',
      title: 'Shoes',
      description: null,
    });
    expect(changedFields(NO_OVERRIDES, after)).toEqual({
      before: { title: null },
      after: { title: 'Shoes' },
    });
    expect(changedFields(after, overridesAfter(after, { action: 'pin', deal_id: 'd' }))).toEqual({
      before: { pinned: false },
      after: { pinned: true },
    });
  });
});

describe('sourceOfStored', () => {
  it("takes the votes' changes and the pick mark off a stored deal", () => {
    const stored = {
      ...source,
      is_verified: false,
      source_verified: true,
      votes: { code: 'SHOE20' },
      editor_pick: true,
      newest_key: `1|${source.scraped_at}`,
    };
    expect(sourceOfStored(stored)).toEqual({ ...source, is_verified: true });
  });
});

describe('recollectedWithOverride', () => {
  const edited = { fields: { ...NO_OVERRIDES, title: 'Shoes' }, source, source_changed_at: null };

  it('flags a source change of a field the editor edited', () => {
    const next = { ...source, title: 'Shoes 20% off' };
    expect(recollectedWithOverride(next, edited, 'T')).toEqual({
      deal: { ...next, title: 'Shoes' },
      override: { source: next, source_changed_at: 'T' },
    });
  });

  it('does not flag a change of another field, nor one when nothing is edited', () => {
    const next = { ...source, savings: '30% off' };
    expect(recollectedWithOverride(next, edited, 'T').override.source_changed_at).toBeNull();
    const pinnedOnly = { fields: { ...NO_OVERRIDES, pinned: true }, source, source_changed_at: null };
    expect(
      recollectedWithOverride({ ...source, title: 'x' }, pinnedOnly, 'T').override.source_changed_at,
    ).toBeNull();
  });
});

describe('editorActionSchema', () => {
  it.each([
    { action: 'hide', deal_id: 'd', reason: 'Misleading' },
    { action: 'edit', deal_id: 'd', category: 'home' },
    { action: 'undo', deal_id: 'd', entry_id: 'e' },
  ])('accepts %j', (body) => {
    expect(editorActionSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    { action: 'hide', deal_id: 'd' },
    { action: 'hide', deal_id: 'd', reason: '   ' },
    { action: 'edit', deal_id: 'd' },
    { action: 'edit', deal_id: 'd', category: 'weapons' },
    { action: 'pin', deal_id: 'd', extra: 1 },
    { action: 'delete', deal_id: 'd' },
    { action: 'pin', deal_id: '' },
    { action: 'pin', deal_id: 'a/b' },
    { action: 'pin', deal_id: '..' },
    { action: 'undo', deal_id: 'd', entry_id: '__x__' },
  ])('refuses %j', (body) => {
    expect(editorActionSchema.safeParse(body).success).toBe(false);
  });
});
