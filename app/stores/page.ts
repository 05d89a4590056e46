/**
 * Paging for every list a store returns: a page of items and an opaque cursor
 * for the next one, ordered by (createdAt, id) so equal times still page in one
 * fixed order. A cursor that does not decode is refused as data, never thrown.
 */
export interface Page<T> {
  items: T[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

export interface PageQuery {
  /** A cursor from an earlier page's `next`; absent or null for the first page. */
  after?: string | null;
  /** At most this many items (clamped to 1…MAX_PAGE_SIZE). */
  limit: number;
}

export const MAX_PAGE_SIZE = 1000;

/** A cursor that was not made by us (edited, truncated, another list's): the caller answers 400. */
export interface BadCursor {
  ok: false;
  problem: "badCursor";
}

export type PageResult<T> = ({ ok: true } & Page<T>) | BadCursor;

/** The page size a store uses for a requested limit. */
export function pageSize(limit: number): number {
  return Math.min(Math.max(Math.trunc(Number.isFinite(limit) ? limit : 1), 1), MAX_PAGE_SIZE);
}
