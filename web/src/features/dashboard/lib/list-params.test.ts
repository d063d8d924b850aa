import {
  applyListChange,
  clearFilters,
  DEFAULT_LIST_PARAMS,
  hasActiveFilters,
  parseListParams,
  serializeListParams,
} from './list-params';

const parse = (search: string) => parseListParams(new URLSearchParams(search));

describe('dashboard URL params', () => {
  it('reads every parameter', () => {
    expect(
      parse('?q=head&shop=bluebird-electronics&category=electronics&verified=0&sort=ending_soon&view=saved'),
    ).toEqual({
      view: 'saved',
      q: 'head',
      shop: 'bluebird-electronics',
      category: 'electronics',
      filter: 'unverified',
      sort: 'ending_soon',
    });
    expect(parse('verified=1').filter).toBe('verified');
    expect(parse('verified=all').filter).toBe('all');
  });

  it('falls back to the defaults (Verified Only, Newest First) for missing or invalid values', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_PARAMS);
    expect(parse('?verified=yes&sort=cheapest&category=cars&shop=../../users&view=admin&q=%20%20')).toEqual(
      DEFAULT_LIST_PARAMS,
    );
    expect(parse(`?shop=${'a'.repeat(200)}`).shop).toBeNull();
  });

  it('keeps For you in the URL with its filters and sort, and clearing filters stays in For you', () => {
    const forYou = parse('?view=for_you&category=home&verified=all&sort=savings_desc');
    expect(forYou).toEqual({
      ...DEFAULT_LIST_PARAMS,
      view: 'for_you',
      category: 'home',
      filter: 'all',
      sort: 'savings_desc',
    });
    expect(parseListParams(serializeListParams(forYou))).toEqual(forYou);
    expect(serializeListParams({ ...DEFAULT_LIST_PARAMS, view: 'for_you' }).toString()).toBe('view=for_you');
    expect(clearFilters(forYou)).toEqual({ ...DEFAULT_LIST_PARAMS, view: 'for_you', sort: 'savings_desc' });
    expect(parse('?view=For_You').view).toBe('deals');
  });

  it('cuts a very long search to 100 characters', () => {
    expect(parse(`?q=${'x'.repeat(500)}`).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(serializeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
    const params = {
      ...DEFAULT_LIST_PARAMS,
      q: 'crème brûlée',
      shop: 'pantry-fresh',
      filter: 'all' as const,
    };
    const search = serializeListParams(params);
    expect(search.toString()).toBe('q=cr%C3%A8me+br%C3%BBl%C3%A9e&shop=pantry-fresh&verified=all');
    expect(parseListParams(search)).toEqual(params);
  });

  it('clears search, store, category and verified, keeping the view and the sort', () => {
    const params = {
      view: 'deals' as const,
      q: 'x',
      shop: 's',
      category: 'home' as const,
      filter: 'all' as const,
      sort: 'ending_soon' as const,
    };
    expect(hasActiveFilters(params)).toBe(true);
    expect(clearFilters(params)).toEqual({ ...DEFAULT_LIST_PARAMS, sort: 'ending_soon' });
    expect(hasActiveFilters(clearFilters(params))).toBe(false);
  });
});

describe('applyListChange', () => {
  const seen = { ...DEFAULT_LIST_PARAMS, q: 'wireless' };
  const newest = { ...seen, shop: 'bluebird-electronics', category: 'electronics' as const };

  it('takes what the control changed and keeps the rest as the newest params have it', () => {
    expect(applyListChange(newest, seen, { ...seen, filter: 'all' })).toEqual({ ...newest, filter: 'all' });
    expect(applyListChange(newest, seen, { ...seen, q: 'save on' })).toEqual({ ...newest, q: 'save on' });
  });

  it('is the change itself when nothing else is on its way', () => {
    const next = { ...seen, sort: 'popular' as const, view: 'saved' as const };
    expect(applyListChange(seen, seen, next)).toEqual(next);
  });
});
