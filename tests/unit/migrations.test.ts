import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MigrationError, migrate, openDatabase } from "~/infra/sqlite/database.server";
import { migrations as appMigrations } from "~/infra/sqlite/migrations.server";
import { sqliteSsoStore } from "~/infra/sqlite/ssoStore.server";

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

describe("migration 8: one member per phone number", () => {
  const insert = (db: ReturnType<typeof openDatabase>, uid: string, phone: string | null, at: number) =>
    db
      .prepare(
        `INSERT INTO members (uid, name, language, phone_number, nationality, sign_up_method, created_at, updated_at)
         VALUES (?, 'N', 'en', ?, 'VN', 'phone', ?, ?)`,
      )
      .run(uid, phone, at, at);

  it("keeps the number on the newest profile that shares it, then refuses a second holder", () => {
    const file = tempFile();
    const before = openDatabase(file, appMigrations.slice(0, 7));
    insert(before, "old", "+821012345678", 1);
    insert(before, "new", "+821012345678", 2);
    insert(before, "alone", "+821087654321", 1);
    insert(before, "none-1", null, 1);
    before.close();
    const db = openDatabase(file);
    const phones = db.prepare("SELECT uid, phone_number AS phone FROM members ORDER BY uid").all();
    expect(phones).toEqual([
      { uid: "alone", phone: "+821087654321" },
      { uid: "new", phone: "+821012345678" },
      { uid: "none-1", phone: null },
      { uid: "old", phone: null },
    ]);
    expect(() => insert(db, "third", "+821012345678", 3)).toThrow(/UNIQUE/);
    insert(db, "none-2", null, 3);
    db.close();
  });
});

describe("migration 12: reply counts on comments", () => {
  it("counts the replies each existing comment has, and keeps counts from going below zero", () => {
    const file = tempFile();
    const before = openDatabase(file, appMigrations.slice(0, 11));
    before
      .prepare(
        `INSERT INTO feeds (id, author_uid, author_label, category, text, photos, created_at, updated_at)
         VALUES ('f', 'u', 'U.', 'daily', 't', '[]', 1, 1)`,
      )
      .run();
    const comment = before.prepare(
      `INSERT INTO comments (id, feed_id, parent_id, author_uid, author_label, text, created_at)
       VALUES (?, 'f', ?, 'u', 'U.', 't', ?)`,
    );
    comment.run("a", null, 1);
    comment.run("b", null, 2);
    for (let i = 0; i < 5; i++) comment.run(`a-${i}`, "a", 3 + i);
    comment.run("b-0", "b", 9);
    before.close();
    const db = openDatabase(file, appMigrations.slice(0, 12));
    expect(db.pragma("user_version", { simple: true })).toBe(12);
    const counts = db.prepare("SELECT id, reply_count AS n FROM comments WHERE parent_id IS NULL ORDER BY id").all();
    expect(counts).toEqual([
      { id: "a", n: 5 },
      { id: "b", n: 1 },
    ]);
    expect(
      db.prepare("SELECT count(*) AS n FROM comments WHERE parent_id IS NOT NULL AND reply_count <> 0").get(),
    ).toEqual({ n: 0 });
    expect(() => db.prepare("UPDATE comments SET reply_count = -1 WHERE id = 'b'").run()).toThrow(/CHECK/);
    db.close();
  });
});

describe("migration 13: who each notification names", () => {
  // Another branch's 12, unrelated to notifications: 13 must apply after it as after the 12 here.
  const unrelated12 = {
    version: 12,
    name: "unrelated",
    sql: "CREATE TABLE unrelated (id TEXT PRIMARY KEY); ALTER TABLE comments ADD COLUMN unrelated_count INTEGER;",
  };
  const v13 = appMigrations[12]!;

  it("is version 13, after a 12 of the app's", () => {
    expect(appMigrations.map((m) => m.version).slice(11, 13)).toEqual([12, 13]);
    expect(v13.version).toBe(13);
  });

  it("applies after an unrelated 12: fills the actors, unnames likes whose liker left, drops hidden comments' notifications", () => {
    const file = tempFile();
    const before = openDatabase(file, [...appMigrations.slice(0, 11), unrelated12]);
    const run = (sql: string, ...values: unknown[]) => before.prepare(sql).run(...values);
    const feed = (id: string, likes: number) =>
      run(
        `INSERT INTO feeds (id, author_uid, author_label, category, text, photos, like_count, created_at, updated_at)
         VALUES (?, 'a', 'A', 'daily', 'hi', '[]', ?, 1, 1)`,
        id,
        likes,
      );
    const comment = (id: string, author: string, status: string) =>
      run(
        `INSERT INTO comments (id, feed_id, author_uid, author_label, text, status, created_at)
         VALUES (?, 'f1', ?, 'label', 'words', ?, 2)`,
        id,
        author,
        status,
      );
    const note = (id: string, kind: string, key: string, data: object, at: number, subject: string | null) =>
      run(
        `INSERT INTO notifications (id, uid, kind, dedupe_key, data, created_at, read_at, subject)
         VALUES (?, 'a', ?, ?, ?, ?, 7, ?)`,
        id,
        kind,
        key,
        JSON.stringify(data),
        at,
        subject,
      );
    feed("f1", 2);
    feed("f2", 1);
    feed("f3", 0);
    comment("c1", "b", "visible");
    comment("c2", "b", "reported");
    comment("c3", "c", "hidden");
    run("INSERT INTO likes (feed_id, uid, created_at) VALUES ('f1', 'x', 10), ('f1', 'y', 11), ('f2', 'z', 12)");
    note("n1", "comment", "comment:c1", { by: "B", excerpt: "words" }, 2, "feed:f1");
    note("n2", "comment", "comment:c2", { by: "B", excerpt: "words" }, 2, "feed:f1");
    note("n3", "reply", "comment:c3", { by: "C", excerpt: "words" }, 2, "feed:f1");
    // f1: named liker y still likes it. f2: the named liker's like is gone (f2's like is z's, made later).
    note("n4", "like", "like:f1", { feedId: "f1", by: "Y", others: 1, excerpt: "hi" }, 11, "feed:f1");
    note("n5", "like", "like:f2", { feedId: "f2", by: "Gone", others: 0, excerpt: "hi" }, 9, "feed:f2");
    // f3: no likes left at all.
    note("n6", "like", "like:f3", { feedId: "f3", by: "Gone", others: 0, excerpt: "hi" }, 9, "feed:f3");
    note("n7", "visaReminder", "visa:2027-06-30:oneWeek", { milestone: "oneWeek" }, 3, null);
    before.close();

    const db = openDatabase(file, [...appMigrations.slice(0, 11), unrelated12, v13]);
    expect(db.pragma("user_version", { simple: true })).toBe(13);
    expect(db.prepare("SELECT count(*) AS n FROM unrelated").get()).toEqual({ n: 0 });
    const rows = db.prepare("SELECT id, actor_uid, data, read_at, created_at FROM notifications ORDER BY id").all();
    expect(rows).toEqual([
      { id: "n1", actor_uid: "b", data: JSON.stringify({ by: "B", excerpt: "words" }), read_at: 7, created_at: 2 },
      {
        id: "n4",
        actor_uid: "y",
        data: JSON.stringify({ feedId: "f1", by: "Y", others: 1, excerpt: "hi" }),
        read_at: 7,
        created_at: 11,
      },
      {
        id: "n5",
        actor_uid: null,
        data: JSON.stringify({ feedId: "f2", excerpt: "hi", likeCount: 1 }),
        read_at: 7,
        created_at: 9,
      },
      { id: "n7", actor_uid: null, data: JSON.stringify({ milestone: "oneWeek" }), read_at: 7, created_at: 3 },
    ]);
    db.close();
  });
});

describe("migration 15: benefits and partner offers", () => {
  it("removes an item's texts with it, and refuses a text for an item that is not there", () => {
    const db = openDatabase(tempFile());
    db.prepare(
      "INSERT INTO benefits (item_cd, category, sort_order, facts, created_at, updated_at) VALUES ('a', 'work', 1, '{}', 1, 1)",
    ).run();
    db.prepare("INSERT INTO benefit_texts (item_cd, language, text) VALUES ('a', 'ko', '{}')").run();
    expect(() =>
      db.prepare("INSERT INTO benefit_texts (item_cd, language, text) VALUES ('b', 'ko', '{}')").run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM benefits WHERE item_cd = 'a'").run();
    expect(db.prepare("SELECT count(*) AS n FROM benefit_texts").get()).toEqual({ n: 0 });
    db.close();
  });
});

describe("migration 22: a partner's ID token algorithm and PKCE exception", () => {
  it("keeps partners registered before on ES256 with PKCE required, and takes only known algorithms", async () => {
    const file = tempFile();
    const before = openDatabase(file, appMigrations.slice(0, 21));
    before
      .prepare(
        `INSERT INTO sso_clients (client_id, name, secret_hash, redirect_uris, allowed_claims, created_at)
         VALUES ('p_old', 'Old Bank', 'sha256:x', '["https://old.example/cb"]', '["profile"]', 1)`,
      )
      .run();
    before.close();
    const db = openDatabase(file);
    expect(await sqliteSsoStore(db).findClient("p_old")).toMatchObject({ idTokenAlg: "ES256", allowNoPkce: false });
    expect(() => db.prepare("UPDATE sso_clients SET id_token_alg = 'HS256'").run()).toThrow(/CHECK/);
    db.close();
  });
});

describe("migration 26: a partner's web address, privacy policy and retention period", () => {
  it("keeps partners registered before with none of them (null), and takes only 0 to 120 months", async () => {
    const file = tempFile();
    const before = openDatabase(file, appMigrations.slice(0, 24));
    before
      .prepare(
        `INSERT INTO sso_clients (client_id, name, secret_hash, redirect_uris, allowed_claims, created_at)
         VALUES ('p_old', 'Old Bank', 'sha256:x', '["https://old.example/cb"]', '["profile"]', 1)`,
      )
      .run();
    before.close();
    const db = openDatabase(file);
    expect(await sqliteSsoStore(db).findClient("p_old")).toMatchObject({
      website: null,
      privacyUrl: null,
      retentionMonths: null,
    });
    expect(() => db.prepare("UPDATE sso_clients SET retention_months = 121").run()).toThrow(/CHECK/);
    db.close();
  });
});
