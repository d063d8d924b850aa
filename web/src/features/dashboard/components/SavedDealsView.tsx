import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import type { Deal } from '@bargains/model/deal';
import { dealAppliesIn } from '@bargains/model/regions';
import { DEAL_PAGE_SIZE } from '@bargains/model/queries';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { PageSpinner } from '@/components/Spinner';
import { useWhenVisible } from '@/hooks/useWhenVisible';
import { useDealCountry } from '@/lib/deal-country';
import { errorText } from '@/lib/error-text';
import { fetchDealsById } from '../api/deal-pages';
import { useReminders } from '../hooks/useReminders';
import type { SavedDealsState } from '../hooks/useSavedDeals';
import { DealCard } from './DealCard';
import { ReminderControl } from './ReminderControl';
import { SaveToggle } from './SaveToggle';
/**
 * Reads the saved deals' documents a page (DEAL_PAGE_SIZE ids, one query) at a time, up to `pagesWanted` pages.
 * A failed read stops the reading until the error is cleared (Try Again).
 */
function useSavedDealDocuments(db: Firestore, savedIds: readonly string[], pagesWanted: number) {
  /** Deals read so far, keyed by id; null for a saved id whose deal no longer exists. */
  const [byId, setById] = useState<ReadonlyMap<string, Deal | null>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const missing = useMemo(
    () => savedIds.slice(0, pagesWanted * DEAL_PAGE_SIZE).filter((id) => !byId.has(id)),
    [savedIds, pagesWanted, byId],
  );
  const loading = missing.length > 0 && error === null;

  useEffect(() => {
    if (!loading) return;
    const ids = missing.slice(0, DEAL_PAGE_SIZE);
    let current = true;
    fetchDealsById(db, ids).then(
      (deals) => {
        if (!current) return;
        setById((previous) => {
          const next = new Map(previous);
          for (const id of ids) next.set(id, deals.find((deal) => deal.id === id) ?? null);
          return next;
        });
      },
      (failure: unknown) => {
        if (!current) return;
        setError(`Failed to load your saved deals: ${errorText(failure)}`);
      },
    );
    return () => {
      current = false;
    };
  }, [db, loading, missing]);

  return { byId, loading, error, setError };
}

/**
 * The user's saved deals, most recently saved first, read a page (20 ids, one query) at a time. Expired deals
 * stay, marked as ended; a deal that was removed from the catalogue shows as no longer available. A running
 * deal offers "Remind me before it ends" (its reminders are read once, when the view opens). A deal that does not
 * apply in the subscriber's country (model/regions.ts) is left out like a removed one: only its place and the way
 * to unsave it stay, so the count still matches what was saved.
 */
export function SavedDealsView({
  db,
  uid,
  saved,
}: {
  db: Firestore;
  uid: string | null;
  saved: SavedDealsState;
}) {
  const reminders = useReminders(db, uid);
  const country = useDealCountry();
  const [pagesWanted, setPagesWanted] = useState(1);
  // The instant "ends in …" is measured from; fixed while the view is open.
  const [now] = useState(() => new Date());
  const savedIds = useMemo(() => saved.deals.map((deal) => deal.dealId), [saved.deals]);
  const { byId, loading, error, setError } = useSavedDealDocuments(db, savedIds, pagesWanted);

  const shown = savedIds.filter((id) => byId.has(id));
  const complete = shown.length === savedIds.length;
  const loadMore = useCallback(() => setPagesWanted((pages) => pages + 1), []);
  const lastCardRef = useWhenVisible(loadMore, !complete && !loading && error === null, '0px');

  if (saved.status === 'loading') return <PageSpinner label="Loading your saved deals" />;
  if (saved.status === 'error') {
    return (
      <div className="deal-list-error">
        <Alert>Failed to load your saved deals.</Alert>
        <Button variant="secondary" onClick={saved.reload}>
          Try Again
        </Button>
      </div>
    );
  }
  if (savedIds.length === 0) {
    return (
      <div className="deal-empty">
        <h2 className="deal-empty__title">No saved deals yet</h2>
        <p>Tap the bookmark on any deal to keep it here for later.</p>
      </div>
    );
  }

  return (
    <div
      className="deal-list"
      data-state={loading ? 'loading-more' : complete ? 'complete' : 'more-available'}
    >
      <p className="deal-results">
        {savedIds.length === 1 ? '1 saved deal' : `${savedIds.length} saved deals`}
      </p>
      <div className="deal-grid" aria-busy={loading}>
        {shown.map((id, index) => {
          const deal = byId.get(id);
          const ref = index === shown.length - 1 ? lastCardRef : undefined;
          const save = {
            saved: true,
            onToggle: () => {
              saved.toggle(id);
              reminders.forget(id);
            },
          };
          const running = deal !== null && deal !== undefined && deal.end_date.getTime() > now.getTime();
          const applies = deal !== null && deal !== undefined && dealAppliesIn(deal, country);
          return deal && applies ? (
            <DealCard
              key={id}
              deal={deal}
              now={now}
              save={save}
              ref={ref}
              extra={running ? <ReminderControl deal={deal} now={now} reminders={reminders} /> : undefined}
            />
          ) : (
            <article key={id} className="card deal-card deal-card--gone" data-deal-id={id} ref={ref}>
              <header className="deal-card__header">
                <h2 className="deal-card__title">
                  {deal ? 'This deal does not apply in your country' : 'This deal is no longer available'}
                </h2>
                <SaveToggle saved title="removed deal" onToggle={save.onToggle} />
              </header>
            </article>
          );
        })}
      </div>
      {error && (
        <div className="deal-list-error deal-list-error--inline">
          <Alert>{error}</Alert>
          <Button variant="secondary" onClick={() => setError(null)}>
            Try Again
          </Button>
        </div>
      )}
    </div>
  );
}
