// Translates the model's deal query spec (pure data) into Firestore SDK calls and reads one page.
import {
  collection,
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { parseDeal, type Deal } from '@model/deal';
import { parseAll } from '@model/invalid-document';
import { DOCUMENT_ID_FIELD } from '@model/paths';
import { dealQuerySpec, type DealFilter, type DealSort, type QuerySpec } from '@model/queries';

export type DealCursor = QueryDocumentSnapshot<DocumentData>;

export interface DealPage {
  deals: Deal[];
  /** Documents returned, counting malformed ones that were dropped: a full page means more may follow. */
  size: number;
  /** The last document of the page (startAfter for the next one); null when the page was empty. */
  cursor: DealCursor | null;
}

export interface DealPageRequest {
  filter: DealFilter;
  sort: DealSort;
  /** The instant the listing started; every page of one listing uses the same live window. */
  now: Date;
  cursor: DealCursor | null;
}

const fieldPath = (field: string) => (field === DOCUMENT_ID_FIELD ? documentId() : field);

export function toFirestoreQuery(
  db: Firestore,
  spec: QuerySpec,
  cursor: DealCursor | null,
): Query<DocumentData> {
  const constraints: QueryConstraint[] = [
    ...spec.where.map((clause) => where(fieldPath(clause.field), clause.op, clause.value)),
    ...spec.orderBy.map((clause) => orderBy(fieldPath(clause.field), clause.direction)),
  ];
  // startAfter(snapshot) resumes from the snapshot's own sort values: nothing is read twice.
  if (cursor) constraints.push(startAfter(cursor));
  constraints.push(limit(spec.limit));
  return query(collection(db, spec.collection), ...constraints);
}

export async function fetchDealPage(db: Firestore, request: DealPageRequest): Promise<DealPage> {
  const spec = dealQuerySpec(request.filter, request.sort, request.now);
  const snapshot = await getDocs(toFirestoreQuery(db, spec, request.cursor));
  return {
    deals: parseAll(snapshot.docs, parseDeal),
    size: snapshot.size,
    cursor: snapshot.docs[snapshot.docs.length - 1] ?? null,
  };
}
