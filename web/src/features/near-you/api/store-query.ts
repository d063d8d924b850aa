// A model query spec (model/queries.ts) as a Firestore Lite query, for the Near you reads.
import {
  collection,
  documentId,
  type DocumentData,
  type Firestore,
  limit,
  orderBy,
  query,
  type Query,
  where,
} from 'firebase/firestore/lite';
import { DOCUMENT_ID_FIELD } from '@bargains/model/paths';
import type { QuerySpec } from '@bargains/model/queries';

const fieldPath = (field: string) => (field === DOCUMENT_ID_FIELD ? documentId() : field);

export function toFirestoreQuery(db: Firestore, spec: QuerySpec): Query<DocumentData> {
  return query(
    collection(db, spec.collection),
    ...spec.where.map((clause) => where(fieldPath(clause.field), clause.op, clause.value)),
    ...spec.orderBy.map((clause) => orderBy(fieldPath(clause.field), clause.direction)),
    limit(spec.limit),
  );
}
