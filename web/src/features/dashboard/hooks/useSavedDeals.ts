import { useCallback, useEffect, useRef, useState } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import { MAX_SAVED_DEALS, type SavedDeal } from '@bargains/model/saved';
import { errorText } from '@/lib/error-text';
import { fetchSavedDeals, writeSavedDeal } from '../api/saved-deals';

export interface SavedDealsState {
  status: 'loading' | 'ready' | 'error';
  /** Most recently saved first; includes optimistic changes not yet confirmed. */
  deals: SavedDeal[];
  isSaved: (dealId: string) => boolean;
  /** Saves or unsaves at once on screen; reverts and reports when the write is refused. */
  toggle: (dealId: string) => void;
  /** The last failed toggle, for an alert; null when none. */
  error: string | null;
  reload: () => void;
}

/** The signed-in user's saved deals: one read on mount (the count is capped), then local, optimistic changes. */
export function useSavedDeals(db: Firestore, uid: string | null): SavedDealsState {
  const [status, setStatus] = useState<SavedDealsState['status']>('loading');
  const [deals, setDeals] = useState<SavedDeal[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [reloadCount, setReloadCount] = useState(0);
  // The confirmed counter and the writes in flight: each write starts from the count the previous one left.
  const count = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const reload = useCallback(() => setReloadCount((n) => n + 1), []);

  useEffect(() => {
    if (uid === null) return;
    let current = true;
    fetchSavedDeals(db, uid).then(
      (saved) => {
        if (!current) return;
        count.current = saved.count;
        setDeals(saved.deals);
        setStatus('ready');
      },
      () => {
        if (current) setStatus('error');
      },
    );
    return () => {
      current = false;
    };
  }, [db, uid, reloadCount]);

  const isSaved = useCallback((dealId: string) => deals.some((deal) => deal.dealId === dealId), [deals]);

  const toggle = useCallback(
    (dealId: string) => {
      if (uid === null) return;
      const save = !deals.some((deal) => deal.dealId === dealId);
      if (save && deals.length >= MAX_SAVED_DEALS) {
        setError(`You can keep up to ${MAX_SAVED_DEALS} saved deals. Remove one to save another.`);
        return;
      }
      setError(null);
      const previous = deals;
      setDeals(
        save ? [{ dealId, saved_at: new Date() }, ...deals] : deals.filter((d) => d.dealId !== dealId),
      );
      queue.current = queue.current.then(async () => {
        try {
          await writeSavedDeal(db, uid, dealId, save, count.current);
          count.current += save ? 1 : -1;
        } catch (writeError) {
          setDeals(previous);
          setError(`Could not ${save ? 'save' : 'remove'} the deal: ${errorText(writeError)}`);
          // The stored list may have changed elsewhere (another tab): start again from it.
          reload();
        }
      });
    },
    [db, uid, deals, reload],
  );

  return { status: uid === null ? 'error' : status, deals, isSaved, toggle, error, reload };
}
