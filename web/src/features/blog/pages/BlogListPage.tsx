import { useWhenVisible } from '@/hooks/useWhenVisible';
import { BlogListView } from '../components/BlogList';
import { prefetchFirstBlogPage, useBlogList } from '../hooks/useBlogList';
import { canLoadMore } from '../lib/blog-list-state';
import '../blog.css';

/** Route preloading starts the first page's read while the auth check runs (src/app/routes.tsx). */
export const prefetch = prefetchFirstBlogPage;

/** /blog: the server's page when the browser loaded it, then more as the reader scrolls (docs/reference.md#blog). */
export default function BlogListPage() {
  const list = useBlogList();
  const sentinel = useWhenVisible(list.loadMore, canLoadMore(list));
  return <BlogListView posts={list.posts} status={list.status} cursor={list.cursor} sentinel={sentinel} />;
}
