// The infinite-scroll rules (docs/reference.md#deals) as pure functions, so the conditions are tested on their own.
import { DEAL_PAGE_SIZE } from '@bargains/model/queries';

export interface NextPageConditions {
  /** Documents the last page query returned (before malformed ones were dropped). */
  lastPageSize: number;
  isLoading: boolean;
  hasCursor: boolean;
  pageSize?: number;
}

/** A further page is requested only after a full page, while nothing is loading, from an existing cursor. */
export function canLoadNextPage({
  lastPageSize,
  isLoading,
  hasCursor,
  pageSize = DEAL_PAGE_SIZE,
}: NextPageConditions): boolean {
  return lastPageSize >= pageSize && !isLoading && hasCursor;
}

/** Appends the items whose id is not listed yet; the first occurrence wins, also within `incoming`. */
export function appendUniqueById<T extends { id: string }>(
  existing: readonly T[],
  incoming: readonly T[],
): T[] {
  const seen = new Set(existing.map((item) => item.id));
  const merged = [...existing];
  for (const item of incoming) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}
