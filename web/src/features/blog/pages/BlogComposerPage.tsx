import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { BlogSummary } from '@bargains/model/blog';
import { Alert } from '@/components/Alert';
import { PageSpinner } from '@/components/Spinner';
import { Page } from '@/components/layout/Page';
import { readBlogPage, readBlogPost } from '../api/blog-reads';
import { BlogComposer, COMPOSER_TAB_TITLE } from '../composer/BlogComposer';
import { EMPTY_DRAFT, formFromPost, type DraftForm } from '../composer/draft';
import '../blog.css';
import '../composer/composer.css';

type Loaded = { status: 'loading' } | { status: 'ready'; form: DraftForm } | { status: 'missing' | 'failed' };

/** The post being edited (/editor/posts/:id), or an empty draft (/editor/posts). */
function useDraft(id: string | undefined): Loaded {
  const [loaded, setLoaded] = useState<{ id: string; state: Loaded } | null>(null);
  useEffect(() => {
    if (id === undefined) return;
    let active = true;
    readBlogPost(id).then(
      (post) => {
        if (active)
          setLoaded({
            id,
            state: post ? { status: 'ready', form: formFromPost(post) } : { status: 'missing' },
          });
      },
      (error: unknown) => {
        console.error('blog_composer.post_load_failed', { id, error });
        if (active) setLoaded({ id, state: { status: 'failed' } });
      },
    );
    return () => {
      active = false;
    };
  }, [id]);
  if (id === undefined) return { status: 'ready', form: EMPTY_DRAFT };
  return loaded?.id === id ? loaded.state : { status: 'loading' };
}

/** The newest posts, to open one for an update. */
function useRecentPosts(): BlogSummary[] | 'failed' | null {
  const [posts, setPosts] = useState<BlogSummary[] | 'failed' | null>(null);
  useEffect(() => {
    let active = true;
    readBlogPage(null).then(
      (page) => {
        if (active) setPosts(page.posts);
      },
      (error: unknown) => {
        console.error('blog_composer.list_failed', { error });
        if (active) setPosts('failed');
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return posts;
}

/** /editor/posts and /editor/posts/:id (docs/blog-composer.md): editors only (the /editor route's guard). */
export default function BlogComposerPage() {
  const { id } = useParams();
  const draft = useDraft(id);
  const recent = useRecentPosts();
  return (
    <Page
      title={COMPOSER_TAB_TITLE}
      heading={id === undefined ? 'Write a blog post' : 'Update a blog post'}
      lead="Write, preview exactly as readers will see it, then publish. The blog, its sitemap and RSS feed follow within minutes."
    >
      <div className="composer-layout">
        <div className="composer-layout__main">
          {draft.status === 'loading' ? <PageSpinner label="Loading post" /> : null}
          {draft.status === 'missing' ? (
            <Alert tone="error">
              There is no published post /blog/{id}. <Link to="/editor/posts">Write a new post</Link>.
            </Alert>
          ) : null}
          {draft.status === 'failed' ? (
            <Alert tone="error">The post could not be loaded. Reload the page to try again.</Alert>
          ) : null}
          {draft.status === 'ready' ? (
            <BlogComposer key={id ?? 'new'} initial={draft.form} existing={id !== undefined} />
          ) : null}
        </div>
        <nav className="composer-layout__side" aria-label="Recent posts">
          <h2 className="composer-recent__title">Recent posts</h2>
          {id !== undefined ? (
            <p>
              <Link to="/editor/posts">+ New post</Link>
            </p>
          ) : null}
          {recent === 'failed' ? <p>The list could not be loaded.</p> : null}
          {Array.isArray(recent) ? (
            <ul className="composer-recent">
              {recent.map((post) => (
                <li key={post.id}>
                  <Link to={`/editor/posts/${post.id}`} aria-current={post.id === id ? 'page' : undefined}>
                    {post.title || post.id}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
      </div>
    </Page>
  );
}
