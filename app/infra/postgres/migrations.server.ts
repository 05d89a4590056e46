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
    // job_leases: which process runs a periodic job (app/stores/leases.ts). sms_outbox: local mode's texts
    // (app/infra/sms), readable from every process; kept bounded by its writer. change_marks: one row whose mark
    // moves after every committed change, read by the shared pages' cache (Stores.changeMark, decision 0074).
    sql: `
      CREATE TABLE job_leases (
        name       text PRIMARY KEY,
        holder     text NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE TABLE sms_outbox (
        id        text PRIMARY KEY,
        recipient text NOT NULL,
        body      text NOT NULL,
        sent_at   bigint NOT NULL
      );
      CREATE INDEX sms_outbox_by_time ON sms_outbox (sent_at, id);
      CREATE TABLE change_marks (
        id   integer PRIMARY KEY,
        mark bigint NOT NULL
      );
      INSERT INTO change_marks (id, mark) VALUES (1, 0);
    `,
  },
];
