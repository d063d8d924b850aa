import { DEAL_FILTERS, DEAL_SORTS, type DealFilter, type DealSort } from '@model/queries';
import { DEAL_FILTER_LABELS, DEAL_SORT_LABELS, isDealFilter, isDealSort } from '../lib/deal-options';

interface DealToolbarProps {
  filter: DealFilter;
  sort: DealSort;
  onFilterChange: (filter: DealFilter) => void;
  onSortChange: (sort: DealSort) => void;
}

export function DealToolbar({ filter, sort, onFilterChange, onSortChange }: DealToolbarProps) {
  return (
    <div className="deal-toolbar" role="group" aria-label="Filter and sort deals">
      <label className="deal-toolbar__field">
        <span className="deal-toolbar__label">Show</span>
        <select
          className="deal-toolbar__select"
          value={filter}
          onChange={(event) => {
            if (isDealFilter(event.target.value)) onFilterChange(event.target.value);
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
        <span className="deal-toolbar__label">Sort by</span>
        <select
          className="deal-toolbar__select"
          value={sort}
          onChange={(event) => {
            if (isDealSort(event.target.value)) onSortChange(event.target.value);
          }}
        >
          {DEAL_SORTS.map((option) => (
            <option key={option} value={option}>
              {DEAL_SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
