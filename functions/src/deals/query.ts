// A model query spec (model/queries.ts) as an Admin SDK query: the server's reads of what the app reads with the
// web SDK (web/src/features/dashboard/api/deal-pages.ts toFirestoreQuery), the same clauses in the same order.
import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { DOCUMENT_ID_FIELD } from '@bargains/model/paths';
import type { QuerySpec } from '@bargains/model/queries';

const fieldPath = (field: string) => (field === DOCUMENT_ID_FIELD ? FieldPath.documentId() : field);

export function adminQuery(db: Firestore, spec: QuerySpec): Query {
  let query: Query = db.collection(spec.collection);
  for (const clause of spec.where) query = query.where(fieldPath(clause.field), clause.op, clause.value);
  for (const clause of spec.orderBy) query = query.orderBy(fieldPath(clause.field), clause.direction);
  return query.limit(spec.limit);
}
