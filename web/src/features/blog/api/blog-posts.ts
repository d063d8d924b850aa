// Blog reads. Blog pages are public and one-shot, so they use Firestore Lite (REST, no listeners or cache)
// instead of the full SDK. The query shape comes from the shared model (blogQuerySpec).
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
  type DocumentData,
  type Firestore,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { parseBlogPost, type BlogPost } from '@model/blog';
import { parseAll } from '@model/invalid-document';
import { blogDocPath, DOCUMENT_ID_FIELD } from '@model/paths';
import { blogQuerySpec } from '@model/queries';

/** The last document of a page: the next page starts after its publishedAt (and id, for equal dates). */
export type BlogCursor = QueryDocumentSnapshot<DocumentData>;

export interface BlogPage {
  posts: BlogPost[];
  /** null when the page came back empty: the list is complete. */
  cursor: BlogCursor | null;
}

const fieldPath = (field: string) => (field === DOCUMENT_ID_FIELD ? documentId() : field);

export async function fetchBlogPage(db: Firestore, cursor: BlogCursor | null): Promise<BlogPage> {
  const spec = blogQuerySpec();
  const constraints: QueryConstraint[] = spec.orderBy.map((clause) =>
    orderBy(fieldPath(clause.field), clause.direction),
  );
  if (cursor) constraints.push(startAfter(cursor));
  constraints.push(limit(spec.limit));
  const snapshot = await getDocs(query(collection(db, spec.collection), ...constraints));
  return {
    posts: parseAll(snapshot.docs, parseBlogPost),
    cursor: snapshot.docs[snapshot.docs.length - 1] ?? null,
  };
}

/** Firestore ids cannot contain '/' or be '.' / '..'; such a URL segment names no post (and must not become a path). */
function isPossibleBlogId(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..' && !id.includes('/') && id.length <= 1500;
}

/** One post, or null when it does not exist or its document is malformed. */
export async function fetchBlogPost(db: Firestore, id: string): Promise<BlogPost | null> {
  if (!isPossibleBlogId(id)) return null;
  const snapshot = await getDoc(doc(db, blogDocPath(id)));
  return snapshot.exists() ? parseBlogPost(snapshot.id, snapshot.data()) : null;
}
