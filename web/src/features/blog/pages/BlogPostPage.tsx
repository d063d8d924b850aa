import { Link, useParams } from 'react-router-dom';
import type { BlogAuthor, BlogPost } from '@model/blog';
import { useDocumentTitle } from '@/components/layout/Page';
import { PageSpinner } from '@/components/Spinner';
import { BlogBody } from '../components/BlogBody';
import { authorName, BlogByline } from '../components/BlogByline';
import { COVER_HEIGHT, COVER_WIDTH, untitled } from '../components/BlogCard';
import { BlogNotFound } from '../components/BlogNotFound';
import { prefetchBlogPost, useBlogPost } from '../hooks/useBlogPost';
import '../blog.css';

/** Route preloading starts the post's read while the auth check runs (src/app/routes.tsx). */
export function prefetch(params: { id?: string }): void {
  if (params.id !== undefined) prefetchBlogPost(params.id);
}

/** /blog/:id (spec §2 Blog post). */
export default function BlogPostPage() {
  const { id = '' } = useParams();
  const state = useBlogPost(id);
  if (state.status === 'loading') return <PageSpinner label="Loading post" />;
  if (state.status === 'not-found') return <BlogNotFound />;
  return <BlogArticle post={state.post} />;
}

function BlogArticle({ post }: { post: BlogPost }) {
  const title = untitled(post.title);
  useDocumentTitle(title);
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
          decoding="async"
        />
      ) : null}
      <BlogBody html={post.html_content} />
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
