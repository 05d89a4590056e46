/**
 * Moving a local deployment to PostgreSQL (`npm run db:copy`, scripts/dbCopy.ts;
 * decision 0076): the rows of every table of a data directory's SQLite file and
 * the photo files beside it, copied into an EMPTY PostgreSQL database that has the
 * app's schema (its migrations are run first), in ONE transaction: a copy that
 * fails at any point leaves the database as it found it, so it can simply be run
 * again. Then every table's rows and every file are checked against the source.
 *
 * Both schemas have the same tables and columns (app/infra/postgres/migrations.server.ts
 * ports SQLite's), so the copy is generic: it reads the table list from SQLite and
 * the column types and foreign keys from PostgreSQL's information_schema. Tables
 * go in foreign-key order, parents first; a table that refers to itself (a reply's
 * parent comment) is read parents first too.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { isFileName } from "~/stores/fileStorage";
import { migrations as sqliteMigrations } from "~/infra/sqlite/migrations.server";
import { migrate, type Pg, type Sql } from "./database.server";
import { pgFileStorage } from "./fileStorage.server";

/** Why a copy was not made (nothing was written), or what made its check fail. */
export class CopyError extends Error {
  override name = "CopyError";
}

export interface TableCount {
  table: string;
  source: number;
  copied: number;
}

export interface CopyReport {
  tables: TableCount[];
  files: { source: number; copied: number; bytes: number };
  /** Every count and every file's bytes matched. */
  ok: boolean;
}

/**
 * Tables whose rows are not a deployment's data, so an empty database may hold them: the migrations' records, and
 * the change mark's one row (migration 4 writes it).
 */
const NOT_DATA = new Set(["schema_migrations", "change_marks"]);

/**
 * SQLite tables left behind: a job lease belongs to a process of the old deployment, and copied it would keep the
 * new processes from running that job until it expired.
 */
const NOT_COPIED = new Set(["job_leases"]);

/** Rows per INSERT: PostgreSQL takes at most 65 535 parameters a statement. */
const MAX_PARAMETERS = 60_000;
const MAX_BATCH_ROWS = 500;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface ForeignKey {
  child: string;
  parent: string;
  column: string;
  refColumn: string;
  name: string;
}

/** The app tables of the database's schema, their columns' types, and their foreign keys. */
async function postgresSchema(sql: Sql) {
  const tables = (
    await sql.rows<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    )
  )
    .map((r) => r.table_name)
    .filter((t) => !NOT_DATA.has(t));
  const columns = new Map<string, Map<string, string>>();
  for (const c of await sql.rows<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()`,
  )) {
    if (!columns.has(c.table_name)) columns.set(c.table_name, new Map());
    columns.get(c.table_name)!.set(c.column_name, c.data_type);
  }
  const foreignKeys = (
    await sql.rows<{ name: string; child: string; column: string; parent: string; ref_column: string }>(
      `SELECT rc.constraint_name AS name, k.table_name AS child, k.column_name AS column,
              r.table_name AS parent, r.column_name AS ref_column
         FROM information_schema.referential_constraints rc
         JOIN information_schema.key_column_usage k
           ON k.constraint_schema = rc.constraint_schema AND k.constraint_name = rc.constraint_name
         JOIN information_schema.key_column_usage r
           ON r.constraint_schema = rc.unique_constraint_schema AND r.constraint_name = rc.unique_constraint_name
          AND r.ordinal_position = k.position_in_unique_constraint
        WHERE rc.constraint_schema = current_schema()`,
    )
  ).map((f): ForeignKey => ({ ...f, refColumn: f.ref_column }));
  return { tables, columns, foreignKeys };
}

/** `tables` with every table after the tables it refers to (a cycle between tables is refused). */
export function foreignKeyOrder(tables: readonly string[], foreignKeys: readonly ForeignKey[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string, via: string[]) => {
    if (state.get(table) === "done") return;
    if (state.get(table) === "visiting") {
      throw new CopyError(`the foreign keys of ${[...via, table].join(" → ")} form a cycle: no order to copy in`);
    }
    state.set(table, "visiting");
    for (const fk of foreignKeys) {
      if (fk.child === table && fk.parent !== table && tables.includes(fk.parent)) visit(fk.parent, [...via, table]);
    }
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

/**
 * The SELECT that reads a table from SQLite: its rows as they are, or, for a table with a
 * foreign key to itself (one column), each row after the row it refers to (by depth).
 */
function readQuery(table: string, columns: readonly string[], selfKey: ForeignKey | undefined): string {
  const list = columns.map(quote).join(", ");
  if (!selfKey) return `SELECT ${list} FROM ${quote(table)}`;
  const [t, c, r] = [quote(table), quote(selfKey.column), quote(selfKey.refColumn)];
  return `WITH RECURSIVE depth(key, level) AS (
            SELECT ${r}, 0 FROM ${t} WHERE ${c} IS NULL
            UNION ALL SELECT child.${r}, depth.level + 1 FROM ${t} AS child JOIN depth ON child.${c} = depth.key
          )
          SELECT ${columns.map((col) => `${t}.${quote(col)}`).join(", ")}
            FROM ${t} JOIN depth ON ${t}.${r} = depth.key ORDER BY depth.level`;
}

/** A SQLite value as the PostgreSQL column takes it: 0/1 as a boolean where the column is one. */
function convert(value: unknown, type: string, where: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === "boolean") {
    if (value === 0 || value === 1) return value === 1;
    throw new CopyError(`${where}: ${JSON.stringify(value)} is not 0 or 1, for a boolean column`);
  }
  return value;
}

/** A Pg whose every statement, and every `tx`, runs in the copy's one transaction. */
function inTransaction(db: Pg, sql: Sql): Pg {
  return { ...sql, pool: db.pool, unmarked: sql, tx: (work) => work(sql), close: async () => undefined };
}

function sha256(bytes: Uint8Array) {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** The photo files of a data directory's `files` folder (our names only: not a writer's temporary file). */
function photoFiles(filesDir: string): string[] {
  if (!fs.existsSync(filesDir)) return [];
  return fs.readdirSync(filesDir).filter(isFileName).sort();
}

export interface CopyOptions {
  /** The SQLite file (DATA_DIR/klife.sqlite) and the photos' folder (DATA_DIR/files). */
  sqliteFile: string;
  filesDir: string;
  /** The PostgreSQL database to fill: its pool. */
  db: Pg;
  log?: (line: string) => void;
}

/**
 * Copies, then checks. Throws a CopyError (nothing written) when the source is not a
 * database of this build, when a table or column has no twin in PostgreSQL, or when
 * the PostgreSQL database holds any row already; resolves with the counts otherwise
 * (`ok` false on any mismatch).
 */
export async function copySqliteToPostgres({
  sqliteFile,
  filesDir,
  db,
  log = () => undefined,
}: CopyOptions): Promise<CopyReport> {
  if (!fs.existsSync(sqliteFile)) throw new CopyError(`no SQLite database at ${sqliteFile}`);
  // Read-only: the source is never changed. The server should be stopped (photos are not in the snapshot).
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const version = source.pragma("user_version", { simple: true }) as number;
    if (version !== sqliteMigrations.length) {
      throw new CopyError(
        `${sqliteFile} is at schema version ${version}, this build's is ${sqliteMigrations.length}: ` +
          "start this build's server on it once (its migrations bring it up to date), stop it, then copy",
      );
    }
    await migrate(db);
    // One read transaction on SQLite: the counts and the rows are one snapshot (WAL).
    source.exec("BEGIN");
    const all = (
      source
        .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`)
        .all() as { name: string }[]
    ).map((r) => r.name);
    for (const t of all.filter((t) => NOT_COPIED.has(t))) log(`${t}: not copied (the old processes' state)`);
    const tables = all.filter((t) => !NOT_COPIED.has(t));
    const sourceCounts = new Map(
      tables.map((t) => [t, (source.prepare(`SELECT count(*) AS n FROM ${quote(t)}`).get() as { n: number }).n]),
    );
    const files = photoFiles(filesDir);

    await db.tx(async (sql) => {
      const schema = await postgresSchema(sql);
      // Refused when not empty: any row in any app table (one statement for them all).
      const filled = schema.tables.length
        ? await sql.rows<{ t: string }>(
            schema.tables
              .map((t, i) => `SELECT $${i + 1}::text AS t WHERE EXISTS (SELECT 1 FROM ${quote(t)})`)
              .join(" UNION ALL "),
            schema.tables,
          )
        : [];
      if (filled.length) {
        throw new CopyError(
          `the PostgreSQL database is not empty (rows in ${filled.map((r) => r.t).join(", ")}): ` +
            "db:copy only fills an empty database; nothing was written",
        );
      }
      const missing = tables.filter((t) => !schema.columns.has(t) || !schema.tables.includes(t));
      if (missing.length) throw new CopyError(`no table in PostgreSQL for ${missing.join(", ")}; nothing was written`);
      for (const table of foreignKeyOrder(tables, schema.foreignKeys)) {
        const types = schema.columns.get(table)!;
        const columns = (source.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map(
          (c) => c.name,
        );
        const absent = columns.filter((c) => !types.has(c));
        if (absent.length) throw new CopyError(`${table}: no column ${absent.join(", ")} in PostgreSQL`);
        const selfKeys = schema.foreignKeys.filter((f) => f.child === table && f.parent === table);
        if (selfKeys.length > 1 || new Set(selfKeys.map((f) => f.name)).size > 1) {
          throw new CopyError(`${table}: more than one foreign key to itself, which the copy does not order`);
        }
        const perBatch = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
        const insert = (rows: unknown[][]) =>
          sql.run(
            `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES ${rows
              .map((_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(", ")})`)
              .join(", ")}`,
            rows.flat(),
          );
        let batch: unknown[][] = [];
        let copied = 0;
        for (const row of source
          .prepare(readQuery(table, columns, selfKeys[0]))
          .raw()
          .iterate() as Iterable<unknown[]>) {
          batch.push(row.map((v, i) => convert(v, types.get(columns[i]!)!, `${table}.${columns[i]}`)));
          if (batch.length === perBatch) {
            copied += await insert(batch);
            batch = [];
          }
        }
        if (batch.length) copied += await insert(batch);
        log(`copied ${table}: ${copied} rows`);
      }
      // The photos' bytes, through the file storage the servers will read them from, in the same transaction.
      const storage = pgFileStorage(inTransaction(db, sql));
      for (const name of files) await storage.put(name, await fs.promises.readFile(path.join(filesDir, name)));
      log(`copied files: ${files.length}`);
    });
    source.exec("COMMIT");

    // The check, after the commit, on what another process would now read.
    const counts: TableCount[] = [];
    for (const table of tables) {
      const copied = (await db.row<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${quote(table)}`))!.n;
      counts.push({ table, source: sourceCounts.get(table)!, copied });
    }
    const storage = pgFileStorage(db);
    let same = 0;
    let bytes = 0;
    for (const name of files) {
      const onDisk = await fs.promises.readFile(path.join(filesDir, name));
      const stored = await storage.read(name);
      if (stored && sha256(stored) === sha256(onDisk)) {
        same++;
        bytes += onDisk.length;
      } else log(`file ${name}: ${stored ? "different bytes" : "missing"} in PostgreSQL`);
    }
    return {
      tables: counts,
      files: { source: files.length, copied: same, bytes },
      ok: counts.every((c) => c.source === c.copied) && same === files.length,
    };
  } finally {
    if (source.inTransaction) source.exec("ROLLBACK");
    source.close();
  }
}
