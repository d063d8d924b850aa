import type { Ref } from 'react';
import type { BlogSummary } from '@bargains/model/blog';
import type { BlogCursor } from '@bargains/model/contracts/blog-island';
import { blogListPath } from '@bargains/model/contracts/blog-links';
import { Page } from '@/components/layout/Page';
import { Spinner } from '@/components/Spinner';
import type { BlogListStatus } from '../lib/blog-list-state';
import { BlogCard, BlogCardSkeleton } from './BlogCard';

const SKELETON_COUNT = 6;

interface BlogListViewProps {
  posts: BlogSummary[];
  status: BlogListStatus;
  cursor: BlogCursor | null;
  /** The infinite-scroll trigger below the cards (the app only; the server renders none). */
  sentinel?: Ref<HTMLDivElement>;
}

/**
 * /blog as the server renders it and the app shows it: newest posts first, more as the reader scrolls
 * (docs/reference.md#blog), and a plain link to the next page for readers and crawlers without JavaScript.
 */
export function BlogListView({ posts, status, cursor, sentinel }: BlogListViewProps) {
  return (
    <Page title="Blog" lead="Guides, price data and deal-hunting tactics from the Bargains team.">
      {status === 'loading' ? (
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
          <div className="blog-grid" data-state={status} aria-busy={status === 'loading-more'}>
            {posts.map((post, index) => (
              <BlogCard key={post.id} post={post} position={index} />
            ))}
          </div>
          {posts.length === 0 ? <p className="blog-empty">No posts yet. Check back soon.</p> : null}
          {status === 'loading-more' ? (
            <div className="blog-more">
              <Spinner label="Loading more posts" />
            </div>
          ) : null}
          {status !== 'complete' && sentinel ? (
            <div ref={sentinel} className="blog-sentinel" aria-hidden="true" />
          ) : null}
          {status !== 'complete' && cursor ? (
            <nav className="blog-pager" aria-label="More posts">
              {/* A full page load on purpose: the server renders the next page. */}
              <a className="blog-pager__next" href={blogListPath(cursor.id)} rel="next">
                Older posts <span aria-hidden="true">→</span>
              </a>
            </nav>
          ) : null}
        </>
      )}
    </Page>
  );
}
