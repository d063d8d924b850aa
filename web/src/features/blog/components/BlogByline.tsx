import type { BlogAuthor } from '@bargains/model/blog';
import { formatPublicationDate } from '@/lib/format-date';

interface BlogBylineProps {
  author: BlogAuthor;
  publishedAt: Date;
  readTimeMinutes: number;
  /** Avatars below the fold load lazily. */
  lazy?: boolean;
  size?: 'small' | 'medium';
}

function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

/** The author's name, or the team's when the post names nobody. */
export function authorName(author: BlogAuthor): string {
  return author.name || 'Bargains team';
}

/** Author avatar and name, published date and read time. */
export function BlogByline({
  author,
  publishedAt,
  readTimeMinutes,
  lazy = false,
  size = 'small',
}: BlogBylineProps) {
  const avatarSize = size === 'small' ? 32 : 44;
  return (
    <div className={`blog-byline blog-byline--${size}`}>
      {author.avatar ? (
        <img
          className="blog-byline__avatar"
          src={author.avatar}
          alt=""
          width={avatarSize}
          height={avatarSize}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
        />
      ) : null}
      <div className="blog-byline__text">
        <span className="blog-byline__author">{authorName(author)}</span>
        <span className="blog-byline__details">
          <time dateTime={publishedAt.toISOString()}>{formatPublicationDate(publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span>{formatReadTime(readTimeMinutes)}</span>
        </span>
      </div>
    </div>
  );
}
