// Blog reads. Blog pages are public and one-shot, so they use Firestore Lite (REST, no listeners or cache)
// instead of the full SDK. The query shape comes from the shared model (blogQuerySpec); the list reads the
// small summary documents, a post page its one full document.
import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import {
  isPossibleBlogId,
  parseBlogPost,
  parseBlogSummary,
  type BlogPost,
  type BlogSummary,
} from '@bargains/model/blog';
import type { BlogCursor } from '@bargains/model/contracts/blog-island';
import { parseAll } from '@bargains/model/invalid-document';
import { blogDocPath, DOCUMENT_ID_FIELD } from '@bargains/model/paths';
import { blogQuerySpec } from '@bargains/model/queries';

export interface BlogPage {
  posts: BlogSummary[];
  /** null when the page came back empty: the list is complete. */
  cursor: BlogCursor | null;
}

const fieldPath = (field: string) => (field === DOCUMENT_ID_FIELD ? documentId() : field);

export async function fetchBlogPage(db: Firestore, cursor: BlogCursor | null): Promise<BlogPage> {
  const spec = blogQuerySpec();
  const constraints: QueryConstraint[] = spec.orderBy.map((clause) =>
    orderBy(fieldPath(clause.field), clause.direction),
  );
  if (cursor) constraints.push(startAfter(Timestamp.fromDate(cursor.publishedAt), cursor.id));
  constraints.push(limit(spec.limit));
  const snapshot = await getDocs(query(collection(db, spec.collection), ...constraints));
  const posts = parseAll(snapshot.docs, parseBlogSummary);
  const last = snapshot.docs[snapshot.docs.length - 1];
  const lastPublished: unknown = last?.get('publishedAt');
  return {
    posts,
    cursor:
      last && lastPublished instanceof Timestamp
        ? { id: last.id, publishedAt: lastPublished.toDate() }
        : null,
  };
}

/** One post, or null when it does not exist or its document is malformed. */
export async function fetchBlogPost(db: Firestore, id: string): Promise<BlogPost | null> {
  if (!isPossibleBlogId(id)) return null;
  const snapshot = await getDoc(doc(db, blogDocPath(id)));
  return snapshot.exists() ? parseBlogPost(snapshot.id, snapshot.data()) : null;
}
