/**
 * The PostgreSQL implementation of every store (app/stores), chosen by
 * DATABASE_URL: several server processes share one database, so everything a
 * process would otherwise keep to itself (counters, leases, file bytes) is here
 * too. Its SQL lives in this folder (SQLite's in app/infra/sqlite).
 */
import type { SmsOutbox } from "~/infra/sms/sender.server";
import type { FileStorage } from "~/stores/fileStorage";
import type { Stores } from "~/stores/stores";
import {
  createPg,
  databaseAnswers,
  DatabaseUrlError,
  migrate,
  MigrationError,
  readChangeMark,
  redactedUrl,
  type Pg,
  type PoolOptions,
} from "./database.server";
import { pgFileStorage } from "./fileStorage.server";
import { pgLeaseStore } from "./leaseStore.server";
import { pgReminderStore } from "./reminderStore.server";
import { pgKitChecklistStore } from "./kitChecklistStore.server";
import { pgMemberScreen } from "./memberScreen.server";
import { pgOutbox } from "./outbox.server";
import { pgCommentsStore, pgFeedsStore, pgFilesStore, pgLikesStore, pgReportsStore } from "./communityStores.server";
import { pgContentStores } from "./contentStores.server";
import { pgIdentityStores } from "./identityStores.server";
import { pgSsoStore } from "./ssoStore.server";

/** The stores over a pool; `close` ends the pool. */
export function postgresStores(db: Pg): Stores {
  return {
    ...pgIdentityStores(db),
    feeds: pgFeedsStore(db),
    comments: pgCommentsStore(db),
    likes: pgLikesStore(db),
    reports: pgReportsStore(db),
    files: pgFilesStore(db),
    ...pgContentStores(db),
    sso: pgSsoStore(db),
    leases: pgLeaseStore(db),
    reminders: pgReminderStore(db),
    kitChecklists: pgKitChecklistStore(db),
    async changeMark() {
      // One row that every committed change moves (database.server.ts: markChange; decision 0074).
      return readChangeMark(db);
    },
    async memberScreen(uid, now) {
      return pgMemberScreen(db, uid, now);
    },
    async ping() {
      return databaseAnswers(db);
    },
    async close() {
      await db.close();
    },
  };
}

/** Opens a pool on the URL, brings the schema up to date and returns the stores (openPostgresStorage's). */
export async function openPostgresStores(url: string, options: PoolOptions = {}): Promise<Stores> {
  return (await openPostgresStorage(url, options)).stores;
}

/**
 * The server's storage on DATABASE_URL: the stores, the bytes of stored files and local mode's text outbox over one
 * pool, the schema brought
 * up to date. A database that does not answer (within the pool's connection timeout) stops start-up with a message
 * naming DATABASE_URL and its host, never its password.
 */
export async function openPostgresStorage(
  url: string,
  options: PoolOptions = {},
): Promise<{ stores: Stores; files: FileStorage; outbox: SmsOutbox }> {
  const db = createPg(url, options);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    if (error instanceof MigrationError) throw error;
    const password = new URL(url).password;
    let reason = error instanceof Error ? error.message : String(error);
    // A driver's message names the host and the user; this makes sure it never carries the password either.
    if (password) reason = reason.split(password).join("***").split(decodeURIComponent(password)).join("***");
    throw new DatabaseUrlError(`DATABASE_URL: the database at ${redactedUrl(url)} does not answer: ${reason}`);
  }
  return { stores: postgresStores(db), files: pgFileStorage(db), outbox: pgOutbox(db) };
}
