/**
 * Opaque paging cursors on (createdAt, id). A cursor names a position in one
 * list (its scope) and carries a checksum, so an edited, truncated or borrowed
 * cursor decodes to null and the caller refuses it (400), never a 500. It is
 * not a secret: a position grants nothing a first page does not.
 */
import { createHash } from "node:crypto";
import type { PageResult } from "./page";

export interface CursorPosition {
  createdAt: number;
  id: string;
}

const VERSION = "c1";
const MAX_CURSOR_LENGTH = 512;

const checksum = (scope: string, payload: string) =>
  createHash("sha256").update(`${VERSION}\0${scope}\0${payload}`).digest("base64url").slice(0, 16);

export function encodeCursor(scope: string, position: CursorPosition): string {
  const payload = Buffer.from(JSON.stringify([position.createdAt, position.id])).toString("base64url");
  return `${VERSION}.${payload}.${checksum(scope, payload)}`;
}

/** The position, or null when the cursor is not one this scope made. */
export function decodeCursor(scope: string, cursor: string): CursorPosition | null {
  if (typeof cursor !== "string" || cursor.length > MAX_CURSOR_LENGTH) return null;
  const parts = cursor.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload, sum] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || sum !== checksum(scope, payload)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== "number" || !Number.isSafeInteger(createdAt)) return null;
  if (typeof id !== "string" || id.length === 0 || id.length > 256) return null;
  return { createdAt, id };
}

/** A page from `size + 1` rows: the items, and the cursor of the last one when there are more. */
export function pageOf<Row, Item>(
  rows: Row[],
  size: number,
  scope: string,
  map: (row: Row) => Item,
  position: (item: Item) => CursorPosition,
): PageResult<Item> {
  const items = rows.slice(0, size).map(map);
  const last = items[items.length - 1];
  return { ok: true, items, next: rows.length > size && last ? encodeCursor(scope, position(last)) : null };
}
