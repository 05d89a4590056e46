/**
 * How the stores of both implementations (app/infra/sqlite, app/infra/postgres) keep the same records in the
 * same rows: one place per store for mapping rows to the ports' records and for the decisions made in code, so
 * SQLite and PostgreSQL differ only in their SQL. This file: a page of a keyset list.
 */
import { encodeCursor, type CursorPosition } from "~/stores/cursor.server";
import type { PageResult } from "~/stores/page";

/**
 * The page of `size` items from rows read with `LIMIT size + 1`: the extra row only says that there is a next
 * page, whose cursor names the last item's position in `scope`.
 */
export function pageOf<Row, Item>(
  rows: readonly Row[],
  size: number,
  itemOf: (row: Row) => Item,
  scope: string,
  positionOf: (item: Item) => CursorPosition,
): PageResult<Item> {
  const items = rows.slice(0, size).map(itemOf);
  const last = items[items.length - 1];
  const next = rows.length > size && last !== undefined ? encodeCursor(scope, positionOf(last)) : null;
  return { ok: true, items, next };
}
