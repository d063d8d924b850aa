// Labels of the dashboard's filter and sort selects (docs/reference.md#deals), keyed by the model's query options.
import { DEAL_FILTERS, DEAL_SORTS, type DealFilter, type DealSort } from '@bargains/model/queries';

export const DEAL_FILTER_LABELS: Record<DealFilter, string> = {
  all: 'All Deals',
  verified: 'Verified Only',
  unverified: 'Unverified Only',
};

export const DEAL_SORT_LABELS: Record<DealSort, string> = {
  newest: 'Newest First',
  savings_asc: 'Savings - Low to High',
  savings_desc: 'Savings - High to Low',
  ending_soon: 'Ending Soon',
  popular: 'Most popular',
};

export function isDealFilter(value: string): value is DealFilter {
  return (DEAL_FILTERS as readonly string[]).includes(value);
}

export function isDealSort(value: string): value is DealSort {
  return (DEAL_SORTS as readonly string[]).includes(value);
}
