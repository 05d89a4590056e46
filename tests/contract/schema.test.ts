/**
 * The two migration lists (app/infra/sqlite/migrations.server.ts, app/infra/postgres/migrations.server.ts) end at the
 * same schema: the same tables, columns (with their types mapped across the engines below, nullability and primary
 * keys) and indexes (their columns and uniqueness). The SQLite list is applied to a real file, the PostgreSQL list
 * to an empty database of the contract suite's throwaway cluster. A table, column or index either side gains
 * without the other fails here, unless it is one of the declared differences below, each with its reason.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Db } from "~/infra/sqlite/database.server";
import { createPg, migrate, type Pg } from "~/infra/postgres/database.server";
import { createEmptyDatabase, dropDatabase } from "../support/postgres";

/** A column as both engines can say it: its type in the mapping's words. */
interface Column {
  type: string;
  notNull: boolean;
}

interface Index {
  table: string;
  columns: string[];
  unique: boolean;
  /** Whether it holds only the rows of a WHERE. */
  partial: boolean;
}

interface Schema {
  /** By table, its columns by name. */
  columns: Record<string, Record<string, Column>>;
  /** By table, its primary key's columns in order. */
  primaryKeys: Record<string, string[]>;
  /** The indexes the migrations create by name, and the unique constraints of table definitions as `table(columns)`. */
  indexes: Record<string, Index>;
}

/**
 * The types of the two engines, mapped: each PostgreSQL type to the one SQLite type that stands for it. SQLite's
 * INTEGER holds PostgreSQL's integers and its booleans (as 0/1 with a CHECK, which the SQLite stores map); TEXT holds
 * text (JSON too), BLOB bytea. A type not listed here fails the test until it is mapped.
 */
const SQLITE_TYPE_OF: Record<string, string> = {
  text: "TEXT",
  bigint: "INTEGER",
  integer: "INTEGER",
  boolean: "INTEGER",
  bytea: "BLOB",
};

/** The tables only PostgreSQL has, with why. */
const POSTGRES_ONLY_TABLES: Record<string, string> = {
  schema_migrations: "PostgreSQL's migration record; SQLite keeps its version in PRAGMA user_version",
  counters: "the shared rate-limit counters; local mode keeps them in its one process's memory (decision 0046)",
  file_blobs: "the bytes of stored files; local mode keeps them as files on disk (localFiles.server.ts)",
  sms_outbox: "local mode's text outbox shared by several processes; one process writes its outbox file",
  change_marks: "the row every committed change moves (decision 0074); SQLite has PRAGMA data_version",
};

/** The tables only SQLite has, with why. */
const SQLITE_ONLY_TABLES: Record<string, string> = {};

/** Columns on one side only (`table.column`), with why. */
const POSTGRES_ONLY_COLUMNS: Record<string, string> = {};
const SQLITE_ONLY_COLUMNS: Record<string, string> = {};

/** Indexes on one side only, with why. */
const POSTGRES_ONLY_INDEXES: Record<string, string> = {};
const SQLITE_ONLY_INDEXES: Record<string, string> = {
  files_pending: "PostgreSQL's files_by_feed (feed_id, created_at) finds the pending files (feed_id IS NULL) by time",
};

/**
 * SQLite's partial indexes: PostgreSQL's migration makes each a plain one (decision 0073's portable subset; a unique
 * index already lets any number of rows hold NULL), on the same columns unless given here, where the WHERE's
 * column joins the index so that the plain index finds the same rows in order.
 */
const SQLITE_PARTIAL_INDEXES: Record<string, { postgresColumns?: string[] }> = {
  members_by_phone: {},
  notifications_unread: { postgresColumns: ["uid", "read_at"] },
  reports_open: { postgresColumns: ["closed_at", "created_at", "target_kind", "target_id"] },
  notifications_by_subject: {},
  notifications_by_actor: {},
  notices_listed: {},
  sso_payloads_by_grant: {},
  sso_payloads_by_uid: {},
  sso_payloads_by_user_code: {},
  sso_payloads_by_expiry: {},
  reminder_choices_on: { postgresColumns: ["is_on", "uid"] },
};

/** Plain indexes whose columns differ, with why. */
const POSTGRES_COLUMNS_OF: Record<string, { columns: string[]; why: string }> = {
  files_by_feed: { columns: ["feed_id", "created_at"], why: "it stands for SQLite's files_pending too" },
};

function sqliteSchema(db: Db): Schema {
  const schema: Schema = { columns: {}, primaryKeys: {}, indexes: {} };
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  for (const { name: table } of tables) {
    const columns = db.prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?)').all(table) as {
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }[];
    schema.columns[table] = Object.fromEntries(
      // A primary key column is NOT NULL in PostgreSQL whatever it says; SQLite lets a non-INTEGER one hold NULL
      // unless it says NOT NULL: the stores never write one.
      columns.map((c) => [c.name, { type: c.type.toUpperCase(), notNull: c.notnull === 1 || c.pk > 0 }]),
    );
    schema.primaryKeys[table] = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexes = db.prepare('SELECT name, "unique", origin, partial FROM pragma_index_list(?)').all(table) as {
      name: string;
      unique: number;
      origin: "c" | "u" | "pk";
      partial: number;
    }[];
    for (const index of indexes) {
      if (index.origin === "pk") continue;
      const indexColumns = (
        db.prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno").all(index.name) as { name: string }[]
      ).map((c) => c.name);
      const entry = { table, columns: indexColumns, unique: index.unique === 1, partial: index.partial === 1 };
      schema.indexes[index.origin === "u" ? `${table}(${indexColumns.join(", ")})` : index.name] = entry;
    }
  }
  return schema;
}

async function postgresSchema(db: Pg): Promise<Schema> {
  const schema: Schema = { columns: {}, primaryKeys: {}, indexes: {} };
  const columns = await db.rows<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  for (const c of columns) {
    (schema.columns[c.table_name] ??= {})[c.column_name] = { type: c.data_type, notNull: c.is_nullable === "NO" };
  }
  // Every index of the public schema: its table, columns in order, uniqueness, and whether it is a primary key or
  // a table definition's UNIQUE constraint (pg_constraint) rather than a CREATE INDEX.
  const indexes = await db.rows<{
    name: string;
    table: string;
    columns: string[];
    unique: boolean;
    partial: boolean;
    primary: boolean;
    constraint: boolean;
  }>(
    `SELECT i.relname AS name, t.relname AS "table", x.indisunique AS "unique", x.indisprimary AS "primary",
            x.indpred IS NOT NULL AS partial,
            EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.contype = 'u') AS "constraint",
            array(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_namespace s ON s.oid = t.relnamespace
     WHERE s.nspname = 'public'
     ORDER BY i.relname`,
  );
  for (const index of indexes) {
    if (index.primary) {
      schema.primaryKeys[index.table] = index.columns;
      continue;
    }
    const entry = { table: index.table, columns: index.columns, unique: index.unique, partial: index.partial };
    schema.indexes[index.constraint ? `${index.table}(${index.columns.join(", ")})` : index.name] = entry;
  }
  for (const table of Object.keys(schema.columns)) schema.primaryKeys[table] ??= [];
  return schema;
}

/** `names` less the declared ones. */
const without = (names: string[], declared: Record<string, string>) => names.filter((n) => !(n in declared)).sort();

describe("the SQLite and PostgreSQL migrations", () => {
  let dir: string;
  let sqlite: Schema;
  let postgres: Schema;
  let url: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-schema-"));
    const file = openDatabase(path.join(dir, "schema.sqlite"));
    try {
      sqlite = sqliteSchema(file);
    } finally {
      file.close();
    }
    url = await createEmptyDatabase(inject("postgresAdminUrl"), `schema_${process.pid}_${Date.now() % 100_000}`);
    const db = createPg(url, { max: 1 });
    try {
      await migrate(db);
      postgres = await postgresSchema(db);
    } finally {
      await db.close();
    }
  });

  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url) await dropDatabase(inject("postgresAdminUrl"), url);
  });

  it("make the same tables", () => {
    const sqliteTables = Object.keys(sqlite.columns);
    const postgresTables = Object.keys(postgres.columns);
    expect(
      without(
        postgresTables.filter((t) => !sqliteTables.includes(t)),
        POSTGRES_ONLY_TABLES,
      ),
    ).toEqual([]);
    expect(
      without(
        sqliteTables.filter((t) => !postgresTables.includes(t)),
        SQLITE_ONLY_TABLES,
      ),
    ).toEqual([]);
    // A declared difference that is no longer one is taken off its list.
    for (const table of Object.keys(POSTGRES_ONLY_TABLES)) expect(postgresTables).toContain(table);
    for (const table of Object.keys(SQLITE_ONLY_TABLES)) expect(sqliteTables).toContain(table);
  });

  it("make the same columns, with the types mapped, the same nullability and primary keys", () => {
    const onlyIn = (a: Schema, b: Schema) =>
      Object.entries(a.columns)
        .filter(([table]) => table in b.columns)
        .flatMap(([table, columns]) =>
          Object.keys(columns)
            .filter((c) => !(c in b.columns[table]!))
            .map((c) => `${table}.${c}`),
        );
    expect(without(onlyIn(postgres, sqlite), POSTGRES_ONLY_COLUMNS)).toEqual([]);
    expect(without(onlyIn(sqlite, postgres), SQLITE_ONLY_COLUMNS)).toEqual([]);

    const differences: string[] = [];
    for (const [table, columns] of Object.entries(postgres.columns)) {
      const other = sqlite.columns[table];
      if (!other) continue;
      for (const [name, column] of Object.entries(columns)) {
        const theirs = other[name];
        if (!theirs) continue;
        const mapped = SQLITE_TYPE_OF[column.type] ?? `(${column.type}: not mapped)`;
        if (mapped !== theirs.type) differences.push(`${table}.${name}: ${column.type} / ${theirs.type}`);
        if (column.notNull !== theirs.notNull) {
          differences.push(`${table}.${name}: ${column.notNull ? "NOT NULL" : "nullable"} in PostgreSQL only`);
        }
      }
      const keys = [postgres.primaryKeys[table], sqlite.primaryKeys[table]];
      if (JSON.stringify(keys[0]) !== JSON.stringify(keys[1])) {
        differences.push(`${table} primary key: (${keys[0]?.join(", ")}) / (${keys[1]?.join(", ")})`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("make the same indexes", () => {
    const sqliteIndexes = Object.keys(sqlite.indexes).filter((n) => sqlite.indexes[n]!.table in postgres.columns);
    const postgresIndexes = Object.keys(postgres.indexes).filter((n) => postgres.indexes[n]!.table in sqlite.columns);
    expect(
      without(
        postgresIndexes.filter((n) => !(n in sqlite.indexes)),
        POSTGRES_ONLY_INDEXES,
      ),
    ).toEqual([]);
    expect(
      without(
        sqliteIndexes.filter((n) => !(n in postgres.indexes)),
        SQLITE_ONLY_INDEXES,
      ),
    ).toEqual([]);
    expect(
      without(
        sqliteIndexes.filter((n) => sqlite.indexes[n]!.partial),
        SQLITE_ONLY_INDEXES,
      ),
    ).toEqual(Object.keys(SQLITE_PARTIAL_INDEXES).sort());
    // What PostgreSQL's index is, by SQLite's and the declared differences.
    const expected = (name: string): Index => {
      const own = sqlite.indexes[name]!;
      const columns = SQLITE_PARTIAL_INDEXES[name]?.postgresColumns ?? POSTGRES_COLUMNS_OF[name]?.columns;
      return { ...own, columns: columns ?? own.columns, partial: false };
    };
    const differences = postgresIndexes
      .filter((n) => n in sqlite.indexes)
      .filter((n) => JSON.stringify(postgres.indexes[n]) !== JSON.stringify(expected(n)))
      .map((n) => `${n}: ${JSON.stringify(postgres.indexes[n])} / ${JSON.stringify(sqlite.indexes[n])}`);
    expect(differences).toEqual([]);
    for (const name of [...Object.keys(SQLITE_ONLY_INDEXES), ...Object.keys(SQLITE_PARTIAL_INDEXES)]) {
      expect(sqliteIndexes).toContain(name);
    }
    for (const name of Object.keys(POSTGRES_ONLY_INDEXES)) expect(postgresIndexes).toContain(name);
  });
});
