import { useCallback, useEffect, useState } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import type { DealInterests } from '@bargains/model/for-you';
import { errorText } from '@/lib/error-text';
import { fetchDealInterests } from '../api/for-you';
import type { SavedDealsState } from './useSavedDeals';

export type DealInterestsState =
  | { status: 'loading' }
  | { status: 'ready'; interests: DealInterests }
  | { status: 'error'; message: string; retry: () => void };

/**
 * The subscriber's interests for For you, read once when the view opens (after the saved list has loaded). The
 * deals saved or unsaved while it is open do not reorder the list under the reader's eyes: they count next time.
 */
export function useDealInterests(
  db: Firestore,
  uid: string | null,
  saved: SavedDealsState,
): DealInterestsState {
  // The saved ids as they stood when the saved list first settled; a failed saved list counts as none saved.
  const [savedIds, setSavedIds] = useState<readonly string[] | null>(null);
  if (savedIds === null && saved.status !== 'loading') {
    setSavedIds(saved.status === 'ready' ? saved.deals.map((deal) => deal.dealId) : []);
  }
  const [state, setState] = useState<DealInterestsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (uid === null || savedIds === null) return;
    let current = true;
    fetchDealInterests(db, uid, savedIds).then(
      (interests) => current && setState({ status: 'ready', interests }),
      (error: unknown) => {
        console.error('dashboard.interests_load_failed', error);
        if (current)
          setState({ status: 'error', message: `Failed to load your interests: ${errorText(error)}`, retry });
      },
    );
    return () => {
      current = false;
    };
  }, [db, uid, savedIds, attempt, retry]);
  return state;
}
