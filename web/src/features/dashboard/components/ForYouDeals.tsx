import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Firestore } from 'firebase/firestore/lite';
import { type DealInterests, hasInterests } from '@bargains/model/for-you';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useDealInterests } from '../hooks/useDealInterests';
import type { SavedDealsState } from '../hooks/useSavedDeals';
import { DealCardSkeletons } from './DealCardSkeleton';

/** Where a subscriber picks the stores and categories they follow (the account page's email preferences). */
export const INTERESTS_SETTINGS_PATH = '/account#email-preferences';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The ranking rule in one sentence, as it applies to these interests (model/for-you.ts). */
export function forYouSummary({ stores, categories }: DealInterests): string {
  const parts = [
    stores.length > 0 && `your ${count(stores.length, 'store', 'stores')}`,
    categories.length > 0 && `your ${count(categories.length, 'category', 'categories')}`,
  ].filter((part): part is string => typeof part === 'string');
  return `Deals from ${parts.join(', then ')} first, then everything else.`;
}

/** Shown instead of an empty list when the subscriber follows no store or category and has saved nothing. */
export function PickInterestsPrompt() {
  return (
    <div className="deal-empty for-you-prompt" data-testid="for-you-prompt">
      <h2 className="deal-empty__title">Pick your interests</h2>
      <p>
        Choose the stores and categories you like, and For you lists their deals first. Deals you save count
        too.
      </p>
      <Link className="btn btn--primary" to={INTERESTS_SETTINGS_PATH}>
        Choose interests
      </Link>
    </div>
  );
}

interface ForYouDealsProps {
  db: Firestore;
  uid: string | null;
  saved: SavedDealsState;
  /** The live list, ranked by these interests. */
  children: (interests: DealInterests) => ReactNode;
}

/** For you: the subscriber's interests first, or a prompt to pick some. */
export function ForYouDeals({ db, uid, saved, children }: ForYouDealsProps) {
  const state = useDealInterests(db, uid, saved);
  if (state.status === 'loading') {
    return (
      <div className="deal-list" data-state="loading">
        <div className="deal-grid" aria-busy="true" aria-label="Loading deals">
          <DealCardSkeletons count={6} />
        </div>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="deal-list" data-state="error">
        <div className="deal-list-error">
          <Alert>{state.message}</Alert>
          <Button variant="secondary" onClick={state.retry}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  if (!hasInterests(state.interests)) return <PickInterestsPrompt />;
  return (
    <>
      <p className="for-you-note">
        {forYouSummary(state.interests)} <Link to={INTERESTS_SETTINGS_PATH}>Edit interests</Link>
      </p>
      {children(state.interests)}
    </>
  );
}
