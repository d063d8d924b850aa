// The write half of publishing a post (scripts/publish-post.ts, and the demo posts of `npm run demo-data`): the
// post and its list summary, in one batch, keeping the original publication date when none is requested.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { blogSummaryDoc, type BlogDoc } from '../../functions/src/model/blog';
import { blogDocPath, blogSummaryDocPath } from '../../functions/src/model/paths';
import { choosePublishedAt } from './publish';

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
