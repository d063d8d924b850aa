// Checks query specs against firestore.indexes.json the way production Firestore plans queries. The
// emulator runs any query without an index, so this is the only local guard against a query that would fail
// in production with FAILED_PRECONDITION ("The query requires an index").
//
// Production rules modelled here:
//  - A query's effective order is its explicit orderBy, then every range-filtered field it does not mention
//    (in field-path order), then the document id; implicit entries take the last explicit direction.
//  - Without equality filters, an order on one field (plus the document id in the same direction) is served
//    by the automatic single-field index. Equality-only queries are served by merging single-field indexes.
//  - Anything else needs a composite index whose fields are the equality fields (any order, any direction;
//    '==', 'in', and 'array-contains', which needs the field with arrayConfig CONTAINS) followed by the effective order, field by field with the same directions. The index's own trailing
//    document id takes the direction of its last field unless the index lists `__name__` itself.
//  - A single-field index exemption (fieldOverrides) can switch the automatic index off. The same entries carry
//    TTL policies (`ttl: true`); a TTL does not change how queries are served.
import { z } from 'zod';
import { DOCUMENT_ID_FIELD } from '@bargains/model/paths';
import type { OrderClause, QuerySpec, SortDirection } from '@bargains/model/queries';

const indexFieldSchema = z.object({
  fieldPath: z.string(),
  order: z.enum(['ASCENDING', 'DESCENDING']).optional(),
  arrayConfig: z.literal('CONTAINS').optional(),
});

const compositeIndexSchema = z.object({
  collectionGroup: z.string(),
  queryScope: z.enum(['COLLECTION', 'COLLECTION_GROUP']),
  fields: z.array(indexFieldSchema).min(1),
});

const fieldOverrideSchema = z.object({
  collectionGroup: z.string(),
  fieldPath: z.string(),
  /** A TTL policy on this (timestamp) field: Firestore deletes documents some time after it passes. */
  ttl: z.boolean().optional(),
  indexes: z.array(
    z.object({
      order: z.enum(['ASCENDING', 'DESCENDING']).optional(),
      arrayConfig: z.literal('CONTAINS').optional(),
      queryScope: z.enum(['COLLECTION', 'COLLECTION_GROUP']),
    }),
  ),
});

export const indexesFileSchema = z.object({
  indexes: z.array(compositeIndexSchema),
  fieldOverrides: z.array(fieldOverrideSchema).default([]),
});

export type IndexesFile = z.infer<typeof indexesFileSchema>;
export type CompositeIndex = z.infer<typeof compositeIndexSchema>;

export type IndexCoverage =
  | { kind: 'single-field'; field: string }
  | { kind: 'merged-single-field' }
  | { kind: 'composite'; index: CompositeIndex }
  | { kind: 'missing'; needed: string };

const RANGE_OPERATORS = new Set(['<', '<=', '>', '>=']);

/** The last segment of a collection path is the collection group an index names. */
export function collectionGroupOf(collectionPath: string): string {
  const segments = collectionPath.split('/');
  return segments[segments.length - 1] ?? collectionPath;
}

/** Equality-like filters: '==', 'in' (one equality per value) and 'array-contains' (served by a CONTAINS field). */
const EQUALITY_OPERATORS = new Set(['==', 'in', 'array-contains']);

export function equalityFields(spec: QuerySpec): string[] {
  return [
    ...new Set(
      spec.where.filter((clause) => EQUALITY_OPERATORS.has(clause.op)).map((clause) => clause.field),
    ),
  ];
}

function arrayContainsFields(spec: QuerySpec): Set<string> {
  return new Set(spec.where.filter((clause) => clause.op === 'array-contains').map((clause) => clause.field));
}

export function rangeFields(spec: QuerySpec): string[] {
  return [
    ...new Set(spec.where.filter((clause) => RANGE_OPERATORS.has(clause.op)).map((clause) => clause.field)),
  ];
}

/** The order production Firestore applies to the query (see the rules at the top of this file). */
export function effectiveOrderBy(spec: QuerySpec): OrderClause[] {
  const order = [...spec.orderBy];
  const mentioned = new Set(order.map((clause) => clause.field));
  const lastDirection: SortDirection = order[order.length - 1]?.direction ?? 'asc';
  for (const field of rangeFields(spec).sort()) {
    if (!mentioned.has(field) && field !== DOCUMENT_ID_FIELD) order.push({ field, direction: lastDirection });
  }
  if (!mentioned.has(DOCUMENT_ID_FIELD)) order.push({ field: DOCUMENT_ID_FIELD, direction: lastDirection });
  return order;
}

const toIndexOrder = (direction: SortDirection) => (direction === 'asc' ? 'ASCENDING' : 'DESCENDING');

function describeNeededIndex(spec: QuerySpec): string {
  const contains = arrayContainsFields(spec);
  const fields = [
    ...equalityFields(spec).map((field) => `${field} ${contains.has(field) ? 'CONTAINS' : 'ASCENDING'}`),
    ...effectiveOrderBy(spec).map((clause) => `${clause.field} ${toIndexOrder(clause.direction)}`),
  ];
  return `${collectionGroupOf(spec.collection)} (COLLECTION): ${fields.join(', ')}`;
}

/** Does this composite index serve the query? */
export function compositeIndexServes(index: CompositeIndex, spec: QuerySpec): boolean {
  if (index.queryScope !== 'COLLECTION' || index.collectionGroup !== collectionGroupOf(spec.collection))
    return false;
  const equalities = equalityFields(spec);
  const contains = arrayContainsFields(spec);
  // An array-contains filter needs its field as CONTAINS; every other index field needs an order.
  const fieldFits = (field: CompositeIndex['fields'][number], i: number) =>
    i < equalities.length && contains.has(field.fieldPath)
      ? field.arrayConfig === 'CONTAINS'
      : field.arrayConfig === undefined && field.order !== undefined;
  if (!index.fields.every(fieldFits)) return false;
  const order = effectiveOrderBy(spec);
  const indexFields = index.fields.map((field) => ({
    field: field.fieldPath,
    direction: field.order === 'ASCENDING' ? ('asc' as const) : ('desc' as const),
  }));
  const lastIndexField = indexFields[indexFields.length - 1];
  if (lastIndexField && lastIndexField.field !== DOCUMENT_ID_FIELD) {
    indexFields.push({ field: DOCUMENT_ID_FIELD, direction: lastIndexField.direction });
  }
  const prefix = indexFields.slice(0, equalities.length).map((field) => field.field);
  if (prefix.length !== equalities.length || !equalities.every((field) => prefix.includes(field)))
    return false;
  const rest = indexFields.slice(equalities.length);
  return (
    rest.length === order.length &&
    rest.every((field, i) => field.field === order[i]?.field && field.direction === order[i]?.direction)
  );
}

function singleFieldIndexExempted(file: IndexesFile, collectionGroup: string, clause: OrderClause): boolean {
  const override = file.fieldOverrides.find(
    (candidate) => candidate.collectionGroup === collectionGroup && candidate.fieldPath === clause.field,
  );
  if (!override) return false;
  return !override.indexes.some(
    (index) => index.queryScope === 'COLLECTION' && index.order === toIndexOrder(clause.direction),
  );
}

/** How production Firestore would serve the query with these indexes, or what index is missing. */
export function indexCoverage(spec: QuerySpec, file: IndexesFile): IndexCoverage {
  const collectionGroup = collectionGroupOf(spec.collection);
  const equalities = equalityFields(spec);
  const order = effectiveOrderBy(spec);
  const orderedFields = order.filter((clause) => clause.field !== DOCUMENT_ID_FIELD);
  const idOrder = order.find((clause) => clause.field === DOCUMENT_ID_FIELD);

  if (equalities.length === 0 && orderedFields.length === 1) {
    const [only] = orderedFields;
    if (
      only &&
      idOrder?.direction === only.direction &&
      !singleFieldIndexExempted(file, collectionGroup, only)
    ) {
      return { kind: 'single-field', field: only.field };
    }
  }
  if (orderedFields.length === 0 && idOrder?.direction === 'asc') return { kind: 'merged-single-field' };

  const index = file.indexes.find((candidate) => compositeIndexServes(candidate, spec));
  return index ? { kind: 'composite', index } : { kind: 'missing', needed: describeNeededIndex(spec) };
}
