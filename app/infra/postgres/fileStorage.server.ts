/**
 * PostgreSQL: the bytes of stored files (app/stores/fileStorage.ts) in the table
 * `file_blobs`, beside their records, so every process serves every photo. A
 * put is one statement (a reader sees the old row or the new, never a mix); the
 * files store (communityStores.server.ts) deletes a record's blobs in the
 * transaction that deletes the record, so `remove` mostly finds nothing, and
 * says nothing about it.
 */
import { assertFileName, isFileName, type FileStorage } from "~/stores/fileStorage";
import type { Pg, Sql } from "./database.server";

/** `bytea` parameters go as Buffers: a view on the caller's bytes, no copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Deletes the blobs under these names on `sql` (inside the caller's transaction). */
export async function removeBlobs(sql: Sql, names: string[]): Promise<void> {
  if (names.length > 0) await sql.run("DELETE FROM file_blobs WHERE name = ANY($1::text[])", [names]);
}

export function pgFileStorage(db: Pg): FileStorage {
  return {
    async put(name, bytes) {
      assertFileName(name);
      await db.run(
        `INSERT INTO file_blobs (name, bytes, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET bytes = excluded.bytes, created_at = excluded.created_at`,
        [name, asBuffer(bytes), Date.now()],
      );
    },
    async read(name) {
      if (!isFileName(name)) return null;
      const row = await db.row<{ bytes: Buffer }>("SELECT bytes FROM file_blobs WHERE name = $1", [name]);
      return row ? row.bytes : null;
    },
    async remove(name) {
      assertFileName(name);
      await removeBlobs(db, [name]);
    },
  };
}
