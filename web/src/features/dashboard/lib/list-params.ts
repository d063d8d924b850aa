// The dashboard's list state lives in the URL (/dashboard?q=…&shop=…&category=…&verified=…&sort=…&view=saved or
// view=for_you),
// so reload, back/forward and a shared link restore the same list. Parsing never fails: a missing or invalid
// parameter reads as its default, and serializing leaves defaults out so the plain /dashboard stays canonical.
import { isDealCategory, type DealCategory } from '@bargains/model/category';
import {
  DEFAULT_DEAL_FILTER,
  DEFAULT_DEAL_SORT,
  type DealFilter,
  type DealSort,
} from '@bargains/model/queries';
import { MAX_SEARCH_TEXT_LENGTH, parseSearchText } from '@bargains/model/search';
import type { DealListQuery } from '../hooks/useDealPages';
import { isDealSort } from './deal-options';

/** All deals, the subscriber's saved deals, or For you (their interests first, model/for-you.ts). */
export const DEAL_VIEWS = ['deals', 'saved', 'for_you'] as const;
export type DealView = (typeof DEAL_VIEWS)[number];
const isDealView = (value: string | null): value is DealView =>
  (DEAL_VIEWS as readonly unknown[]).includes(value);

export interface DealListParams {
  view: DealView;
  /** The search box's text as typed (trimmed, at most MAX_SEARCH_TEXT_LENGTH characters). */
  q: string;
  shop: string | null;
  category: DealCategory | null;
  filter: DealFilter;
  sort: DealSort;
}

export const DEFAULT_LIST_PARAMS: DealListParams = {
  view: 'deals',
  q: '',
  shop: null,
  category: null,
  filter: DEFAULT_DEAL_FILTER,
  sort: DEFAULT_DEAL_SORT,
};

/** `verified=1` verified only, `verified=0` unverified only, `verified=all` everything. */
const FILTER_PARAM: Record<DealFilter, string> = { verified: '1', unverified: '0', all: 'all' };

/** Shop ids are document-field values, never paths; anything else falls back to "all stores". */
const SHOP_ID = /^[\w.-]{1,128}$/;

export function parseListParams(search: URLSearchParams): DealListParams {
  const verified = search.get('verified');
  const filter = (Object.keys(FILTER_PARAM) as DealFilter[]).find((key) => FILTER_PARAM[key] === verified);
  const sort = search.get('sort') ?? '';
  const shop = search.get('shop') ?? '';
  const category = search.get('category');
  const view = search.get('view');
  return {
    view: isDealView(view) ? view : 'deals',
    q: (search.get('q') ?? '').trim().slice(0, MAX_SEARCH_TEXT_LENGTH),
    shop: SHOP_ID.test(shop) ? shop : null,
    category: isDealCategory(category) ? category : null,
    filter: filter ?? DEFAULT_DEAL_FILTER,
    sort: isDealSort(sort) ? sort : DEFAULT_DEAL_SORT,
  };
}

export function serializeListParams(params: DealListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.view !== 'deals') search.set('view', params.view);
  const q = params.q.trim();
  if (q) search.set('q', q);
  if (params.shop) search.set('shop', params.shop);
  if (params.category) search.set('category', params.category);
  if (params.filter !== DEFAULT_DEAL_FILTER) search.set('verified', FILTER_PARAM[params.filter]);
  if (params.sort !== DEFAULT_DEAL_SORT) search.set('sort', params.sort);
  return search;
}

/** True when search, store, category or the verified filter narrows the list beyond the defaults. */
export function hasActiveFilters(params: DealListParams): boolean {
  return (
    params.q.trim() !== '' ||
    params.shop !== null ||
    params.category !== null ||
    params.filter !== DEFAULT_DEAL_FILTER
  );
}

/** The defaults for everything that narrows the list; the view and the sort stay as chosen. */
export function clearFilters(params: DealListParams): DealListParams {
  return { ...DEFAULT_LIST_PARAMS, view: params.view, sort: params.sort };
}

/**
 * A change made against the params a control was rendered with (`seen` → `next`), applied to `base`, the newest
 * params: what the control changed comes from `next`, everything else stays as `base` has it. A second change made
 * before the first one has rendered (navigations render as transitions) so keeps the first one instead of undoing it.
 */
export function applyListChange(
  base: DealListParams,
  seen: DealListParams,
  next: DealListParams,
): DealListParams {
  return {
    view: next.view === seen.view ? base.view : next.view,
    q: next.q === seen.q ? base.q : next.q,
    shop: next.shop === seen.shop ? base.shop : next.shop,
    category: next.category === seen.category ? base.category : next.category,
    filter: next.filter === seen.filter ? base.filter : next.filter,
    sort: next.sort === seen.sort ? base.sort : next.sort,
  };
}

/** What the live list queries for these params (the view is not part of it). */
export function dealListQuery({
  filter,
  sort,
  shop,
  category,
  q,
}: Omit<DealListParams, 'view'>): DealListQuery {
  const search = parseSearchText(q);
  return { filter, sort, narrowing: { shop, category, term: search.term }, searchRest: search.rest };
}
