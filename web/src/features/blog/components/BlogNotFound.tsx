import { ButtonLink } from '@/components/Button';
import { useDocumentTitle } from '@/components/layout/Page';

/** A missing post and a failed read look the same (docs/reference.md#blog). */
export function BlogNotFound() {
  useDocumentTitle('Blog post not found');
  return (
    <div className="page page--narrow blog-not-found">
      <h1 className="page__title">Blog post not found</h1>
      <p className="page__lead">The blog post you&apos;re looking for doesn&apos;t exist.</p>
      <ButtonLink to="/blog" variant="secondary">
        Back to the blog
      </ButtonLink>
    </div>
  );
}
