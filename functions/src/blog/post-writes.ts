// The write half of publishing a post, for both writers (the ops command scripts/publish-post.ts and the
// composer's function handlers/write-blog-post.ts) and the demo posts of `npm run demo-data`: the post and its
// list summary in one batch, keeping the original publication date when none is requested; and unpublishing,
// which removes both. The blog function reads only these documents, so its pages, sitemap and feed follow
// within their cache times (blog/cache.ts).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { blogSummaryDoc, type BlogDoc } from '@bargains/model/blog';
import { blogDocPath, blogSummaryDocPath } from '@bargains/model/paths';
import { choosePublishedAt } from './post-document';

export interface StoredPost {
  path: string;
  /** False when the post is new. */
  existed: boolean;
  publishedAt: Date;
}

export async function storeBlogPost(
  db: Firestore,
  id: string,
  document: BlogDoc,
  dates: { requested: Date | undefined; now: Date },
): Promise<StoredPost> {
  const ref = db.doc(blogDocPath(id));
  const existing = await ref.get();
  const existingDate = existing.get('publishedAt');
  const publishedAt = choosePublishedAt(
    dates.requested,
    existingDate instanceof Timestamp ? existingDate.toDate() : undefined,
    dates.now,
  );
  const stored = {
    ...document,
    publishedAt: Timestamp.fromDate(publishedAt),
    updatedAt: Timestamp.fromDate(dates.now),
  };
  // The post and its list summary change together or not at all.
  await db
    .batch()
    .set(ref, stored)
    .set(db.doc(blogSummaryDocPath(id)), blogSummaryDoc(stored))
    .commit();
  return { path: ref.path, existed: existing.exists, publishedAt };
}

/** Removes a post and its summary together; false when there was no such post (nothing is written then). */
export async function unpublishBlogPost(db: Firestore, id: string): Promise<boolean> {
  const ref = db.doc(blogDocPath(id));
  return db.runTransaction(async (transaction) => {
    const [post, summary] = await transaction.getAll(ref, db.doc(blogSummaryDocPath(id)));
    if (!post?.exists && !summary?.exists) return false;
    transaction.delete(ref).delete(db.doc(blogSummaryDocPath(id)));
    return true;
  });
}
