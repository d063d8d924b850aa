import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { BlogCursor } from '@bargains/model/contracts/blog-island';
import { readBlogPage } from '../api/blog-reads';
import { startFirstRead, takeFirstRead } from '../api/first-read';
import { blogIslandFor } from '../api/island';
import {
  blogListReducer,
  canLoadMore,
  initialBlogListState,
  loadedBlogListState,
  type BlogListState,
} from '../lib/blog-list-state';

const FIRST_PAGE_KEY = 'blog:first-page';

function serverListState(path: string): BlogListState<BlogCursor> | null {
  const island = blogIslandFor(path);
  return island?.page === 'list' ? loadedBlogListState(island.posts, island.next) : null;
}

/** Starts reading the first page before the list renders (route preloading), unless the server sent it. */
export function prefetchFirstBlogPage(): void {
  if (serverListState(`${window.location.pathname}${window.location.search}`)) return;
  startFirstRead(FIRST_PAGE_KEY, () => readBlogPage(null));
}

/**
 * The blog list: the page the server rendered (no read), or else the first page on mount; `loadMore` reads the
 * next one (ignored while busy or complete).
 */
export function useBlogList() {
  const { pathname, search } = useLocation();
  const [initial] = useState(
    () => serverListState(`${pathname}${search}`) ?? initialBlogListState<BlogCursor>(),
  );
  const [state, dispatch] = useReducer(blogListReducer<BlogCursor>, initial);
  // Set synchronously so two visibility callbacks in one frame cannot request the same page twice.
  const inFlight = useRef(false);

  useEffect(() => {
    if (initial.status !== 'loading') return;
    let active = true;
    takeFirstRead(FIRST_PAGE_KEY, () => readBlogPage(null)).then(
      (page) => active && dispatch({ type: 'page-loaded', ...page }),
      (error: unknown) => {
        console.error('blog.list_load_failed: showing an empty list', error);
        if (active) dispatch({ type: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [initial]);

  const loadMore = useCallback(() => {
    if (inFlight.current || !canLoadMore(state) || state.cursor === null) return;
    inFlight.current = true;
    dispatch({ type: 'load-more' });
    readBlogPage(state.cursor)
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
