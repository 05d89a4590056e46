/**
 * How the stores of both implementations (app/infra/sqlite, app/infra/postgres) keep the same records in the
 * same rows: one place per store for mapping rows to the ports' records and for the decisions made in code, so
 * SQLite and PostgreSQL differ only in their SQL. This file: the page of a keyset list for a query.
 */
import { pageSize, type PageQuery, type PageResult } from "~/stores/page";

/**
 * A keyset list's page for a query: the first page, or the one after the query's cursor (`decode` gives its
 * position, null for a cursor this list did not make: refused as data). `read` reads at most `limit` rows from
 * the position (null: from the start); `page` makes the page of `size` items of them.
 */
export async function keysetPage<Position, Row, Item>(
  { after, limit }: PageQuery,
  decode: (after: string) => Position | null,
  read: (position: Position | null, limit: number) => Row[] | Promise<Row[]>,
  page: (rows: Row[], size: number) => PageResult<Item>,
): Promise<PageResult<Item>> {
  const size = pageSize(limit);
  let position: Position | null = null;
  if (after !== undefined && after !== null) {
    position = decode(after);
    if (!position) return { ok: false, problem: "badCursor" };
  }
  return page(await read(position, size + 1), size);
}
