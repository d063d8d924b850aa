// The blog's Firestore reads, with Firestore Lite and the query code loaded on the first read instead of with the
// page: a page the server rendered takes over from its island and reads nothing until the reader asks for more
// posts or opens another one, so the takeover does not evaluate ~80 KB of SDK it does not use.
import type { BlogPost } from '@bargains/model/blog';
import type { BlogCursor } from '@bargains/model/contracts/blog-island';
import type { BlogPage } from './blog-posts';

async function blogReads() {
  const [reads, { liteDb }] = await Promise.all([import('./blog-posts'), import('@/lib/firestore-lite')]);
  return { reads, liteDb };
}

export async function readBlogPage(cursor: BlogCursor | null): Promise<BlogPage> {
  const { reads, liteDb } = await blogReads();
  return reads.fetchBlogPage(liteDb, cursor);
}

export async function readBlogPost(id: string): Promise<BlogPost | null> {
  const { reads, liteDb } = await blogReads();
  return reads.fetchBlogPost(liteDb, id);
}
