import { Page } from '@/components/layout/Page';
import { Spinner } from '@/components/Spinner';
import { BlogCard, BlogCardSkeleton } from '../components/BlogCard';
import { prefetchFirstBlogPage, useBlogList } from '../hooks/useBlogList';
import { useWhenVisible } from '@/hooks/useWhenVisible';
import { canLoadMore } from '../lib/blog-list-state';
import '../blog.css';

const SKELETON_COUNT = 6;

/** Route preloading starts the first page's read while the auth check runs (src/app/routes.tsx). */
export const prefetch = prefetchFirstBlogPage;

/** /blog: newest posts first, more as the reader scrolls (spec §2, §4). */
export default function BlogListPage() {
  const list = useBlogList();
  const sentinel = useWhenVisible(list.loadMore, canLoadMore(list));

  return (
    <Page title="Blog" lead="Guides, price data and deal-hunting tactics from the Bargains team.">
      {list.status === 'loading' ? (
        <div className="blog-grid" aria-busy="true">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <BlogCardSkeleton key={index} />
          ))}
          <span className="visually-hidden" role="status">
            Loading posts
          </span>
        </div>
      ) : (
        <>
          {/* data-state lets tests (and styles) tell "more may follow" from "complete". */}
          <div className="blog-grid" data-state={list.status} aria-busy={list.status === 'loading-more'}>
            {list.posts.map((post, index) => (
              <BlogCard key={post.id} post={post} position={index} />
            ))}
          </div>
          {list.posts.length === 0 ? <p className="blog-empty">No posts yet. Check back soon.</p> : null}
          {list.status === 'loading-more' ? (
            <div className="blog-more">
              <Spinner label="Loading more posts" />
            </div>
          ) : null}
          {list.status !== 'complete' ? (
            <div ref={sentinel} className="blog-sentinel" aria-hidden="true" />
          ) : null}
        </>
      )}
    </Page>
  );
}
