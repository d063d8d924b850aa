import { Link } from 'react-router-dom';
import type { BlogAuthor, BlogPost } from '@bargains/model/blog';
import { useDocumentTitle } from '@/components/layout/Page';
import { BlogBody } from './BlogBody';
import { authorName, BlogByline } from './BlogByline';
import { COVER_HEIGHT, COVER_WIDTH, untitled } from './BlogCard';

interface BlogArticleProps {
  post: BlogPost;
  /** The body already sanitized and tidied to markup (the server render); the app prepares it itself. */
  preparedBody?: string;
  /** The tab's title when it is not the post's (the composer's preview keeps the composer's). */
  tabTitle?: string;
}

/** One post (docs/reference.md#blog), as the server renders it and the app shows it. */
export function BlogArticle({ post, preparedBody, tabTitle }: BlogArticleProps) {
  const title = untitled(post.title);
  useDocumentTitle(tabTitle ?? title);
  return (
    <article className="blog-post">
      <Link to="/blog" className="blog-post__back">
        <span aria-hidden="true">←</span> All posts
      </Link>
      <header className="blog-post__header">
        {post.tags.length > 0 ? (
          <ul className="blog-tags" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag} className="blog-tags__item">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <h1 className="blog-post__title">{title}</h1>
        <BlogByline
          author={post.author}
          publishedAt={post.publishedAt}
          readTimeMinutes={post.readTimeMinutes}
          size="medium"
        />
      </header>
      {post.coverImage ? (
        <img
          className="blog-post__cover"
          src={post.coverImage}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          fetchPriority="high"
        />
      ) : null}
      <BlogBody html={post.html_content} prepared={preparedBody} />
      <AuthorBio author={post.author} />
    </article>
  );
}

function AuthorBio({ author }: { author: BlogAuthor }) {
  const { name, avatar, bio } = author;
  if (!name && !bio) return null;
  return (
    <aside className="blog-author" aria-labelledby="blog-author-name">
      {avatar ? (
        <img className="blog-author__avatar" src={avatar} alt="" width={72} height={72} loading="lazy" />
      ) : null}
      <div>
        <p className="blog-author__label">Written by</p>
        <p className="blog-author__name" id="blog-author-name">
          {authorName(author)}
        </p>
        {bio ? <p className="blog-author__bio">{bio}</p> : null}
      </div>
    </aside>
  );
}
