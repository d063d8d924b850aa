// The blog pages rendered on the server (the render_blog function imports this module's build,
// functions/web-render/render-blog.mjs, written by `vite build`). The same components as the app, in the site
// frame as it is before the first auth check, so the app's takeover changes nothing the reader sees.
import type { ReactNode } from 'react';
import { loadedBlogListState } from '@/features/blog/lib/blog-list-state';
import { BlogArticle } from '@/features/blog/components/BlogArticle';
import { BlogListView } from '@/features/blog/components/BlogList';
import { BlogNotFound } from '@/features/blog/components/BlogNotFound';
import type { BlogPageRenderer, RenderedBlogPage } from '@bargains/model/contracts/blog-island';
import { renderInSiteChrome } from './site-chrome-markup';

function render(path: string, page: ReactNode): RenderedBlogPage {
  const { html, title } = renderInSiteChrome(path, page);
  // React puts preload links for the page's eager images before the markup; the function writes the one that
  // matters (the cover, with high priority) into the head itself, so these would only compete with it.
  return {
    html: html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, ''),
    title: title ?? 'Bargains',
  };
}

export const renderList: BlogPageRenderer['renderList'] = ({ path, posts, next }) => {
  const { status, cursor } = loadedBlogListState(posts, next);
  return render(path, <BlogListView posts={posts} status={status} cursor={cursor} />);
};

export const renderPost: BlogPageRenderer['renderPost'] = ({ path, post, preparedBody }) =>
  render(path, <BlogArticle post={post} preparedBody={preparedBody} />);

export const renderNotFound: BlogPageRenderer['renderNotFound'] = ({ path }) =>
  render(path, <BlogNotFound />);
