import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubscriptionStatusResponse } from '@bargains/model/subscription-status';
import { getSubscriptionStatus } from '@/subscription/api/billing-api';

export type SubscriptionStatusState =
  | { phase: 'idle'; data: null; error: null }
  | { phase: 'loading'; data: SubscriptionStatusResponse | null; error: null }
  | { phase: 'ready'; data: SubscriptionStatusResponse; error: null }
  | { phase: 'error'; data: SubscriptionStatusResponse | null; error: Error };

const IDLE: SubscriptionStatusState = { phase: 'idle', data: null, error: null };
const LOADING: SubscriptionStatusState = { phase: 'loading', data: null, error: null };

/**
 * GET /get_subscription_status on demand (and on mount with `loadOnMount`). Only the newest request may
 * update the state, so a slow earlier answer never overwrites a fresher one.
 */
export function useSubscriptionStatus({ loadOnMount = false }: { loadOnMount?: boolean } = {}) {
  const [state, setState] = useState<SubscriptionStatusState>(loadOnMount ? LOADING : IDLE);
  const latestRequest = useRef(0);

  /** Fetches and reports the answer, if no newer request was made meanwhile. */
  const fetchLatest = useCallback((): Promise<SubscriptionStatusResponse | null> => {
    latestRequest.current += 1;
    const request = latestRequest.current;
    return getSubscriptionStatus().then(
      (data) => {
        if (request === latestRequest.current) setState({ phase: 'ready', data, error: null });
        return data;
      },
      (caught: unknown) => {
        console.error('Failed to get subscription status', caught);
        const error = caught instanceof Error ? caught : new Error(String(caught));
        if (request === latestRequest.current)
          setState((previous) => ({ phase: 'error', data: previous.data, error }));
        return null;
      },
    );
  }, []);

  const refresh = useCallback(() => {
    setState((previous) => ({ phase: 'loading', data: previous.data, error: null }));
    return fetchLatest();
  }, [fetchLatest]);

  /** Shows a status the caller already has (e.g. the answer of resume_subscription). */
  const show = useCallback((data: SubscriptionStatusResponse) => {
    latestRequest.current += 1;
    setState({ phase: 'ready', data, error: null });
  }, []);

  useEffect(() => {
    if (loadOnMount) void fetchLatest();
  }, [loadOnMount, fetchLatest]);

  return { ...state, refresh, show };
}
