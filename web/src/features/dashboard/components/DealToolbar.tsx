import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DEAL_CATEGORIES, DEAL_CATEGORY_LABELS, isDealCategory } from '@bargains/model/category';
import { DEAL_FILTERS, DEAL_SORTS } from '@bargains/model/queries';
import { MAX_SEARCH_TEXT_LENGTH } from '@bargains/model/search';
import type { StoreSummary } from '@bargains/model/store-summary';
import { DEAL_FILTER_LABELS, DEAL_SORT_LABELS, isDealFilter, isDealSort } from '../lib/deal-options';
import { clearFilters, type DealListParams, hasActiveFilters } from '../lib/list-params';

/** Typing pauses this long before the list follows: one query per pause, not per keystroke. */
export const SEARCH_DEBOUNCE_MS = 350;

interface DealToolbarProps {
  params: DealListParams;
  /** `replace` for search typing (one history entry per search, not per pause). */
  onChange: (next: DealListParams, options?: { replace?: boolean }) => void;
  /** Stores and categories with counts; null while loading or when unavailable (the selects still work). */
  summary: StoreSummary | null;
}

const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${count})`;

/** The search box, debounced; it follows the URL when the query changes elsewhere (Back, Clear filters). */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string, replace: boolean) => void }) {
  const [text, setText] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    if (text.trim() !== q) setText(q);
  }
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  }, [onSearch]);
  useEffect(() => {
    if (text.trim() === syncedQ) return;
    const timer = setTimeout(() => latestOnSearch.current(text, syncedQ !== ''), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, syncedQ]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== syncedQ) onSearch(text, syncedQ !== '');
  };
  return (
    <form className="deal-search" role="search" onSubmit={submit}>
      <svg className="deal-search__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <path
          d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z"
          fill="currentColor"
        />
      </svg>
      <input
        className="deal-search__input"
        type="search"
        aria-label="Search deals"
        placeholder="Search deals"
        value={text}
        maxLength={MAX_SEARCH_TEXT_LENGTH}
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

/** The Show, Store, Category and Sort by selects; each change goes to the list's URL parameters at once. */
function FilterFields({ params, onChange, summary }: DealToolbarProps) {
  const shops = summary?.shops ?? [];
  const shopKnown = params.shop === null || shops.some((shop) => shop.id === params.shop);
  return (
    <>
      <label className="deal-toolbar__field">
        <span className="deal-toolbar__label">Show</span>
        <select
          className="deal-toolbar__select"
          value={params.filter}
          onChange={(event) => {
            if (isDealFilter(event.target.value)) onChange({ ...params, filter: event.target.value });
          }}
        >
          {DEAL_FILTERS.map((option) => (
            <option key={option} value={option}>
              {DEAL_FILTER_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <label className="deal-toolbar__field">
        <span className="deal-toolbar__label">Store</span>
        <select
          className="deal-toolbar__select"
          value={params.shop ?? ''}
          onChange={(event) => onChange({ ...params, shop: event.target.value || null })}
        >
          <option value="">All Stores</option>
          {!shopKnown && params.shop && <option value={params.shop}>{params.shop}</option>}
          {shops.map((shop) => (
            <option key={shop.id} value={shop.id}>
              {withCount(shop.name, shop.live)}
            </option>
          ))}
        </select>
      </label>
      <label className="deal-toolbar__field">
        <span className="deal-toolbar__label">Category</span>
        <select
          className="deal-toolbar__select"
          value={params.category ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...params, category: isDealCategory(value) ? value : null });
          }}
        >
          <option value="">All Categories</option>
          {DEAL_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {withCount(DEAL_CATEGORY_LABELS[category], summary?.categories[category])}
            </option>
          ))}
        </select>
      </label>
      <label className="deal-toolbar__field">
        <span className="deal-toolbar__label">Sort by</span>
        <select
          className="deal-toolbar__select"
          value={params.sort}
          onChange={(event) => {
            if (isDealSort(event.target.value)) onChange({ ...params, sort: event.target.value });
          }}
        >
          {DEAL_SORTS.map((option) => (
            <option key={option} value={option}>
              {DEAL_SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export function DealToolbar({ params, onChange, summary }: DealToolbarProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const active = [params.shop, params.category, params.filter !== 'verified' ? params.filter : null].filter(
    (value) => value !== null,
  ).length;

  const closeSheet = () => {
    setSheetOpen(false);
    toggleRef.current?.focus();
  };
  useEffect(() => {
    if (sheetOpen) panelRef.current?.querySelector('select')?.focus();
  }, [sheetOpen]);

  return (
    <div className="deal-toolbar">
      <div className="deal-toolbar__bar">
        <SearchBox
          q={params.q}
          onSearch={(q, replace) => onChange({ ...params, q: q.trim() }, { replace })}
        />
        <button
          type="button"
          ref={toggleRef}
          className="btn btn--secondary deal-toolbar__sheet-toggle"
          aria-expanded={sheetOpen}
          aria-controls={panelId}
          onClick={() => setSheetOpen((open) => !open)}
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </button>
      </div>
      {sheetOpen && <div className="deal-toolbar__backdrop" aria-hidden="true" onClick={closeSheet} />}
      <div
        id={panelId}
        ref={panelRef}
        className="deal-toolbar__panel"
        data-open={sheetOpen}
        role="group"
        aria-label="Filter and sort deals"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && sheetOpen) closeSheet();
        }}
      >
        <FilterFields params={params} onChange={onChange} summary={summary} />
        <div className="deal-toolbar__sheet-actions">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!hasActiveFilters(params)}
            onClick={() => onChange(clearFilters(params))}
          >
            Clear filters
          </button>
          <button type="button" className="btn btn--primary" onClick={closeSheet}>
            Show results
          </button>
        </div>
      </div>
    </div>
  );
}
