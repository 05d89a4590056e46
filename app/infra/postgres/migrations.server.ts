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
    // SQLite's versions 14–19 as they stand. JSON stays text, parsed in JavaScript (no store queries inside it);
    // pinned and required are booleans (the stores read SQLite's 0/1 and these alike); exchange rates' figures
    // are exact decimal text, as in SQLite. No partial index (SQLite's notices_listed is one): the published
    // list filters on published_at through the same columns. broadcasts belongs to the inbox (migration 1 makes
    // it, with broadcast_reads and broadcast_marks, for the notifications store that reads them); the notices
    // store writes it, so it is made here too where migration 1 did not, the same table.
    sql: `
      CREATE TABLE notices (
        item_cd      text PRIMARY KEY,
        category     text NOT NULL,
        pinned       boolean NOT NULL DEFAULT false,
        published_at bigint,
        titles       text NOT NULL,
        created_at   bigint NOT NULL,
        updated_at   bigint NOT NULL
      );
      CREATE INDEX notices_listed ON notices (pinned, published_at, item_cd);
      CREATE INDEX notices_by_change ON notices (updated_at, item_cd);
      CREATE TABLE notice_translations (
        item_cd  text NOT NULL REFERENCES notices (item_cd) ON DELETE CASCADE,
        language text NOT NULL,
        title    text NOT NULL,
        body     text NOT NULL,
        PRIMARY KEY (item_cd, language)
      );
      CREATE TABLE IF NOT EXISTS broadcasts (
        id         text PRIMARY KEY,
        kind       text NOT NULL,
        dedupe_key text NOT NULL UNIQUE,
        data       text NOT NULL,
        subject    text,
        created_at bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS broadcasts_by_time ON broadcasts (created_at, id);
      CREATE TABLE audit_log (
        id          text PRIMARY KEY,
        actor_uid   text NOT NULL,
        action      text NOT NULL,
        target_kind text NOT NULL,
        target_id   text NOT NULL,
        summary     text NOT NULL,
        created_at  bigint NOT NULL
      );
      CREATE INDEX audit_log_by_time ON audit_log (created_at, id);
      CREATE TABLE benefits (
        item_cd    text PRIMARY KEY,
        category   text NOT NULL,
        sort_order integer NOT NULL,
        facts      text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX benefits_in_order ON benefits (sort_order, item_cd);
      CREATE TABLE benefit_texts (
        item_cd  text NOT NULL REFERENCES benefits (item_cd) ON DELETE CASCADE,
        language text NOT NULL,
        text     text NOT NULL,
        PRIMARY KEY (item_cd, language)
      );
      CREATE INDEX benefit_texts_by_language ON benefit_texts (language);
      CREATE TABLE offers (
        item_cd    text PRIMARY KEY,
        sort_order integer NOT NULL,
        facts      text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX offers_in_order ON offers (sort_order, item_cd);
      CREATE TABLE offer_texts (
        item_cd  text NOT NULL REFERENCES offers (item_cd) ON DELETE CASCADE,
        language text NOT NULL,
        text     text NOT NULL,
        PRIMARY KEY (item_cd, language)
      );
      CREATE INDEX offer_texts_by_language ON offer_texts (language);
      CREATE TABLE terms_versions (
        document     text NOT NULL,
        version      text NOT NULL,
        effective_on text NOT NULL,
        required     boolean NOT NULL,
        published_at bigint,
        created_at   bigint NOT NULL,
        updated_at   bigint NOT NULL,
        PRIMARY KEY (document, version)
      );
      CREATE TABLE terms_texts (
        document text NOT NULL,
        version  text NOT NULL,
        language text NOT NULL,
        title    text NOT NULL,
        summary  text NOT NULL,
        sections text NOT NULL,
        PRIMARY KEY (document, version, language),
        FOREIGN KEY (document, version) REFERENCES terms_versions (document, version) ON DELETE CASCADE
      );
      CREATE TABLE exchange_rates (
        source      text NOT NULL CHECK (source IN ('eximbank', 'operator', 'sample')),
        currency    text NOT NULL,
        unit        integer NOT NULL CHECK (unit IN (1, 100)),
        base        text NOT NULL,
        ttb         text,
        tts         text,
        day         text NOT NULL,
        source_name text NOT NULL,
        source_url  text,
        stored_at   bigint NOT NULL,
        PRIMARY KEY (source, currency)
      );
      CREATE TABLE exchange_rate_fetches (
        source       text PRIMARY KEY,
        attempted_at bigint NOT NULL,
        outcome      text NOT NULL,
        not_before   bigint
      );
      CREATE TABLE corridors (
        country    text PRIMARY KEY CHECK (length(country) = 2),
        figures    text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE TABLE loan_products (
        item_cd    text PRIMARY KEY,
        sort_order integer NOT NULL,
        facts      text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX loan_products_in_order ON loan_products (sort_order, item_cd);
      CREATE TABLE loan_product_texts (
        item_cd  text NOT NULL REFERENCES loan_products (item_cd) ON DELETE CASCADE,
        language text NOT NULL,
        text     text NOT NULL,
        PRIMARY KEY (item_cd, language)
      );
      CREATE INDEX loan_product_texts_by_language ON loan_product_texts (language);
    `,
  },
  {
    version: 4,
    name: "operations: job leases, the local text outbox",
    sql: `SELECT 1;`,
  },
];
