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
    // SQLite's versions 11 and 12 (notifications themselves are version 1's). Feeds carry their author's
    // label, their photos (JSON text, parsed by the store) and their counters, so a card is one row;
    // comments and likes go with their feed (ON DELETE CASCADE); reports one per member per item. files:
    // each photo's owner and size (the quota), pending until a feed takes it. file_blobs: the bytes
    // (app/infra/postgres/fileStorage.server.ts), by the names of app/stores/community.ts photoNames; the
    // files store deletes a record's blobs in the transaction that deletes the record.
    sql: `
      CREATE TABLE feeds (
        id                 text PRIMARY KEY,
        author_uid         text NOT NULL,
        author_label       text NOT NULL,
        author_nationality text,
        category           text NOT NULL,
        text               text NOT NULL,
        photos             text NOT NULL,
        like_count         bigint NOT NULL DEFAULT 0 CHECK (like_count >= 0),
        comment_count      bigint NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
        report_count       bigint NOT NULL DEFAULT 0 CHECK (report_count >= 0),
        status             text NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'reported', 'hidden')),
        created_at         bigint NOT NULL,
        updated_at         bigint NOT NULL
      );
      CREATE INDEX feeds_listed ON feeds (status, created_at, id);
      CREATE INDEX feeds_listed_by_category ON feeds (status, category, created_at, id);
      CREATE INDEX feeds_by_author ON feeds (author_uid, created_at, id);
      CREATE TABLE comments (
        id                 text PRIMARY KEY,
        feed_id            text NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        parent_id          text REFERENCES comments (id) ON DELETE CASCADE,
        author_uid         text NOT NULL,
        author_label       text NOT NULL,
        author_nationality text,
        text               text NOT NULL,
        report_count       bigint NOT NULL DEFAULT 0 CHECK (report_count >= 0),
        status             text NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'reported', 'hidden')),
        created_at         bigint NOT NULL,
        reply_count        bigint NOT NULL DEFAULT 0 CHECK (reply_count >= 0)
      );
      CREATE INDEX comments_by_feed ON comments (feed_id, parent_id, created_at, id);
      CREATE INDEX comments_by_parent ON comments (parent_id, created_at, id);
      CREATE INDEX comments_by_author ON comments (author_uid, created_at, id);
      CREATE TABLE likes (
        feed_id    text NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        uid        text NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (feed_id, uid)
      );
      CREATE INDEX likes_by_member ON likes (uid);
      CREATE TABLE reports (
        target_kind  text NOT NULL CHECK (target_kind IN ('feed', 'comment')),
        target_id    text NOT NULL,
        reporter_uid text NOT NULL,
        reason       text NOT NULL,
        text         text,
        created_at   bigint NOT NULL,
        closed_at    bigint,
        PRIMARY KEY (target_kind, target_id, reporter_uid)
      );
      CREATE INDEX reports_open ON reports (closed_at, created_at, target_kind, target_id);
      CREATE INDEX reports_by_reporter ON reports (reporter_uid);
      CREATE TABLE files (
        id         text PRIMARY KEY,
        owner_uid  text NOT NULL,
        feed_id    text,
        bytes      bigint NOT NULL CHECK (bytes >= 0),
        created_at bigint NOT NULL
      );
      CREATE INDEX files_by_owner ON files (owner_uid);
      CREATE INDEX files_by_feed ON files (feed_id, created_at);
      CREATE TABLE file_blobs (
        name       text PRIMARY KEY,
        bytes      bytea NOT NULL,
        created_at bigint NOT NULL
      );
    `,
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
