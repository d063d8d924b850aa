import { useState } from 'react';
import type { Firestore } from 'firebase/firestore';
import { DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT, type DealFilter, type DealSort } from '@model/queries';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useDealPages } from '../hooks/useDealPages';
import { useWhenVisible } from '@/hooks/useWhenVisible';
import type { DealListStatus } from '../lib/deal-list-state';
import { DealCard } from './DealCard';
import { DealCardSkeletons } from './DealCardSkeleton';
import { DealToolbar } from './DealToolbar';

/** Skeletons fill whole rows of the widest (3-column) grid. */
const FIRST_PAGE_SKELETONS = 6;
const NEXT_PAGE_SKELETONS = 3;

const endOfListMessage = (count: number) =>
  count === 1 ? "That's the only bargain right now." : `That's all ${count} bargains.`;

/** Exposed as data-state for styling hooks and tests: where the list stands. */
function listState(status: DealListStatus, finished: boolean, failed: boolean) {
  if (status === 'loading-first') return 'loading';
  if (status === 'loading-more') return 'loading-more';
  if (failed) return 'error';
  return finished ? 'complete' : 'more-available';
}

interface DealBrowserProps {
  db: Firestore;
  uid: string | null;
}

/** Filter and sort selects over an infinitely scrolling grid of live deals. */
export function DealBrowser({ db, uid }: DealBrowserProps) {
  const [filter, setFilter] = useState<DealFilter>(DEFAULT_DEAL_FILTER);
  const [sort, setSort] = useState<DealSort>(DEFAULT_DEAL_SORT);
  const pages = useDealPages({ db, uid, filter, sort });
  const lastCardRef = useWhenVisible(pages.loadMore, pages.canAutoLoadMore, '0px');
  const { deals, status, error } = pages;

  if (error?.kind === 'first' && deals.length === 0) {
    return (
      <div className="deal-list-error">
        <Alert>{error.message}</Alert>
        {uid !== null && (
          <Button variant="secondary" onClick={pages.reload}>
            Try Again
          </Button>
        )}
      </div>
    );
  }

  const finished = status === 'idle' && !pages.canAutoLoadMore && error === null;
  return (
    <div className="deal-list" data-state={listState(status, finished, error !== null)}>
      <DealToolbar filter={filter} sort={sort} onFilterChange={setFilter} onSortChange={setSort} />
      {status === 'loading-first' ? (
        <div className="deal-grid" aria-busy="true" aria-label="Loading deals">
          <DealCardSkeletons count={FIRST_PAGE_SKELETONS} />
        </div>
      ) : deals.length === 0 ? (
        <div className="deal-empty">
          <h2 className="deal-empty__title">No bargains found</h2>
          <p>Try adjusting your filters to see more bargains</p>
        </div>
      ) : (
        <div className="deal-grid" aria-busy={status === 'loading-more'}>
          {deals.map((deal, index) => (
            <DealCard key={deal.id} deal={deal} ref={index === deals.length - 1 ? lastCardRef : undefined} />
          ))}
          {status === 'loading-more' && <DealCardSkeletons count={NEXT_PAGE_SKELETONS} />}
        </div>
      )}
      <div className="deal-list-status" role="status">
        {status === 'loading-more'
          ? 'Loading more deals…'
          : finished && deals.length > 0
            ? endOfListMessage(deals.length)
            : ''}
      </div>
      {error?.kind === 'more' && (
        <div className="deal-list-error deal-list-error--inline">
          <Alert>{error.message}</Alert>
          <Button variant="secondary" onClick={pages.loadMore}>
            Try Again
          </Button>
        </div>
      )}
    </div>
  );
}
