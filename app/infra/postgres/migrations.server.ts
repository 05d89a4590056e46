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
    // SQLite's versions 1–10 (and the notification columns of 11 and 13) as they end up, plus the shared
    // counters. Members' notification choices and has_password are booleans (SQLite's 0/1, which its store
    // maps); JSON is text parsed in JavaScript (no statement looks inside it). SQLite's partial indexes are
    // plain ones here: a unique index already lets any number of rows have NULL, and (uid, read_at) finds a
    // member's unread notifications. The inbox's broadcast tables are here because the notifications store
    // reads them (the notices store writes broadcasts through its helpers, notificationStore.server.ts).
    sql: `
      CREATE TABLE members (
        uid              text PRIMARY KEY,
        name             text NOT NULL DEFAULT '',
        language         text NOT NULL DEFAULT 'en',
        unread_count     bigint NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
        created_at       bigint NOT NULL,
        updated_at       bigint NOT NULL,
        phone_number     text,
        nationality      text,
        visa             text,
        visa_expires_on  text,
        sign_up_method   text NOT NULL DEFAULT 'id',
        notify_visa      boolean NOT NULL DEFAULT true,
        notify_community boolean NOT NULL DEFAULT true,
        notify_notices   boolean NOT NULL DEFAULT true,
        has_password     boolean NOT NULL DEFAULT false
      );
      CREATE UNIQUE INDEX members_by_phone ON members (phone_number);
      CREATE INDEX members_by_creation ON members (created_at, uid);
      CREATE TABLE terms_agreements (
        uid         text NOT NULL REFERENCES members (uid) ON DELETE CASCADE,
        document    text NOT NULL,
        version     text NOT NULL,
        agreed      boolean NOT NULL,
        recorded_at bigint NOT NULL,
        PRIMARY KEY (uid, document, version)
      );
      CREATE TABLE withdrawals (
        uid          text NOT NULL,
        withdrawn_at bigint NOT NULL,
        reason       text,
        terms        text NOT NULL,
        PRIMARY KEY (uid, withdrawn_at)
      );
      CREATE INDEX withdrawals_by_time ON withdrawals (withdrawn_at);
      CREATE TABLE session_revocations (
        uid         text PRIMARY KEY,
        valid_after bigint NOT NULL
      );
      CREATE TABLE phone_codes (
        id           text PRIMARY KEY,
        phone        text NOT NULL,
        purpose      text NOT NULL,
        code_hash    text NOT NULL,
        browser_hash text NOT NULL,
        client_hash  text NOT NULL,
        created_at   bigint NOT NULL,
        expires_at   bigint NOT NULL,
        attempts     integer NOT NULL DEFAULT 0,
        closed_at    bigint
      );
      CREATE INDEX phone_codes_by_phone ON phone_codes (phone, created_at);
      CREATE INDEX phone_codes_by_client ON phone_codes (client_hash, created_at);
      CREATE TABLE auth_flows (
        id_hash      text PRIMARY KEY,
        kind         text NOT NULL,
        browser_hash text NOT NULL,
        data         text NOT NULL,
        created_at   bigint NOT NULL,
        expires_at   bigint NOT NULL
      );
      CREATE INDEX auth_flows_by_expiry ON auth_flows (expires_at);
      CREATE TABLE password_failures (
        key             text PRIMARY KEY,
        failures        integer NOT NULL,
        locks           integer NOT NULL,
        last_failure_at bigint NOT NULL,
        locked_until    bigint NOT NULL
      );
      CREATE TABLE notifications (
        id         text PRIMARY KEY,
        uid        text NOT NULL,
        kind       text NOT NULL,
        dedupe_key text NOT NULL,
        data       text NOT NULL,
        created_at bigint NOT NULL,
        read_at    bigint,
        subject    text,
        actor_uid  text,
        UNIQUE (uid, dedupe_key)
      );
      CREATE INDEX notifications_by_member ON notifications (uid, created_at, id);
      CREATE INDEX notifications_unread ON notifications (uid, read_at);
      CREATE INDEX notifications_by_subject ON notifications (subject);
      CREATE INDEX notifications_by_key ON notifications (dedupe_key);
      CREATE INDEX notifications_by_actor ON notifications (actor_uid);
      CREATE TABLE visa_expiry_first_seen (
        uid           text NOT NULL,
        expires_on    text NOT NULL,
        first_seen_on text NOT NULL,
        PRIMARY KEY (uid, expires_on)
      );
      CREATE TABLE broadcasts (
        id         text PRIMARY KEY,
        kind       text NOT NULL,
        dedupe_key text NOT NULL UNIQUE,
        data       text NOT NULL,
        subject    text,
        created_at bigint NOT NULL
      );
      CREATE INDEX broadcasts_by_time ON broadcasts (created_at, id);
      CREATE TABLE broadcast_reads (
        broadcast_id text NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
        uid          text NOT NULL,
        read_at      bigint NOT NULL,
        removed      boolean NOT NULL DEFAULT false,
        PRIMARY KEY (broadcast_id, uid)
      );
      CREATE INDEX broadcast_reads_by_member ON broadcast_reads (uid);
      CREATE TABLE broadcast_marks (
        uid        text PRIMARY KEY,
        read_up_to bigint NOT NULL
      );
      -- The rate-limit tiers and form attempts of every process (app/stores/counters.ts): one row per key, its
      -- window's hits and end. Ended windows are overwritten by the key's next hit or pruned (counterStore).
      CREATE TABLE counters (
        key        text PRIMARY KEY,
        hits       bigint NOT NULL CHECK (hits >= 0),
        reset_time bigint NOT NULL
      );
      CREATE INDEX counters_by_end ON counters (reset_time);
    `,
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
  {
    version: 5,
    name: "single sign-on: the provider's records, registered partners, members' consents",
    sql: `
      CREATE TABLE sso_payloads (
        model       text NOT NULL,
        id          text NOT NULL,
        payload     text NOT NULL,
        grant_id    text,
        uid         text,
        user_code   text,
        expires_at  bigint,
        consumed_at bigint,
        PRIMARY KEY (model, id)
      );
      CREATE INDEX sso_payloads_by_grant ON sso_payloads (grant_id);
      CREATE INDEX sso_payloads_by_uid ON sso_payloads (model, uid);
      CREATE INDEX sso_payloads_by_user_code ON sso_payloads (model, user_code);
      CREATE INDEX sso_payloads_by_expiry ON sso_payloads (expires_at);
      CREATE TABLE sso_clients (
        client_id      text PRIMARY KEY,
        name           text NOT NULL,
        secret_hash    text NOT NULL,
        redirect_uris  text NOT NULL,
        allowed_claims text NOT NULL,
        disabled_at    bigint,
        created_at     bigint NOT NULL
      );
      CREATE TABLE sso_consents (
        uid        text NOT NULL,
        client_id  text NOT NULL REFERENCES sso_clients (client_id),
        grant_id   text NOT NULL,
        claims     text NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (uid, client_id)
      );
      CREATE INDEX sso_consents_by_client ON sso_consents (client_id);
    `,
  },
  {
    version: 6,
    name: "single sign-on: a partner's ID token algorithm and PKCE exception",
    // SQLite's version 22: partners registered before keep ES256, which they were told (decision 0081).
    sql: `
      ALTER TABLE sso_clients ADD COLUMN id_token_alg text NOT NULL DEFAULT 'ES256'
        CHECK (id_token_alg IN ('RS256', 'ES256'));
      ALTER TABLE sso_clients ADD COLUMN allow_no_pkce boolean NOT NULL DEFAULT false;
    `,
  },
  {
    version: 7,
    name: "admin roles (SQLite's 23)",
    sql: `
      CREATE TABLE admin_roles (
        uid        text PRIMARY KEY,
        admin      boolean NOT NULL,
        changed_at bigint NOT NULL
      );
    `,
  },
  {
    version: 8,
    name: "audit actors (SQLite's 24)",
    sql: `
      ALTER TABLE audit_log ADD COLUMN actor_kind text NOT NULL DEFAULT 'admin'
        CHECK (actor_kind IN ('admin', 'import', 'operator'));
      ALTER TABLE audit_log ADD COLUMN actor_name text;
      UPDATE audit_log SET actor_kind = 'import' WHERE actor_uid = 'import';
    `,
  },
  {
    version: 9,
    name: "reminders that leave the app (SQLite's 25)",
    sql: `
      CREATE TABLE reminder_choices (
        uid        text NOT NULL,
        kind       text NOT NULL CHECK (kind IN ('visa', 'passport', 'appointment')),
        channel    text NOT NULL CHECK (channel IN ('push', 'sms')),
        is_on      boolean NOT NULL,
        changed_at bigint NOT NULL,
        PRIMARY KEY (uid, kind, channel)
      );
      CREATE INDEX reminder_choices_on ON reminder_choices (is_on, uid);
      CREATE TABLE reminder_choice_log (
        id      text PRIMARY KEY,
        uid     text NOT NULL,
        kind    text NOT NULL,
        channel text NOT NULL,
        is_on   boolean NOT NULL,
        at      bigint NOT NULL,
        source  text NOT NULL CHECK (source IN ('page', 'stopLink'))
      );
      CREATE INDEX reminder_choice_log_by_member ON reminder_choice_log (uid, at);
      CREATE TABLE push_subscriptions (
        endpoint   text PRIMARY KEY,
        uid        text NOT NULL,
        p256dh     text NOT NULL,
        auth       text NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE INDEX push_subscriptions_by_member ON push_subscriptions (uid, created_at);
      CREATE TABLE reminder_deliveries (
        uid        text NOT NULL,
        key        text NOT NULL,
        state      text NOT NULL CHECK (state IN ('claimed', 'sent', 'failed')),
        attempts   integer NOT NULL,
        retry_at   bigint,
        claimed_at bigint NOT NULL,
        sent_at    bigint,
        PRIMARY KEY (uid, key)
      );
    `,
  },
  {
    version: 10,
    name: "single sign-on: a partner's web address, privacy policy and retention period (SQLite's 26)",
    sql: `
      ALTER TABLE sso_clients ADD COLUMN website text;
      ALTER TABLE sso_clients ADD COLUMN privacy_url text;
      ALTER TABLE sso_clients ADD COLUMN retention_months integer CHECK (retention_months BETWEEN 0 AND 120);
    `,
  },
  {
    version: 11,
    name: "a member's passport expiry (SQLite's 27)",
    sql: `
      ALTER TABLE members ADD COLUMN passport_expires_on text;
    `,
  },
  {
    version: 12,
    name: "extension kits (SQLite's 28)",
    sql: `
      CREATE TABLE extension_kits (
        item_cd    text PRIMARY KEY,
        sort_order integer NOT NULL,
        facts      text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX extension_kits_in_order ON extension_kits (sort_order, item_cd);
      CREATE TABLE extension_kit_texts (
        item_cd  text NOT NULL REFERENCES extension_kits (item_cd) ON DELETE CASCADE,
        language text NOT NULL,
        text     text NOT NULL,
        PRIMARY KEY (item_cd, language)
      );
      CREATE INDEX extension_kit_texts_by_language ON extension_kit_texts (language);
    `,
  },
  {
    version: 13,
    name: "work rules (SQLite's 29)",
    sql: `
      CREATE TABLE work_rules (
        item_cd    text PRIMARY KEY,
        sort_order integer NOT NULL,
        facts      text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX work_rules_in_order ON work_rules (sort_order, item_cd);
      CREATE TABLE work_rule_texts (
        item_cd  text NOT NULL REFERENCES work_rules (item_cd) ON DELETE CASCADE,
        language text NOT NULL,
        text     text NOT NULL,
        PRIMARY KEY (item_cd, language)
      );
      CREATE INDEX work_rule_texts_by_language ON work_rule_texts (language);
    `,
  },
  {
    version: 14,
    name: "the extension kit's checklist (SQLite's 30)",
    sql: `
      CREATE TABLE kit_checklists (
        uid       text NOT NULL,
        code      text NOT NULL,
        document  text NOT NULL,
        ticked_at bigint NOT NULL,
        PRIMARY KEY (uid, code, document)
      );
      `,
  },
  {
    version: 15,
    name: "a member's appointment at an immigration office (SQLite's 31)",
    sql: `
      CREATE TABLE member_appointments (
        uid       text PRIMARY KEY,
        id        text NOT NULL,
        office    text NOT NULL,
        starts_at bigint NOT NULL,
        saved_at  bigint NOT NULL
      );
      CREATE INDEX member_appointments_by_start ON member_appointments (starts_at);
    `,
  },
];
