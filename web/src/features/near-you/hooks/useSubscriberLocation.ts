import { useCallback, useEffect, useState } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import type { SubscriberLocation } from '@bargains/model/near-you';
import { errorText } from '@/lib/error-text';
import { fetchLocation, removeLocation, type ResolvedLocation, saveLocation } from '../api/location';

export interface SubscriberLocationState {
  status: 'loading' | 'ready' | 'error';
  location: SubscriberLocation | null;
  /** Stores a resolved location as the subscriber's (coarse, owner only). */
  choose: (location: ResolvedLocation, source: SubscriberLocation['source']) => Promise<void>;
  /** Deletes the stored location. */
  remove: () => Promise<void>;
  error: string | null;
}

/** The signed-in subscriber's location: one read on mount, then local changes after each confirmed write. */
export function useSubscriberLocation(db: Firestore, uid: string | null): SubscriberLocationState {
  const [status, setStatus] = useState<SubscriberLocationState['status']>('loading');
  const [location, setLocation] = useState<SubscriberLocation | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (uid === null) return;
    let current = true;
    fetchLocation(db, uid).then(
      (loaded) => {
        if (!current) return;
        setLocation(loaded);
        setStatus('ready');
      },
      (failure: unknown) => {
        console.error('near_you.location_load_failed', failure);
        if (!current) return;
        setError(`Your location could not be loaded: ${errorText(failure)}`);
        setStatus('error');
      },
    );
    return () => {
      current = false;
    };
  }, [db, uid]);

  const choose = useCallback(
    async (resolved: ResolvedLocation, source: SubscriberLocation['source']) => {
      if (uid === null) return;
      setError(null);
      await saveLocation(db, uid, resolved, source);
      setLocation({ ...resolved, source });
      setStatus('ready');
    },
    [db, uid],
  );

  const remove = useCallback(async () => {
    if (uid === null) return;
    setError(null);
    await removeLocation(db, uid);
    setLocation(null);
  }, [db, uid]);

  return { status, location, choose, remove, error };
}
