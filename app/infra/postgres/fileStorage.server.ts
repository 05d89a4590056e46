/** PostgreSQL: the bytes of stored files (app/stores/fileStorage.ts) in a blob table beside their records. */
import type { FileStorage } from "~/stores/fileStorage";
import type { Pg } from "./database.server";
import { notBuilt } from "./notBuilt.server";

export function pgFileStorage(_db: Pg): FileStorage {
  return notBuilt("fileStorage");
}
