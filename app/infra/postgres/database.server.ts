/**
 * The PostgreSQL database of a deployment of several processes (DATABASE_URL): a
 * `pg` pool, transactions that retry on serialization failures and deadlocks, and
 * versioned migrations that several processes may run at once. The SQL of this
 * folder stays in the portable subset of the design notes §3 (decision 0073):
 * application-made ids, `bigint` epoch times, `ON CONFLICT` on the primary key,
 * `RETURNING`; no SERIAL, advisory locks, LISTEN/NOTIFY, LOCK TABLE, plpgsql or
 * extensions.
 */
import { createHash } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { migrations as appMigrations, type Migration } from "./migrations.server";

/**
 * A statement prepared once per connection under its name, then only executed (decision 0080): for the few reads
 * every page view makes, whose parsing and planning cost the database more than running them (the member screen's
 * four sub-selects: about 100 µs of the server's time unnamed, 20 µs named). Only for a fixed text: each name is
 * kept by every connection for its life. Made with `prepared`.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** A statement to prepare once per connection (`name` unique in the app; `text` fixed, never built per call). */
export const prepared = (name: string, text: string): PreparedStatement => ({ name, text });

const byText = new Map<string, PreparedStatement>();

/**
 * A statement prepared under a name made from its text: for a read whose text the code builds from a few fixed
 * pieces (a page of a list, with or without a cursor or a category), a small set known in advance. Never for a
 * text that holds a value or varies with the input (each text is a name every connection keeps).
 */
export function preparedText(text: string): PreparedStatement {
  let statement = byText.get(text);
  if (!statement) {
    statement = prepared(`text_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`, text);
    byText.set(text, statement);
  }
  return statement;
}

/** What a store runs its statements on: the pool (each statement its own transaction) or a transaction's client. */
export interface Sql {
  /** The rows of a statement ($1, $2… parameters). */
  rows<R>(statement: string | PreparedStatement, params?: readonly unknown[]): Promise<R[]>;
  /** The first row, or undefined. */
  row<R>(statement: string | PreparedStatement, params?: readonly unknown[]): Promise<R | undefined>;
  /** The number of rows a statement changed. */
  run(statement: string | PreparedStatement, params?: readonly unknown[]): Promise<number>;
}

export interface Pg extends Sql {
  readonly pool: pg.Pool;
  /**
   * Statements whose changes no page shows (job leases, the text outbox): they leave the change mark alone. Every
   * other statement or transaction that changed a row moves it once committed (`markChange`, decision 0074).
   */
  readonly unmarked: Sql;
  /**
   * Runs `work` in one SERIALIZABLE transaction, as SQLite's transactions are: a
   * read-decide-write ported from the SQLite stores keeps its meaning. Retried on
   * 40001 (serialization failure) and 40P01 (deadlock), so `work` must do nothing
   * but statements on the `Sql` it is given.
   *
   * `lockFirst`: READ COMMITTED instead, for a write on a hot row (a feed's like
   * count): `work` must begin with `SELECT … FOR UPDATE` of the row it counts on, so
   * writers of that row queue on its lock and each reads the newest data after it,
   * where SERIALIZABLE would fail all but one of them at every commit.
   */
  tx<T>(work: (sql: Sql) => Promise<T>, options?: { lockFirst?: boolean }): Promise<T>;
  close(): Promise<void>;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** A DATABASE_URL that is not a postgres:// URL with a host and a database; the message never holds a password. */
export class DatabaseUrlError extends Error {
  override name = "DatabaseUrlError";
}

/** `postgres://user:***@host:port/db`: the URL for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

/** Checks DATABASE_URL's shape before a connection is tried. */
export function checkDatabaseUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseUrlError("DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)");
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new DatabaseUrlError(`DATABASE_URL must start with postgres:// (got ${parsed.protocol}//…)`);
  }
  // pg decodes the user, password, host and database itself and stops at a bad escape ("URI malformed"); said
  // here with the variable's name (which part it is in would say something of the password: not said).
  for (const part of [parsed.username, parsed.password, parsed.hostname, parsed.pathname]) {
    try {
      decodeURIComponent(part);
    } catch {
      throw new DatabaseUrlError(
        "DATABASE_URL holds a malformed percent escape (a % not followed by two hex digits): write a % in the user, password or database name as %25",
      );
    }
  }
  // A socket directory may stand in for the host: postgres:///db?host=/run/postgresql.
  const host = parsed.hostname || parsed.searchParams.get("host");
  if (!host || parsed.pathname.length <= 1) {
    throw new DatabaseUrlError(`DATABASE_URL must name a host and a database: ${redactedUrl(url)}`);
  }
}

const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_ATTEMPTS = 8;

/** int8 (bigint: epoch times, counts) as a JavaScript number: every value the app keeps is below 2^53. */
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20 && format !== "binary") return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as "text");
  },
} as pg.CustomTypesConfig;

const CHANGING_COMMANDS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"]);

/** Whether a statement changed rows (a write of a `WITH … SELECT` reports SELECT: none of the stores writes so). */
const changedRows = (result: pg.QueryResult) => CHANGING_COMMANDS.has(result.command) && (result.rowCount ?? 0) > 0;

/**
 * Whether a statement's failure leaves its connection unfit for another: no answer came (the client's own
 * timeout: the statement may still run there), the connection broke (no SQLSTATE), or the server ends the
 * session (class 08, 57P01–57P03). A data error (22021 a NUL byte, 22P05), a constraint, a cancelled statement
 * (57014) or a lock not granted (55P03) leave it as good as before (decision 0083).
 */
function breaksConnection(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string" || isQueryTimeout(error)) return true;
  return code.startsWith("08") || /^57P0[123]$/.test(code);
}

/** Runs a statement on the pool's client (`pool.query` drops the client on any error, a data error too). */
async function onPool(pool: pg.Pool, config: pg.QueryConfig): Promise<pg.QueryResult> {
  const client = await pool.connect();
  try {
    const result = await client.query(config);
    client.release();
    return result;
  } catch (error) {
    if (isQueryTimeout(error)) cancelOnServer(client, CANCEL_WITHIN_MS);
    client.release(breaksConnection(error) ? (error as Error) : undefined);
    throw error;
  }
}

/** Statements on a pool or a client; `changed` hears of each statement that changed rows, before it resolves. */
function sqlOn(client: pg.Pool | pg.PoolClient, changed: () => unknown = () => undefined): Sql {
  const query = async (statement: string | PreparedStatement, params: readonly unknown[]) => {
    const values = params as unknown[];
    const config: pg.QueryConfig =
      typeof statement === "string"
        ? { text: statement, values }
        : { name: statement.name, text: statement.text, values };
    const result = await (client instanceof pg.Pool ? onPool(client, config) : client.query(config));
    if (changedRows(result)) await changed();
    return result;
  };
  return {
    async rows<R>(statement: string | PreparedStatement, params: readonly unknown[] = []) {
      return (await query(statement, params)).rows as R[];
    },
    async row<R>(statement: string | PreparedStatement, params: readonly unknown[] = []) {
      return (await query(statement, params)).rows[0] as R | undefined;
    },
    async run(statement: string | PreparedStatement, params: readonly unknown[] = []) {
      return (await query(statement, params)).rowCount ?? 0;
    },
  };
}

/**
 * Asks the database to cancel what a connection runs (PostgreSQL's CancelRequest, on a connection of its own),
 * for a statement the client stopped waiting for: it would otherwise run, or wait on a lock, after its connection
 * was dropped. Best effort and bounded: a database that does not answer gets nothing.
 */
function cancelOnServer(client: pg.PoolClient, withinMs: number): void {
  const target = client as unknown as {
    processID: number | null;
    secretKey: number | null;
    connectionParameters: { host: string; port: number };
  };
  const { processID, secretKey } = target;
  if (!processID || !secretKey) return;
  const { host, port } = target.connectionParameters;
  const socket = host.startsWith("/") ? net.connect(`${host}/.s.PGSQL.${port}`) : net.connect(port, host);
  const request = Buffer.alloc(16);
  request.writeInt32BE(16, 0);
  request.writeInt32BE(80877102, 4);
  request.writeInt32BE(processID, 8);
  request.writeInt32BE(secretKey, 12);
  socket.setTimeout(withinMs, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("connect", () => socket.end(request));
}

/**
 * The change mark's move: its own autocommit statement after the change committed. Inside the writer's
 * SERIALIZABLE transaction every pair of writers would conflict on this one row and retry; after it, writers only
 * queue a moment on its row lock. The upsert also mends a copied database that lacks the row.
 */
const MARK_CHANGE = `INSERT INTO change_marks (id, mark) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET mark = change_marks.mark + 1`;

/**
 * Moves the change mark after a commit, the moves of one process coalesced: a caller that arrives while one runs
 * shares the next one, which starts after its commit (so the mark has moved when its write resolves). A move that
 * fails is reported and not thrown: the change is committed, and other processes' caches forget it within
 * PAGE_CACHE_SECONDS anyway.
 */
function changeMarker(pool: pg.Pool, onError: (error: Error) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const begin = (): Promise<void> =>
    (running = onPool(pool, { text: MARK_CHANGE })
      .then(
        () => undefined,
        (error: Error) => onError(error),
      )
      .finally(() => {
        running = null;
      }));
  return () => {
    if (queued) return queued;
    if (running) {
      queued = running.then(() => {
        queued = null;
        return begin();
      });
      return queued;
    }
    return begin();
  };
}

/** The change mark (Stores.changeMark): moves once any client committed a change; 0 before the first. */
export const CHANGE_MARK = "SELECT mark FROM change_marks WHERE id = 1";
const READ_CHANGE_MARK = prepared("change_mark", CHANGE_MARK);

export async function readChangeMark(db: Sql): Promise<number> {
  return (await db.row<{ mark: number }>(READ_CHANGE_MARK))?.mark ?? 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a statement may run (DATABASE_STATEMENT_TIMEOUT_MS's default, ms). */
export const STATEMENT_TIMEOUT_MS = 5_000;
/**
 * What the client waits past the statement timeout for an answer before it gives up on its own: the database's
 * cancellation (error 57014, on a connection still good) normally comes first; the client's is for a database
 * that does not answer at all (a host stopped, a network partition), where nothing would come.
 */
const QUERY_TIMEOUT_GRACE_MS = 2_000;
/** A migration may run long (an index on a big table) and may wait for another process's: bounded apart. */
const MIGRATION_QUERY_TIMEOUT_MS = 30 * 60_000;

/** How long a cancel request may take to reach the database (a database that does not answer gets none). */
const CANCEL_WITHIN_MS = 2_000;

/**
 * How long a statement may wait for a lock (ms): half its whole bound, so that a table another session locked
 * (a migration at deploy) fails its readers soon, and they give their connection back (decision 0083).
 */
export const lockTimeoutOf = (statementTimeoutMs: number) => Math.max(1, Math.floor(statementTimeoutMs / 2));

/** The client's own error when a statement got no answer within its query timeout (pg has no code for it). */
const isQueryTimeout = (error: unknown) => error instanceof Error && error.message === "Query read timeout";

export interface PoolOptions {
  /** Connections this process may hold (DATABASE_POOL_SIZE). */
  max?: number;
  /** How long a statement waits for a free connection before failing (ms). */
  connectionTimeoutMillis?: number;
  /**
   * How long a statement may run (ms, decision 0079): the client stops waiting for any statement's answer 2 s past
   * it, so a database that hangs fails each statement in bounded time (the error page) rather than holding the
   * request; and the database cancels a transaction's statement past it (`SET LOCAL`: a pooler in transaction
   * mode, PgBouncer or Neon's, refuses a `statement_timeout` startup parameter). 0: no bound (db:copy).
   */
  statementTimeoutMs?: number;
  /** Called with pool errors (a connection the server closed while idle); without it they are ignored. */
  onError?: (error: Error) => void;
}

/** A pool on DATABASE_URL; nothing is connected until the first statement. */
export function createPg(url: string, options: PoolOptions = {}): Pg {
  checkDatabaseUrl(url);
  const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    // A statement that fails so is given back with its error, which takes its connection out of the pool (pg-pool
    // drops a client released with an error); `tx` drops its own.
    query_timeout: statementTimeout ? statementTimeout + QUERY_TIMEOUT_GRACE_MS : 0,
    idleTimeoutMillis: 30_000,
    // TCP keep-alive: a connection to a host that vanished (a fail-over, a partition) is found dead and replaced.
    keepAlive: true,
    types,
    application_name: "klife",
  });
  // An idle connection the server ends (a restart, a fail-over) must not take the process down.
  pool.on("error", (error) => options.onError?.(error));
  const lockTimeout = lockTimeoutOf(statementTimeout);
  if (statementTimeout) {
    // The database's own bound for every statement of the session, autocommit ones too (decision 0083): sent once
    // as each connection opens, queued before any statement of the app's; a plain SET, which a pooler passes on.
    pool.on("connect", (client) => {
      client
        .query(`SET statement_timeout = ${statementTimeout}; SET lock_timeout = ${lockTimeout}`)
        .catch((error: Error) => options.onError?.(error));
    });
  }
  const markChange = changeMarker(pool, (error) => options.onError?.(error));
  const base = sqlOn(pool, markChange);
  let closed: Promise<void> | null = null;
  return {
    pool,
    ...base,
    unmarked: sqlOn(pool),
    async tx<T>(work: (sql: Sql) => Promise<T>, options: { lockFirst?: boolean } = {}) {
      const isolation = options.lockFirst ? "READ COMMITTED" : "SERIALIZABLE";
      // One round trip: the bound is the transaction's own, never left on a connection a pooler hands on.
      const begin = `BEGIN ISOLATION LEVEL ${isolation}${statementTimeout ? `; SET LOCAL statement_timeout = ${statementTimeout}; SET LOCAL lock_timeout = ${lockTimeout}` : ""}`;
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        let broken = false;
        let changed = false;
        let committed: { result: T } | null = null;
        try {
          await client.query(begin);
          const result = await work(sqlOn(client, () => (changed = true)));
          await client.query("COMMIT");
          committed = { result };
        } catch (error) {
          // A statement that got no answer may still be running there: it is cancelled, and the connection is
          // dropped, not reused.
          if (isQueryTimeout(error)) {
            cancelOnServer(client, CANCEL_WITHIN_MS);
            broken = true;
          } else {
            try {
              await client.query("ROLLBACK");
            } catch {
              broken = true;
            }
          }
          const code = (error as { code?: string }).code;
          if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
          // Backs off with jitter so the transactions that collided do not collide again.
          await pause(Math.random() * 5 * 2 ** attempt);
        } finally {
          client.release(broken);
        }
        if (committed) {
          // Once the connection is back in the pool: the move takes one, and a full pool must not wait on itself.
          if (changed) await markChange();
          return committed.result;
        }
      }
    },
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}

/** A statement of a migration, with its own client-side bound (pg reads `query_timeout` its types do not name). */
const migrationStatement = (text: string, values?: unknown[]) =>
  ({ text, values, query_timeout: MIGRATION_QUERY_TIMEOUT_MS }) as pg.QueryConfig;

/**
 * Applies every migration the database has not recorded, each in its own
 * transaction with its record (a failing one leaves the schema as it was). Safe
 * when several processes start at once: each migration begins by inserting its
 * version; a second process's insert waits for the first's transaction and then
 * finds the row, so a migration runs once (no advisory lock needed).
 */
export async function migrate(db: Pg, migrations: readonly Migration[] = appMigrations): Promise<number> {
  migrations.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version !== i + 1) {
      throw new MigrationError(`migration versions must be 1, 2, 3, …; found ${m.version} at position ${i + 1}`);
    }
  });
  try {
    await db.run(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version    integer PRIMARY KEY,
         name       text NOT NULL,
         applied_at bigint NOT NULL
       )`,
    );
  } catch (error) {
    // Two processes creating it at once: one of them loses on the catalogue's unique index; the table is there.
    if (!["23505", "42P07"].includes((error as { code?: string }).code ?? "")) throw error;
  }
  const newest = await db.row<{ version: number | null }>("SELECT max(version) AS version FROM schema_migrations");
  if ((newest?.version ?? 0) > migrations.length) {
    throw new MigrationError(
      `the database is at schema version ${newest?.version}, newer than this build knows (${migrations.length})`,
    );
  }
  for (const migration of migrations) {
    const client = await db.pool.connect();
    try {
      // Its own bounds, over the session's (a migration and a wait for another process's may take long).
      await client.query(
        migrationStatement(
          `BEGIN; SET LOCAL statement_timeout = ${MIGRATION_QUERY_TIMEOUT_MS}; SET LOCAL lock_timeout = ${MIGRATION_QUERY_TIMEOUT_MS}`,
        ),
      );
      const claimed = await client.query(
        migrationStatement(
          `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)
           ON CONFLICT (version) DO NOTHING RETURNING version`,
          [migration.version, migration.name, Date.now()],
        ),
      );
      if (claimed.rowCount === 1) await client.query(migrationStatement(migration.sql));
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw new MigrationError(
        `migration ${migration.version} (${migration.name}) failed and was rolled back: ${(error as Error).message}`,
      );
    } finally {
      client.release();
    }
  }
  return migrations.length;
}

/**
 * True when the database answers a trivial query within `withinMs`. Used by /readyz, which must answer even when
 * the database's host stopped answering without closing its connections (a network partition).
 */
export async function databaseAnswers(db: Sql, withinMs = 3_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  try {
    const answered = db.row<{ ok: number }>("SELECT 1 AS ok").then(
      (row) => row?.ok === 1,
      () => false,
    );
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
