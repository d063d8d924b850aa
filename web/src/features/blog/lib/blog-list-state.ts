// The blog list's paging state (docs/reference.md#blog): first page, then more pages after the last post's cursor until a
// page comes back empty. Pure, so the rules are unit-tested without Firestore.
import type { BlogSummary } from '@bargains/model/blog';

export type BlogListStatus = 'loading' | 'ready' | 'loading-more' | 'complete';

export interface BlogListState<Cursor> {
  posts: BlogSummary[];
  cursor: Cursor | null;
  status: BlogListStatus;
}

export type BlogListAction<Cursor> =
  | { type: 'load-more' }
  | { type: 'page-loaded'; posts: BlogSummary[]; cursor: Cursor | null }
  | { type: 'failed' };

export function initialBlogListState<Cursor>(): BlogListState<Cursor> {
  return { posts: [], cursor: null, status: 'loading' };
}

/** A page the server already rendered: more may follow when it names where the next page starts. */
export function loadedBlogListState<Cursor>(
  posts: BlogSummary[],
  next: Cursor | null,
): BlogListState<Cursor> {
  return { posts, cursor: next, status: next === null ? 'complete' : 'ready' };
}

export function canLoadMore<Cursor>(state: BlogListState<Cursor>): boolean {
  return state.status === 'ready' && state.cursor !== null;
}

export function blogListReducer<Cursor>(
  state: BlogListState<Cursor>,
  action: BlogListAction<Cursor>,
): BlogListState<Cursor> {
  switch (action.type) {
    case 'load-more':
      return canLoadMore(state) ? { ...state, status: 'loading-more' } : state;
    case 'page-loaded': {
      // An empty page (no cursor) is the end of the list.
      if (action.cursor === null) return { ...state, status: 'complete' };
      const known = new Set(state.posts.map((post) => post.id));
      const fresh = action.posts.filter((post) => !known.has(post.id));
      return { posts: [...state.posts, ...fresh], cursor: action.cursor, status: 'ready' };
    }
    case 'failed':
      // First page: an empty list (docs/reference.md#messages). Later pages: keep what is shown and stop asking.
      return { ...state, status: 'complete' };
  }
}
