/**
 * Where a deployment keeps its state, opened from the configuration: PostgreSQL on DATABASE_URL, else SQLite and
 * a folder in DATA_DIR. Apart from the composition root (services.server.ts) so the command-line tools
 * (`npm run content`, `sso:client`, `db:copy`) open the same storage without loading what only a server needs
 * (the OpenID provider above all).
 */
import path from "node:path";
import type { Config } from "~/infra/config.server";
import { log as defaultLog } from "~/infra/log.server";
import { localFileStorage } from "~/infra/localFiles.server";
import { openPostgresStorage } from "~/infra/postgres/stores.server";
import { fileOutbox, type SmsOutbox } from "~/infra/sms/sender.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { FileStorage } from "~/stores/fileStorage";
import type { Stores } from "~/stores/stores";

/** The SQLite file of a data directory. */
export const databaseFileOf = (config: Config) => path.join(config.DATA_DIR, "klife.sqlite");

/** The folder of a data directory where local mode keeps the photos' bytes (localFileStorage). */
export const filesDirOf = (config: Config) => path.join(config.DATA_DIR, "files");

/** Where a deployment keeps its state: the stores, the bytes of stored files (members' photos), local mode's texts. */
export interface Storage {
  stores: Stores;
  files: FileStorage;
  outbox: SmsOutbox;
}

/**
 * The storage of the configuration: PostgreSQL on DATABASE_URL (shared by every process pointing at it, the schema
 * migrated at open), else one SQLite file and a folder of files in DATA_DIR.
 */
export async function openStorage(
  config: Config,
  log = (message: string) => defaultLog.info("services", { message }),
): Promise<Storage> {
  if (config.DATABASE_URL) {
    return openPostgresStorage(config.DATABASE_URL, {
      max: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      // A connection the database closed while idle (a restart, a fail-over): the pool makes a new one.
      onError: (error) => log(`database: an idle connection ended: ${error.message}`),
    });
  }
  return {
    stores: openSqliteStores(databaseFileOf(config)),
    files: localFileStorage(path.join(config.DATA_DIR, "files")),
    outbox: fileOutbox(config.DATA_DIR),
  };
}

/** The stores of the configuration (scripts that need no file bytes). */
export async function openStores(config: Config): Promise<Stores> {
  return (await openStorage(config)).stores;
}
