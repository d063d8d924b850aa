import { useEffect, useMemo, useState, type ReactNode, type Ref } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import type { DealInterests } from '@bargains/model/for-you';
import { Link } from 'react-router-dom';
import { applyEditorialChanges } from '@bargains/model/editorial-changes';
import { dealAppliesIn } from '@bargains/model/regions';
import type { StoreSummary } from '@bargains/model/store-summary';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useDealPages, type DealListQuery, type DealPages } from '../hooks/useDealPages';
import { DealOpensContext, useDealOpens } from '../hooks/useDealOpens';
import { DealVotingContext, useDealVotes } from '../hooks/useDealVotes';
import { useEditorialChanges } from '../hooks/useEditorialChanges';
import type { SavedDealsState } from '../hooks/useSavedDeals';
import { useWhenVisible } from '@/hooks/useWhenVisible';
import { useDealCountry } from '@/lib/deal-country';
import { firstContentShown } from '@/lib/first-content';
import { fetchStoreSummary } from '@/lib/fetch-store-summary';
import type { DealListStatus } from '../lib/deal-list-state';
import { clearFilters, dealListQuery, type DealListParams, hasActiveFilters } from '../lib/list-params';
import { DealCard } from './DealCard';
import { DealCardSkeletons } from './DealCardSkeleton';
import { DealToolbar } from './DealToolbar';
import { ForYouDeals } from './ForYouDeals';
import { SavedDealsView } from './SavedDealsView';

/** Skeletons fill whole rows of the widest (3-column) grid. */
const FIRST_PAGE_SKELETONS = 6;
const NEXT_PAGE_SKELETONS = 3;
const EPOCH = new Date(0);

const endOfListMessage = (count: number) =>
  count === 1 ? "That's the only bargain right now." : `That's all ${count} bargains.`;

const resultCount = (count: number, more: boolean) =>
  more ? `Showing the first ${count} bargains` : count === 1 ? '1 bargain' : `${count} bargains`;

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
  params: DealListParams;
  onParamsChange: (next: DealListParams, options?: { replace?: boolean }) => void;
  saved: SavedDealsState;
}

/** Search, filters and sort over an infinitely scrolling grid of live deals, or the user's saved deals. */
export function DealBrowser({ db, uid, params, onParamsChange, saved }: DealBrowserProps) {
  const [summary, setSummary] = useState<StoreSummary | null>(null);
  const voting = useDealVotes(db, uid);
  const recordOpen = useDealOpens(db, uid);
  useEffect(() => {
    if (uid === null) return;
    let current = true;
    // The filters work without it (no counts, the current store shown by id): a failure is logged, not shown.
    fetchStoreSummary().then(
      (loaded) => current && setSummary(loaded),
      (error: unknown) => console.error('dashboard.shop_summary_load_failed', error),
    );
    return () => {
      current = false;
    };
  }, [uid]);

  return (
    <DealVotingContext.Provider value={voting}>
      <DealOpensContext.Provider value={recordOpen}>
        <DealViews params={params} onParamsChange={onParamsChange} saved={saved}>
          {params.view === 'saved' ? (
            <SavedDealsView db={db} uid={uid} saved={saved} />
          ) : params.view === 'for_you' ? (
            <ForYouDeals db={db} uid={uid} saved={saved}>
              {(interests) => (
                <LiveDeals
                  db={db}
                  uid={uid}
                  params={params}
                  onParamsChange={onParamsChange}
                  saved={saved}
                  summary={summary}
                  interests={interests}
                />
              )}
            </ForYouDeals>
          ) : (
            <LiveDeals
              db={db}
              uid={uid}
              params={params}
              onParamsChange={onParamsChange}
              saved={saved}
              summary={summary}
            />
          )}
        </DealViews>
      </DealOpensContext.Provider>
    </DealVotingContext.Provider>
  );
}

type DealViewsProps = Pick<DealBrowserProps, 'params' | 'onParamsChange' | 'saved'> & { children: ReactNode };

/** The All deals / Saved tabs above the chosen list. */
export function DealViews({ params, onParamsChange, saved, children }: DealViewsProps) {
  return (
    <>
      <nav className="deal-views" aria-label="Deal lists">
        <button
          type="button"
          className="deal-views__tab"
          aria-pressed={params.view === 'deals'}
          onClick={() => onParamsChange({ ...params, view: 'deals' })}
        >
          All deals
        </button>
        <button
          type="button"
          className="deal-views__tab"
          aria-pressed={params.view === 'for_you'}
          onClick={() => onParamsChange({ ...params, view: 'for_you' })}
        >
          For you
        </button>
        <button
          type="button"
          className="deal-views__tab"
          aria-pressed={params.view === 'saved'}
          onClick={() => onParamsChange({ ...params, view: 'saved' })}
        >
          Saved{saved.status === 'ready' ? ` (${saved.deals.length})` : ''}
        </button>
        <Link className="deal-views__tab" to="/near-you">
          Near you
        </Link>
      </nav>
      {saved.error && <Alert>{saved.error}</Alert>}
      {children}
    </>
  );
}

function LiveDeals({
  db,
  uid,
  params,
  onParamsChange,
  saved,
  summary,
  interests,
}: DealBrowserProps & { summary: StoreSummary | null; interests?: DealInterests }) {
  const { filter, sort, shop, category, q } = params;
  const query = useMemo(
    (): DealListQuery => ({
      ...dealListQuery({ filter, sort, shop, category, q }),
      ...(interests && { interests }),
    }),
    [filter, sort, shop, category, q, interests],
  );
  const listed = useDealPages({ db, uid, query });
  // An editor's hide or pin shows on the open dashboard within a poll, without reading the pages again.
  const editorialChanges = useEditorialChanges(db, uid);
  const pages = useMemo(
    () => ({ ...listed, deals: applyEditorialChanges(listed.deals, editorialChanges) }),
    [listed, editorialChanges],
  );
  const lastCardRef = useWhenVisible(pages.loadMore, pages.canAutoLoadMore, '0px');
  // The first page is on screen (or failed): the work held back for it may start (lib/first-content.ts). Also
  // when the list goes before its first page arrives.
  const firstPageSettled = pages.status !== 'loading-first';
  useEffect(() => {
    if (firstPageSettled) firstContentShown();
  }, [firstPageSettled]);
  useEffect(() => firstContentShown, []);
  return (
    <DealList
      pages={pages}
      signedIn={uid !== null}
      params={params}
      onParamsChange={onParamsChange}
      saved={saved}
      summary={summary}
      lastCardRef={lastCardRef}
    />
  );
}

interface DealListProps extends Pick<DealBrowserProps, 'params' | 'onParamsChange' | 'saved'> {
  pages: DealPages;
  signedIn: boolean;
  summary: StoreSummary | null;
  lastCardRef?: Ref<HTMLElement>;
}

/**
 * The toolbar and the grid of one listing's deals as they stand. Without hooks of its own beyond the toolbar's,
 * so render_dashboard draws a first page with it on the server exactly as the app then shows it.
 */
export function DealList({
  pages,
  signedIn,
  params,
  onParamsChange,
  saved,
  summary,
  lastCardRef,
}: DealListProps) {
  const { status, error } = pages;
  // Deals that do not apply in the subscriber's country (Near you location) are left out of every list.
  const country = useDealCountry();
  const deals = country === null ? pages.deals : pages.deals.filter((deal) => dealAppliesIn(deal, country));
  // Relative times ("ends today", "added 2 h ago") are those of the listing's own instant.
  const now = pages.listedAt ?? EPOCH;

  const toolbar = <DealToolbar params={params} onChange={onParamsChange} summary={summary} />;

  if (error?.kind === 'first' && deals.length === 0) {
    return (
      <div className="deal-list" data-state="error">
        {toolbar}
        <div className="deal-list-error">
          <Alert>{error.message}</Alert>
          {signedIn && (
            <Button variant="secondary" onClick={pages.reload}>
              Try Again
            </Button>
          )}
        </div>
      </div>
    );
  }

  const finished = status === 'idle' && !pages.canAutoLoadMore && error === null;
  const filtered = hasActiveFilters(params);
  return (
    <div className="deal-list" data-state={listState(status, finished, error !== null)}>
      {toolbar}
      {status !== 'loading-first' && deals.length > 0 && (
        <p className="deal-results">{resultCount(deals.length, !finished)}</p>
      )}
      {status === 'loading-first' ? (
        <div className="deal-grid" aria-busy="true" aria-label="Loading deals">
          <DealCardSkeletons count={FIRST_PAGE_SKELETONS} />
        </div>
      ) : deals.length === 0 ? (
        <div className="deal-empty">
          <h2 className="deal-empty__title">No bargains found</h2>
          <p>Try adjusting your filters to see more bargains</p>
          {pages.canAutoLoadMore ? (
            // Extra search words narrowed a whole page away; the next page may still match.
            <Button variant="secondary" onClick={pages.loadMore}>
              Search more deals
            </Button>
          ) : (
            filtered && (
              <Button variant="secondary" onClick={() => onParamsChange(clearFilters(params))}>
                Clear filters
              </Button>
            )
          )}
        </div>
      ) : (
        <div className="deal-grid" aria-busy={status === 'loading-more'}>
          {deals.map((deal, index) => (
            <DealCard
              key={deal.id}
              deal={deal}
              now={now}
              save={{ saved: saved.isSaved(deal.id), onToggle: () => saved.toggle(deal.id) }}
              ref={index === deals.length - 1 ? lastCardRef : undefined}
            />
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
