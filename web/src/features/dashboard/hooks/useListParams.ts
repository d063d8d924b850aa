import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type DealListParams, parseListParams, serializeListParams } from '../lib/list-params';

export interface ListParamsControl {
  params: DealListParams;
  /**
   * Moves the list to new params. `replace` rewrites the current history entry (typing in the search box);
   * otherwise a new entry is pushed, so Back returns to the previous list.
   */
  setParams: (next: DealListParams, options?: { replace?: boolean }) => void;
}

/** The dashboard's list state, read from and written to the URL's query string. */
export function useListParams(): ListParamsControl {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const params = useMemo(() => parseListParams(new URLSearchParams(search)), [search]);
  const setParams = useCallback(
    (next: DealListParams, options: { replace?: boolean } = {}) => {
      const serialized = serializeListParams(next);
      if (serialized.toString() === search) return;
      setSearchParams(serialized, { replace: options.replace ?? false });
    },
    [search, setSearchParams],
  );
  return { params, setParams };
}
