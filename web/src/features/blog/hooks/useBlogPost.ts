import { useEffect, useMemo, useState } from 'react';
import type { BlogPost } from '@bargains/model/blog';
import { readBlogPost } from '../api/blog-reads';
import { startFirstRead, takeFirstRead } from '../api/first-read';
import { blogIslandFor } from '../api/island';

const postKey = (id: string) => `blog:post:${id}`;

export type BlogPostState =
  { status: 'loading' } | { status: 'found'; post: BlogPost } | { status: 'not-found' };

/** What the server rendered for this post, when the loaded page was it. */
function serverPostState(id: string): BlogPostState | null {
  const island = blogIslandFor(`/blog/${id}`);
  if (island?.page === 'post' && island.post.id === id) return { status: 'found', post: island.post };
  if (island?.page === 'not-found') return { status: 'not-found' };
  return null;
}

/** Starts reading a post before its page renders (route preloading), unless the server sent it. */
export function prefetchBlogPost(id: string): void {
  if (serverPostState(id)) return;
  startFirstRead(postKey(id), () => readBlogPost(id));
}

/** One post by id; a missing post and a failed read both end in 'not-found' (docs/reference.md#blog). */
export function useBlogPost(id: string): BlogPostState {
  const fromServer = useMemo(() => serverPostState(id), [id]);
  const [result, setResult] = useState<{ id: string; state: BlogPostState } | null>(null);

  useEffect(() => {
    if (fromServer) return;
    let active = true;
    takeFirstRead(postKey(id), () => readBlogPost(id)).then(
      (post) => {
        if (active) setResult({ id, state: post ? { status: 'found', post } : { status: 'not-found' } });
      },
      (error: unknown) => {
        console.error('blog.post_load_failed: showing the not-found view', { id, error });
        if (active) setResult({ id, state: { status: 'not-found' } });
      },
    );
    return () => {
      active = false;
    };
  }, [id, fromServer]);

  if (fromServer) return fromServer;
  // A result for a previous id (navigating between posts) is not shown for the new one.
  return result && result.id === id ? result.state : { status: 'loading' };
}
