// The blog's Firestore reads (Admin SDK). The list, the sitemap and the feed read the small summary
// documents (blog_summaries), never the posts' bodies; a post page reads its one document.
import { FieldPath, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { parseBlogPost, parseBlogSummary, type BlogPost, type BlogSummary } from '@bargains/model/blog';
import type { BlogCursor } from '@bargains/model/contracts/blog-island';
import { parseAll } from '@bargains/model/invalid-document';
import { blogDocPath, blogSummaryDocPath } from '@bargains/model/paths';
import { blogQuerySpec } from '@bargains/model/queries';

export interface BlogListPage {
  posts: BlogSummary[];
  /** Where the next page starts, or null when this page holds the last post. */
  next: BlogCursor | null;
}

function summariesNewestFirst(db: Firestore) {
  const spec = blogQuerySpec();
  return db
    .collection(spec.collection)
    .orderBy('publishedAt', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');
}

/**
 * One page of the list: the first, or the one after the post `afterId`. One summary more than a page is read
 * so the page knows whether a next one exists (no link to an empty page). `unknown-cursor` when `afterId`
 * names no post (deleted since the link was made).
 */
export async function readBlogListPage(
  db: Firestore,
  afterId: string | null,
): Promise<BlogListPage | 'unknown-cursor'> {
  const pageSize = blogQuerySpec().limit;
  let query = summariesNewestFirst(db);
  if (afterId !== null) {
    const cursor = await db.doc(blogSummaryDocPath(afterId)).get();
    const publishedAt: unknown = cursor.get('publishedAt');
    if (!cursor.exists || !(publishedAt instanceof Timestamp)) return 'unknown-cursor';
    query = query.startAfter(publishedAt, afterId);
  }
  const snapshot = await query.limit(pageSize + 1).get();
  const pageDocs = snapshot.docs.slice(0, pageSize);
  const last = pageDocs[pageDocs.length - 1];
  const lastPublished: unknown = last?.get('publishedAt');
  return {
    posts: parseAll(pageDocs, parseBlogSummary),
    next:
      snapshot.docs.length > pageSize && last && lastPublished instanceof Timestamp
        ? { id: last.id, publishedAt: lastPublished.toDate() }
        : null,
  };
}

/** The post, or null when it does not exist or its document is malformed. */
export async function readBlogPost(db: Firestore, id: string): Promise<BlogPost | null> {
  const snapshot = await db.doc(blogDocPath(id)).get();
  return snapshot.exists ? parseBlogPost(snapshot.id, snapshot.data()) : null;
}

/** Feeds list the newest posts; the sitemap every post (limit: Google reads at most 50,000 URLs per sitemap). */
export async function readBlogSummaries(db: Firestore, limit: number): Promise<BlogSummary[]> {
  const snapshot = await summariesNewestFirst(db).limit(limit).get();
  return parseAll(snapshot.docs, parseBlogSummary);
}
