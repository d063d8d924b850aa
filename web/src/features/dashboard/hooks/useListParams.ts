import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  applyListChange,
  type DealListParams,
  parseListParams,
  serializeListParams,
} from '../lib/list-params';

export interface ListParamsControl {
  params: DealListParams;
  /**
   * Moves the list to new params. `replace` rewrites the current history entry (typing in the search box);
   * otherwise a new entry is pushed, so Back returns to the previous list.
   */
  setParams: (next: DealListParams, options?: { replace?: boolean }) => void;
}

/** Changes asked for and not rendered yet: the newest one's query string, and every one of them. */
interface PendingChanges {
  latest: string;
  asked: Set<string>;
}

/** The dashboard's list state, read from and written to the URL's query string. */
export function useListParams(): ListParamsControl {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const params = useMemo(() => parseListParams(new URLSearchParams(search)), [search]);
  // React Router renders a navigation as a transition, so a control can change the list again before the previous
  // change has rendered (a store picked right after typing a search, whose debounced write comes last). Each change
  // builds on the newest one asked for, not on the params its control was rendered with.
  const pending = useRef<PendingChanges | null>(null);
  // The newest rendered query string. A control may call a `setParams` from an earlier render after a later change
  // has rendered (the search box's debounce timer can fire before its passive effect sees the new callback), so the
  // base is never the calling closure's own `params`.
  const rendered = useRef(search);
  useLayoutEffect(() => {
    rendered.current = search;
    const changes = pending.current;
    // Rendered the newest change, or a navigation of its own (Back, a link): nothing is pending any more.
    if (changes !== null && (search === changes.latest || !changes.asked.has(search))) pending.current = null;
  }, [search]);
  const setParams = useCallback(
    (next: DealListParams, options: { replace?: boolean } = {}) => {
      const changes = pending.current;
      const newest = changes?.latest ?? rendered.current;
      const base = parseListParams(new URLSearchParams(newest));
      const serialized = serializeListParams(applyListChange(base, params, next));
      const text = serialized.toString();
      if (text === newest) return;
      pending.current = { latest: text, asked: new Set([...(changes?.asked ?? []), text]) };
      setSearchParams(serialized, { replace: options.replace ?? false });
    },
    [params, setSearchParams],
  );
  return { params, setParams };
}
