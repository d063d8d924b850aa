import { useCallback, useEffect, useReducer, useRef } from 'react';
import { liteDb } from '@/lib/firestore-lite';
import { fetchBlogPage, type BlogCursor } from '../api/blog-posts';
import { startFirstRead, takeFirstRead } from '../api/first-read';
import { blogListReducer, canLoadMore, initialBlogListState } from '../lib/blog-list-state';

const FIRST_PAGE_KEY = 'blog:first-page';

/** Starts reading the first page before the list renders (route preloading). */
export function prefetchFirstBlogPage(): void {
  startFirstRead(FIRST_PAGE_KEY, () => fetchBlogPage(liteDb, null));
}

/** The blog list: the first page on mount, `loadMore` for the next one (ignored while busy or complete). */
export function useBlogList() {
  const [state, dispatch] = useReducer(
    blogListReducer<BlogCursor>,
    undefined,
    initialBlogListState<BlogCursor>,
  );
  // Set synchronously so two visibility callbacks in one frame cannot request the same page twice.
  const inFlight = useRef(false);

  useEffect(() => {
    let active = true;
    takeFirstRead(FIRST_PAGE_KEY, () => fetchBlogPage(liteDb, null)).then(
      (page) => active && dispatch({ type: 'page-loaded', ...page }),
      (error: unknown) => {
        console.error('blog.list_load_failed: showing an empty list', error);
        if (active) dispatch({ type: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const loadMore = useCallback(() => {
    if (inFlight.current || !canLoadMore(state) || state.cursor === null) return;
    inFlight.current = true;
    dispatch({ type: 'load-more' });
    fetchBlogPage(liteDb, state.cursor)
      .then(
        (page) => dispatch({ type: 'page-loaded', ...page }),
        (error: unknown) => {
          console.error('blog.list_more_failed: stopped loading more posts', error);
          dispatch({ type: 'failed' });
        },
      )
      .finally(() => {
        inFlight.current = false;
      });
  }, [state]);

  return { ...state, loadMore };
}
