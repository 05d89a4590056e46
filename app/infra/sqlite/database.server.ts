/**
 * The SQLite database of local mode: one file under the data directory, opened
 * with the durability settings the design notes fix, and brought up to the
 * newest schema with versioned migrations at start.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations as appMigrations, type Migration } from "~/infra/sqlite/migrations.server";

export type Db = Database.Database;

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Applies every migration newer than the file's `user_version`, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[] = appMigrations): number {
  const versions = migrations.map((m) => m.version);
  versions.forEach((v, i) => {
    if (!Number.isInteger(v) || v !== i + 1) {
      throw new MigrationError(`migration versions must be 1, 2, 3, …; found ${v} at position ${i + 1}`);
    }
  });
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > migrations.length) {
    throw new MigrationError(
      `the database is at schema version ${current}, newer than this build knows (${migrations.length})`,
    );
  }
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return migrations.length;
}

export function openDatabase(file: string, migrations: readonly Migration[] = appMigrations): Db {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  migrate(db, migrations);
  return db;
}

/** True when the database answers a trivial query. Used by /readyz. */
export function databaseAnswers(db: Db): boolean {
  try {
    return db.prepare("SELECT 1 AS ok").get() !== undefined;
  } catch {
    return false;
  }
}
