import type { BlogPost } from '@bargains/model/blog';
import { blogListReducer, canLoadMore, initialBlogListState, type BlogListState } from './blog-list-state';

const post = (id: string): BlogPost => ({
  id,
  html_content: '<p>x</p>',
  coverImage: '/c.svg',
  author: { name: 'A', avatar: '/a.svg', bio: 'b' },
  publishedAt: new Date('2025-01-01T00:00:00Z'),
  updatedAt: new Date('2025-01-01T00:00:00Z'),
  title: id,
  description: '',
  tags: [],
  readTimeMinutes: 1,
});

type Cursor = string;
const reduce = blogListReducer<Cursor>;

describe('blogListReducer', () => {
  it('shows the first page and remembers its cursor', () => {
    const state = reduce(initialBlogListState(), {
      type: 'page-loaded',
      posts: [post('a'), post('b')],
      cursor: 'b',
    });
    expect(state).toEqual({ posts: [post('a'), post('b')], cursor: 'b', status: 'ready' });
    expect(canLoadMore(state)).toBe(true);
  });

  it('appends the next page after load-more, dropping posts already shown', () => {
    let state: BlogListState<Cursor> = { posts: [post('a'), post('b')], cursor: 'b', status: 'ready' };
    state = reduce(state, { type: 'load-more' });
    expect(state.status).toBe('loading-more');
    expect(canLoadMore(state)).toBe(false);
    state = reduce(state, { type: 'page-loaded', posts: [post('b'), post('c')], cursor: 'c' });
    expect(state.posts.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(state.cursor).toBe('c');
  });

  it('keeps loading after a short page and stops only when a page comes back empty', () => {
    let state: BlogListState<Cursor> = { posts: [post('a')], cursor: 'a', status: 'ready' };
    state = reduce(reduce(state, { type: 'load-more' }), {
      type: 'page-loaded',
      posts: [post('b')],
      cursor: 'b',
    });
    expect(canLoadMore(state)).toBe(true);
    state = reduce(reduce(state, { type: 'load-more' }), { type: 'page-loaded', posts: [], cursor: null });
    expect(state.status).toBe('complete');
    expect(canLoadMore(state)).toBe(false);
    expect(reduce(state, { type: 'load-more' })).toBe(state);
  });

  it('turns a first-page failure into an empty, complete list', () => {
    expect(reduce(initialBlogListState(), { type: 'failed' })).toEqual({
      posts: [],
      cursor: null,
      status: 'complete',
    });
  });

  it('keeps the posts already shown when a later page fails', () => {
    const state = reduce({ posts: [post('a')], cursor: 'a', status: 'loading-more' }, { type: 'failed' });
    expect(state).toEqual({ posts: [post('a')], cursor: 'a', status: 'complete' });
  });

  it('ignores load-more while the first page is loading', () => {
    const initial = initialBlogListState<Cursor>();
    expect(reduce(initial, { type: 'load-more' })).toBe(initial);
  });
});
