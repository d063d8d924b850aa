import { useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/Spinner';
import { BlogArticle } from '../components/BlogArticle';
import { BlogNotFound } from '../components/BlogNotFound';
import { prefetchBlogPost, useBlogPost } from '../hooks/useBlogPost';
import '../blog.css';

/** Route preloading starts the post's read while the auth check runs (src/app/routes.tsx). */
export function prefetch(params: { id?: string }): void {
  if (params.id !== undefined) prefetchBlogPost(params.id);
}

/** /blog/:id (docs/reference.md#blog). */
export default function BlogPostPage() {
  const { id = '' } = useParams();
  const state = useBlogPost(id);
  if (state.status === 'loading') return <PageSpinner label="Loading post" />;
  if (state.status === 'not-found') return <BlogNotFound />;
  return <BlogArticle post={state.post} />;
}
