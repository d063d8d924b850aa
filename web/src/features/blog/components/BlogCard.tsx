import { Link } from 'react-router-dom';
import type { BlogSummary } from '@bargains/model/blog';
import { BlogByline } from './BlogByline';

/** Covers are authored at 16:9 (1200×675); the attributes reserve the space before the image arrives. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

interface BlogCardProps {
  post: BlogSummary;
  /** Cards in the first row are above the fold: load their images at once, the first one with priority. */
  position: number;
}

export function untitled(title: string): string {
  return title || 'Untitled post';
}

export function BlogCard({ post, position }: BlogCardProps) {
  const aboveFold = position < 3;
  return (
    <article className="blog-card" data-testid="blog-card">
      {post.coverImage ? (
        <img
          className="blog-card__cover"
          src={post.coverImage}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading={aboveFold ? 'eager' : 'lazy'}
          fetchPriority={position === 0 ? 'high' : undefined}
          // The first cover is the page's largest paint: decoded with the frame that shows it, not later.
          decoding={position === 0 ? undefined : 'async'}
        />
      ) : (
        <div className="blog-card__cover blog-card__cover--empty" aria-hidden="true" />
      )}
      <div className="blog-card__content">
        <h2 className="blog-card__title">
          {/* The link covers the whole card (::after) while the accessible name stays the title. */}
          <Link to={`/blog/${encodeURIComponent(post.id)}`} className="blog-card__link">
            {untitled(post.title)}
          </Link>
        </h2>
        {post.description ? <p className="blog-card__description">{post.description}</p> : null}
        <BlogByline
          author={post.author}
          publishedAt={post.publishedAt}
          readTimeMinutes={post.readTimeMinutes}
          lazy={!aboveFold}
        />
      </div>
    </article>
  );
}

/** Placeholder with the card's proportions while the first page loads (no layout shift when it arrives). */
export function BlogCardSkeleton() {
  return (
    <div className="blog-card blog-card--skeleton" aria-hidden="true">
      <div className="blog-card__cover blog-card__cover--empty" />
      <div className="blog-card__content">
        <div className="skeleton-line skeleton-line--title" />
        <div className="skeleton-line" />
        <div className="skeleton-line skeleton-line--short" />
      </div>
    </div>
  );
}
