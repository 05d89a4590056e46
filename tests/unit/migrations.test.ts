import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MigrationError, migrate, openDatabase } from "~/infra/sqlite/database.server";
import { migrations as appMigrations } from "~/infra/sqlite/migrations.server";

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-db-"));
  dirs.push(dir);
  return path.join(dir, "sub", "db.sqlite");
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const v1 = { version: 1, name: "a", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY);" };
const v2 = { version: 2, name: "b", sql: "CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a(id));" };

describe("SQLite database", () => {
  it("opens with WAL, synchronous=FULL, busy_timeout and foreign keys", () => {
    const db = openDatabase(tempFile());
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    expect(db.pragma("busy_timeout", { simple: true })).toBeGreaterThan(0);
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.pragma("user_version", { simple: true })).toBe(appMigrations.length);
    db.close();
  });

  it("applies only new migrations when reopened", () => {
    const file = tempFile();
    openDatabase(file, [v1]).close();
    const db = openDatabase(file, [v1, v2]);
    expect(db.pragma("user_version", { simple: true })).toBe(2);
    expect(() => db.prepare("INSERT INTO b (id, a_id) VALUES (1, 99)").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it("rolls back a failing migration entirely", () => {
    const file = tempFile();
    const bad = { version: 2, name: "bad", sql: "CREATE TABLE c (id INTEGER); SELECT * FROM missing_table;" };
    const db = openDatabase(file, [v1]);
    expect(() => migrate(db, [v1, bad])).toThrow();
    expect(db.pragma("user_version", { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get()).toBeUndefined();
    db.close();
  });

  it("refuses a database newer than the code", () => {
    const file = tempFile();
    openDatabase(file, [v1, v2]).close();
    expect(() => openDatabase(file, [v1])).toThrow(MigrationError);
  });

  it("refuses gaps in migration versions", () => {
    expect(() => openDatabase(tempFile(), [v2])).toThrow(MigrationError);
  });
});
