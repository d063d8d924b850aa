import { useEffect, useState } from 'react';
import type { BlogPost } from '@model/blog';
import { liteDb } from '@/lib/firestore-lite';
import { fetchBlogPost } from '../api/blog-posts';
import { startFirstRead, takeFirstRead } from '../api/first-read';

const postKey = (id: string) => `blog:post:${id}`;

/** Starts reading a post before its page renders (route preloading). */
export function prefetchBlogPost(id: string): void {
  startFirstRead(postKey(id), () => fetchBlogPost(liteDb, id));
}

export type BlogPostState =
  { status: 'loading' } | { status: 'found'; post: BlogPost } | { status: 'not-found' };

/** One post by id; a missing post and a failed read both end in 'not-found' (spec §8). */
export function useBlogPost(id: string): BlogPostState {
  const [result, setResult] = useState<{ id: string; state: BlogPostState } | null>(null);

  useEffect(() => {
    let active = true;
    takeFirstRead(postKey(id), () => fetchBlogPost(liteDb, id)).then(
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
  }, [id]);

  // A result for a previous id (navigating between posts) is not shown for the new one.
  return result && result.id === id ? result.state : { status: 'loading' };
}
