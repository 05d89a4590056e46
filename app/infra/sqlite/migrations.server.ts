/**
 * Versioned schema migrations, applied in order at start. Never edit a migration
 * that has shipped: add the next version instead. `PRAGMA user_version` records
 * the version a database file is at.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "members",
    // The profile the app keeps beside the Firebase Auth user (same uid). Filled by
    // the sign-up flows; the unread-notice badge and my page read it.
    sql: `
      CREATE TABLE members (
        uid         TEXT PRIMARY KEY,
        name        TEXT NOT NULL DEFAULT '',
        language    TEXT NOT NULL DEFAULT 'en',
        unread_count INTEGER NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 2,
    name: "session revocations",
    // Sign-out, password change and withdrawal end every session of a member. The
    // time is kept here so a session check needs no call to Firebase: a session
    // whose sign-in (auth_time, seconds) is older is refused.
    sql: `
      CREATE TABLE session_revocations (
        uid         TEXT PRIMARY KEY,
        valid_after INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 3,
    name: "phone codes",
    // Verification codes we issue ourselves (see verification/phoneCodes.server.ts). Codes,
    // browser bindings and client addresses are stored as keyed hashes only.
    sql: `
      CREATE TABLE phone_codes (
        id           TEXT PRIMARY KEY,
        phone        TEXT NOT NULL,
        purpose      TEXT NOT NULL,
        code_hash    TEXT NOT NULL,
        browser_hash TEXT NOT NULL,
        client_hash  TEXT NOT NULL,
        created_at   INTEGER NOT NULL,
        expires_at   INTEGER NOT NULL,
        attempts     INTEGER NOT NULL DEFAULT 0,
        closed_at    INTEGER
      ) STRICT;
      CREATE INDEX phone_codes_by_phone ON phone_codes (phone, created_at);
      CREATE INDEX phone_codes_by_client ON phone_codes (client_hash, created_at);
    `,
  },
  {
    version: 4,
    name: "sign-up: profiles, terms records, drafts",
    // Profile fields the sign-up flows collect; the terms a member agreed to (or
    // declined, for optional items) with each document's version and the time; and
    // sign-up drafts, kept on the server until the account is made or they expire.
    sql: `
      ALTER TABLE members ADD COLUMN phone_number TEXT;
      ALTER TABLE members ADD COLUMN nationality TEXT;
      ALTER TABLE members ADD COLUMN visa TEXT;
      ALTER TABLE members ADD COLUMN visa_expires_on TEXT;
      ALTER TABLE members ADD COLUMN sign_up_method TEXT NOT NULL DEFAULT 'id';
      CREATE TABLE terms_agreements (
        uid         TEXT NOT NULL REFERENCES members (uid) ON DELETE CASCADE,
        document    TEXT NOT NULL,
        version     TEXT NOT NULL,
        agreed      INTEGER NOT NULL CHECK (agreed IN (0, 1)),
        recorded_at INTEGER NOT NULL,
        PRIMARY KEY (uid, document, version)
      ) STRICT;
      CREATE TABLE signup_drafts (
        id           TEXT PRIMARY KEY,
        kind         TEXT NOT NULL CHECK (kind IN ('id', 'phone')),
        data         TEXT NOT NULL,
        updated_at   INTEGER NOT NULL,
        expires_at   INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX signup_drafts_by_expiry ON signup_drafts (expires_at);
    `,
  },
  {
    version: 5,
    name: "sign-up drafts for joining with Google",
    // SQLite cannot change a CHECK constraint in place: the table is rebuilt with
    // the third kind, keeping the drafts in flight.
    sql: `
      CREATE TABLE signup_drafts_v5 (
        id           TEXT PRIMARY KEY,
        kind         TEXT NOT NULL CHECK (kind IN ('id', 'phone', 'google')),
        data         TEXT NOT NULL,
        updated_at   INTEGER NOT NULL,
        expires_at   INTEGER NOT NULL
      ) STRICT;
      INSERT INTO signup_drafts_v5 SELECT id, kind, data, updated_at, expires_at FROM signup_drafts;
      DROP TABLE signup_drafts;
      ALTER TABLE signup_drafts_v5 RENAME TO signup_drafts;
      CREATE INDEX signup_drafts_by_expiry ON signup_drafts (expires_at);
    `,
  },
  {
    version: 6,
    name: "multi-step flows on the server",
    // Sign-up drafts, password recovery (and its grant), phone sign-in and Google
    // sign-in keep their state here (infra/sqlite/flowStore.server.ts): found by a keyed
    // hash of the random id in the flow's cookie, bound to one browser, expiring
    // here. Drafts in flight were not bound to a browser; they are dropped, and
    // those visitors start their sign-up again.
    sql: `
      CREATE TABLE auth_flows (
        id_hash      TEXT PRIMARY KEY,
        kind         TEXT NOT NULL,
        browser_hash TEXT NOT NULL,
        data         TEXT NOT NULL,
        created_at   INTEGER NOT NULL,
        expires_at   INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX auth_flows_by_expiry ON auth_flows (expires_at);
      DROP TABLE signup_drafts;
    `,
  },
  {
    version: 7,
    name: "failed passwords per ID",
    // Consecutive wrong passwords per typed ID (a keyed hash, never the address),
    // and until when that ID must wait (auth/passwordAttempts.server.ts).
    sql: `
      CREATE TABLE password_failures (
        key             TEXT PRIMARY KEY,
        failures        INTEGER NOT NULL,
        locks           INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL,
        locked_until    INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 8,
    name: "one member per phone number; members paged in order",
    // A phone number belongs to one member (the members store answers "phoneTaken"
    // instead of storing a second). The identity provider already holds one number
    // per account, and a profile is made only after its account got the number, so
    // where two profiles share one the older one's is stale (its account was deleted
    // or changed number): it is cleared rather than blocking the migration. Members
    // are paged by (created_at, uid).
    sql: `
      UPDATE members SET phone_number = NULL
        WHERE phone_number IS NOT NULL
          AND EXISTS (
            SELECT 1 FROM members AS newer
            WHERE newer.phone_number = members.phone_number
              AND (newer.created_at, newer.uid) > (members.created_at, members.uid)
          );
      CREATE UNIQUE INDEX members_by_phone ON members (phone_number) WHERE phone_number IS NOT NULL;
      CREATE INDEX members_by_creation ON members (created_at, uid);
    `,
  },
  {
    version: 9,
    name: "notifications; first sight of visa expiry dates",
    // A member's notifications (infra/sqlite/notificationStore.server.ts): any kind (no
    // CHECK on kind, so a new kind needs no table rebuild), with its data as JSON, and a
    // key unique per member so the same notification is stored once however many times
    // or processes make it. Paged newest first by (created_at, id); unread ones counted
    // through a partial index. No foreign key to members: withdrawal deletes them
    // (removeAllFor), as a store without foreign keys would.
    // visa_expiry_first_seen: the day (Korea) the reminder job first saw each expiry
    // date of a member; reminders dated before it are never sent (visa/reminders.ts).
    sql: `
      CREATE TABLE notifications (
        id         TEXT PRIMARY KEY,
        uid        TEXT NOT NULL,
        kind       TEXT NOT NULL,
        dedupe_key TEXT NOT NULL,
        data       TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
        created_at INTEGER NOT NULL,
        read_at    INTEGER,
        UNIQUE (uid, dedupe_key)
      ) STRICT;
      CREATE INDEX notifications_by_member ON notifications (uid, created_at, id);
      CREATE INDEX notifications_unread ON notifications (uid) WHERE read_at IS NULL;
      CREATE TABLE visa_expiry_first_seen (
        uid           TEXT NOT NULL,
        expires_on    TEXT NOT NULL,
        first_seen_on TEXT NOT NULL,
        PRIMARY KEY (uid, expires_on)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    version: 10,
    name: "my page: notification choices, passwords, withdrawals",
    // Which notifications a member wants (all by default), whether the account can sign
    // in with a password (ID joins can; phone and Google joins once they set one), and
    // the record kept for 5 years after a withdrawal (domain-facts §6): when, the
    // optional reason and the terms answers, with the uid only (no name, number or ID).
    sql: `
      ALTER TABLE members ADD COLUMN notify_visa INTEGER NOT NULL DEFAULT 1 CHECK (notify_visa IN (0, 1));
      ALTER TABLE members ADD COLUMN notify_community INTEGER NOT NULL DEFAULT 1 CHECK (notify_community IN (0, 1));
      ALTER TABLE members ADD COLUMN notify_notices INTEGER NOT NULL DEFAULT 1 CHECK (notify_notices IN (0, 1));
      ALTER TABLE members ADD COLUMN has_password INTEGER NOT NULL DEFAULT 0 CHECK (has_password IN (0, 1));
      UPDATE members SET has_password = 1 WHERE sign_up_method = 'id';
      CREATE TABLE withdrawals (
        uid          TEXT NOT NULL,
        withdrawn_at INTEGER NOT NULL,
        reason       TEXT,
        terms        TEXT NOT NULL CHECK (json_valid(terms)),
        PRIMARY KEY (uid, withdrawn_at)
      ) STRICT;
      CREATE INDEX withdrawals_by_time ON withdrawals (withdrawn_at);
    `,
  },
  {
    version: 11,
    name: "community: feeds, comments, likes, reports, files; notifications about a subject",
    // Feeds carry their author's label (kept as written), their photos (JSON) and their
    // counters, so a card is one row. Comments and likes go with their feed (ON DELETE
    // CASCADE); reports are kept one per member per item for good (a second one is
    // refused) and closed by a moderator's decision. files: every stored photo's owner
    // and size (the quota), pending until its feed is saved. notifications.subject names
    // what a notification is about, so deleting a feed deletes them in the same step.
    sql: `
      CREATE TABLE feeds (
        id                 TEXT PRIMARY KEY,
        author_uid         TEXT NOT NULL,
        author_label       TEXT NOT NULL,
        author_nationality TEXT,
        category           TEXT NOT NULL,
        text               TEXT NOT NULL,
        photos             TEXT NOT NULL CHECK (json_valid(photos) AND json_type(photos) = 'array'),
        like_count         INTEGER NOT NULL DEFAULT 0 CHECK (like_count >= 0),
        comment_count      INTEGER NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
        report_count       INTEGER NOT NULL DEFAULT 0 CHECK (report_count >= 0),
        status             TEXT NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'reported', 'hidden')),
        created_at         INTEGER NOT NULL,
        updated_at         INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX feeds_listed ON feeds (status, created_at, id);
      CREATE INDEX feeds_listed_by_category ON feeds (status, category, created_at, id);
      CREATE INDEX feeds_by_author ON feeds (author_uid, created_at, id);
      CREATE TABLE comments (
        id                 TEXT PRIMARY KEY,
        feed_id            TEXT NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        parent_id          TEXT REFERENCES comments (id) ON DELETE CASCADE,
        author_uid         TEXT NOT NULL,
        author_label       TEXT NOT NULL,
        author_nationality TEXT,
        text               TEXT NOT NULL,
        report_count       INTEGER NOT NULL DEFAULT 0 CHECK (report_count >= 0),
        status             TEXT NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'reported', 'hidden')),
        created_at         INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX comments_by_feed ON comments (feed_id, parent_id, created_at, id);
      CREATE INDEX comments_by_parent ON comments (parent_id, created_at, id);
      CREATE INDEX comments_by_author ON comments (author_uid, created_at, id);
      CREATE TABLE likes (
        feed_id    TEXT NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        uid        TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (feed_id, uid)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX likes_by_member ON likes (uid);
      CREATE TABLE reports (
        target_kind  TEXT NOT NULL CHECK (target_kind IN ('feed', 'comment')),
        target_id    TEXT NOT NULL,
        reporter_uid TEXT NOT NULL,
        reason       TEXT NOT NULL,
        text         TEXT,
        created_at   INTEGER NOT NULL,
        closed_at    INTEGER,
        PRIMARY KEY (target_kind, target_id, reporter_uid)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX reports_open ON reports (created_at, target_kind, target_id) WHERE closed_at IS NULL;
      CREATE INDEX reports_by_reporter ON reports (reporter_uid);
      CREATE TABLE files (
        id         TEXT PRIMARY KEY,
        owner_uid  TEXT NOT NULL,
        feed_id    TEXT,
        bytes      INTEGER NOT NULL CHECK (bytes >= 0),
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX files_by_owner ON files (owner_uid);
      CREATE INDEX files_by_feed ON files (feed_id);
      CREATE INDEX files_pending ON files (created_at) WHERE feed_id IS NULL;
      ALTER TABLE notifications ADD COLUMN subject TEXT;
      CREATE INDEX notifications_by_subject ON notifications (subject) WHERE subject IS NOT NULL;
      CREATE INDEX notifications_by_key ON notifications (dedupe_key);
    `,
  },
  {
    version: 12,
    name: "community: reply counts on comments",
    // A feed page shows each comment with its first replies and "N more" (issue 24): the
    // count lives on the comment it counts, moved in the same transaction as the reply.
    // Existing comments are counted once here.
    sql: `
      ALTER TABLE comments ADD COLUMN reply_count INTEGER NOT NULL DEFAULT 0 CHECK (reply_count >= 0);
      UPDATE comments SET reply_count = (SELECT count(*) FROM comments AS r WHERE r.parent_id = comments.id)
        WHERE parent_id IS NULL;
    `,
  },
  {
    version: 13,
    name: "notifications: the member each names (actor), and none left quoting a hidden comment",
    // actor_uid: the member whose act a notification tells and whose name it carries (the commenter,
    // the last liker), so that their withdrawal takes the name out of others' inboxes in the same step.
    // Filled for those stored before: a comment's from its comment; a like's from the like stored at the
    // notification's own time (a like and its notification are made together, at one time). A like
    // notification whose named liker's like is gone (taken back, or withdrawn before this version) no
    // longer names anyone: it says how many like the feed now, or goes when none do. And the notifications
    // of comments already reported or hidden go, as they now go when a comment stops being visible.
    sql: `
      ALTER TABLE notifications ADD COLUMN actor_uid TEXT;
      CREATE INDEX notifications_by_actor ON notifications (actor_uid) WHERE actor_uid IS NOT NULL;
      DELETE FROM notifications
        WHERE dedupe_key IN (SELECT 'comment:' || id FROM comments WHERE status <> 'visible');
      UPDATE notifications
        SET actor_uid = (SELECT c.author_uid FROM comments c WHERE c.id = substr(notifications.dedupe_key, 9))
        WHERE kind IN ('comment', 'reply') AND dedupe_key LIKE 'comment:%';
      UPDATE notifications
        SET actor_uid = (
          SELECT l.uid FROM likes l
          WHERE l.feed_id = substr(notifications.dedupe_key, 6) AND l.created_at = notifications.created_at
          ORDER BY l.uid LIMIT 1)
        WHERE kind = 'like' AND dedupe_key LIKE 'like:%';
      DELETE FROM notifications
        WHERE kind = 'like' AND actor_uid IS NULL AND json_type(data, '$.by') IS NOT NULL
          AND coalesce((SELECT f.like_count FROM feeds f WHERE f.id = substr(notifications.subject, 6)), 0) = 0;
      UPDATE notifications
        SET data = json_set(json_remove(data, '$.by', '$.others'), '$.likeCount',
          (SELECT f.like_count FROM feeds f WHERE f.id = substr(notifications.subject, 6)))
        WHERE kind = 'like' AND actor_uid IS NULL AND json_type(data, '$.by') IS NOT NULL;
    `,
  },
  {
    version: 14,
    name: "notices, their broadcast to inboxes, the admin audit log",
    // notices: the spec's notices by item code, a Korean original and translations (one row per language),
    // published_at null while a draft (a time to come: scheduled). Listed pinned first, then newest; a list reads
    // the notice's row alone (its titles by language, kept with it), never the bodies.
    // broadcasts: one row per published notice that every member's inbox reads (decision 0052): publishing
    // writes one row, not one per member. A member's reads and deletions of broadcasts are rows written only
    // when they act (broadcast_reads), and "mark all read" is one row per member (broadcast_marks).
    // audit_log: who changed what in the admin area or through the content import, and when.
    sql: `
      CREATE TABLE notices (
        item_cd      TEXT PRIMARY KEY,
        category     TEXT NOT NULL,
        pinned       INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
        published_at INTEGER,
        titles       TEXT NOT NULL CHECK (json_valid(titles) AND json_type(titles) = 'object'),
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX notices_listed ON notices (pinned, published_at, item_cd) WHERE published_at IS NOT NULL;
      CREATE INDEX notices_by_change ON notices (updated_at, item_cd);
      CREATE TABLE notice_translations (
        item_cd  TEXT NOT NULL REFERENCES notices (item_cd) ON DELETE CASCADE,
        language TEXT NOT NULL,
        title    TEXT NOT NULL,
        body     TEXT NOT NULL,
        PRIMARY KEY (item_cd, language)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE broadcasts (
        id         TEXT PRIMARY KEY,
        kind       TEXT NOT NULL,
        dedupe_key TEXT NOT NULL UNIQUE,
        data       TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
        subject    TEXT,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX broadcasts_by_time ON broadcasts (created_at, id);
      CREATE TABLE broadcast_reads (
        broadcast_id TEXT NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
        uid          TEXT NOT NULL,
        read_at      INTEGER NOT NULL,
        removed      INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
        PRIMARY KEY (broadcast_id, uid)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX broadcast_reads_by_member ON broadcast_reads (uid);
      CREATE TABLE broadcast_marks (
        uid        TEXT PRIMARY KEY,
        read_up_to INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE audit_log (
        id          TEXT PRIMARY KEY,
        actor_uid   TEXT NOT NULL,
        action      TEXT NOT NULL,
        target_kind TEXT NOT NULL,
        target_id   TEXT NOT NULL,
        summary     TEXT NOT NULL,
        created_at  INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX audit_log_by_time ON audit_log (created_at, id);
    `,
  },
  {
    version: 15,
    name: "benefits and partner offers",
    // Content an operator keeps (app/stores/content.ts): an item's facts that read the same in every
    // language as one JSON object, and its text per language beside it (all of a language's words as one
    // JSON object), so a page reads the texts of its own language only. A benefit's category is a column:
    // /benefit filters by it. Shipped benefits are written at start only where absent (docs/decisions/0055).
    sql: `
      CREATE TABLE benefits (
        item_cd    TEXT PRIMARY KEY,
        category   TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        facts      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX benefits_in_order ON benefits (sort_order, item_cd);
      CREATE TABLE benefit_texts (
        item_cd  TEXT NOT NULL REFERENCES benefits (item_cd) ON DELETE CASCADE,
        language TEXT NOT NULL,
        text     TEXT NOT NULL,
        PRIMARY KEY (item_cd, language)
      ) STRICT;
      CREATE INDEX benefit_texts_by_language ON benefit_texts (language);
      CREATE TABLE offers (
        item_cd    TEXT PRIMARY KEY,
        sort_order INTEGER NOT NULL,
        facts      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX offers_in_order ON offers (sort_order, item_cd);
      CREATE TABLE offer_texts (
        item_cd  TEXT NOT NULL REFERENCES offers (item_cd) ON DELETE CASCADE,
        language TEXT NOT NULL,
        text     TEXT NOT NULL,
        PRIMARY KEY (item_cd, language)
      ) STRICT;
      CREATE INDEX offer_texts_by_language ON offer_texts (language);
    `,
  },
  {
    version: 16,
    name: "terms documents as versioned content",
    // Each version of a terms document (infra/sqlite/termsStore.server.ts): its effective day in Korea
    // ("yyyy-mm-dd", compared as text), whether agreeing to it is required, and its publication (NULL: a
    // draft). Its texts, one row per language (Korean, the original, always), so a page reads one language.
    // Members' answers stay in terms_agreements, per document and version, as since version 4.
    sql: `
      CREATE TABLE terms_versions (
        document     TEXT NOT NULL,
        version      TEXT NOT NULL,
        effective_on TEXT NOT NULL,
        required     INTEGER NOT NULL CHECK (required IN (0, 1)),
        published_at INTEGER,
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL,
        PRIMARY KEY (document, version)
      ) STRICT;
      CREATE TABLE terms_texts (
        document TEXT NOT NULL,
        version  TEXT NOT NULL,
        language TEXT NOT NULL,
        title    TEXT NOT NULL,
        summary  TEXT NOT NULL,
        sections TEXT NOT NULL CHECK (json_valid(sections) AND json_type(sections) = 'array'),
        PRIMARY KEY (document, version, language),
        FOREIGN KEY (document, version) REFERENCES terms_versions (document, version) ON DELETE CASCADE
      ) STRICT;
    `,
  },
  {
    version: 17,
    name: "exchange rates",
    // The last good snapshot of each rate source (app/stores/rates.ts, decision 0060), one row per source and
    // currency, so a restart or a failing source never loses the rates; figures as exact decimal text ("1347.21"),
    // TTB/TTS NULL where the source gives only a base rate. And the scheduled job's last attempt per source.
    sql: `
      CREATE TABLE exchange_rates (
        source      TEXT NOT NULL CHECK (source IN ('eximbank', 'operator', 'sample')),
        currency    TEXT NOT NULL,
        unit        INTEGER NOT NULL CHECK (unit IN (1, 100)),
        base        TEXT NOT NULL,
        ttb         TEXT,
        tts         TEXT,
        day         TEXT NOT NULL,
        source_name TEXT NOT NULL,
        source_url  TEXT,
        stored_at   INTEGER NOT NULL,
        PRIMARY KEY (source, currency)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE exchange_rate_fetches (
        source       TEXT PRIMARY KEY,
        attempted_at INTEGER NOT NULL,
        outcome      TEXT NOT NULL,
        not_before   INTEGER
      ) STRICT;
    `,
  },
  {
    version: 18,
    name: "remittance corridors",
    // A corridor per country (app/stores/corridors.ts): its figures (provider, currencies and margins, fee,
    // day, source, what is assumed) as one canonical JSON object, compared whole to write only what differs.
    // Shipped corridors are written at start only where absent (docs/decisions/0062).
    sql: `
      CREATE TABLE corridors (
        country    TEXT PRIMARY KEY CHECK (length(country) = 2),
        figures    TEXT NOT NULL CHECK (json_valid(figures)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 19,
    name: "loan products",
    // The loan products below /finance/loan's calculator (app/stores/loanProducts.ts), kept as benefits and
    // offers are (version 15): the facts as one JSON object, the text per language beside them.
    sql: `
      CREATE TABLE loan_products (
        item_cd    TEXT PRIMARY KEY,
        sort_order INTEGER NOT NULL,
        facts      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX loan_products_in_order ON loan_products (sort_order, item_cd);
      CREATE TABLE loan_product_texts (
        item_cd  TEXT NOT NULL REFERENCES loan_products (item_cd) ON DELETE CASCADE,
        language TEXT NOT NULL,
        text     TEXT NOT NULL,
        PRIMARY KEY (item_cd, language)
      ) STRICT;
      CREATE INDEX loan_product_texts_by_language ON loan_product_texts (language);
    `,
  },
  {
    version: 20,
    name: "single sign-on",
    // The OpenID provider's adapter records (app/sso, decision 0069): one table of opaque payloads by model and
    // id, with the columns its lookups use (grant, uid, user code) and its expiry and consumption; the partners
    // registered to use it (the secret as a digest only); and each member's consent to a partner.
    sql: `
      CREATE TABLE sso_payloads (
        model       TEXT NOT NULL,
        id          TEXT NOT NULL,
        payload     TEXT NOT NULL CHECK (json_valid(payload)),
        grant_id    TEXT,
        uid         TEXT,
        user_code   TEXT,
        expires_at  INTEGER,
        consumed_at INTEGER,
        PRIMARY KEY (model, id)
      ) STRICT;
      CREATE INDEX sso_payloads_by_grant ON sso_payloads (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX sso_payloads_by_uid ON sso_payloads (model, uid) WHERE uid IS NOT NULL;
      CREATE INDEX sso_payloads_by_user_code ON sso_payloads (model, user_code) WHERE user_code IS NOT NULL;
      CREATE INDEX sso_payloads_by_expiry ON sso_payloads (expires_at) WHERE expires_at IS NOT NULL;
      CREATE TABLE sso_clients (
        client_id      TEXT PRIMARY KEY,
        name           TEXT NOT NULL,
        secret_hash    TEXT NOT NULL,
        redirect_uris  TEXT NOT NULL CHECK (json_valid(redirect_uris)),
        allowed_claims TEXT NOT NULL CHECK (json_valid(allowed_claims)),
        disabled_at    INTEGER,
        created_at     INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE sso_consents (
        uid        TEXT NOT NULL,
        client_id  TEXT NOT NULL REFERENCES sso_clients (client_id),
        grant_id   TEXT NOT NULL,
        claims     TEXT NOT NULL CHECK (json_valid(claims)),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (uid, client_id)
      ) STRICT;
      CREATE INDEX sso_consents_by_client ON sso_consents (client_id);
    `,
  },
  {
    version: 21,
    name: "job leases",
    // Which process runs a periodic job when several share the database (app/stores/leases.ts, issue 29).
    sql: `
      CREATE TABLE job_leases (
        name       TEXT PRIMARY KEY,
        holder     TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 22,
    name: "single sign-on: a partner's ID token algorithm and PKCE exception",
    // Partners registered before keep ES256, which they were told; new ones say theirs (decision 0081).
    sql: `
      ALTER TABLE sso_clients ADD COLUMN id_token_alg TEXT NOT NULL DEFAULT 'ES256'
        CHECK (id_token_alg IN ('RS256', 'ES256'));
      ALTER TABLE sso_clients ADD COLUMN allow_no_pkce INTEGER NOT NULL DEFAULT 0 CHECK (allow_no_pkce IN (0, 1));
    `,
  },
  {
    version: 23,
    name: "admin roles",
    // The admin role as the operator last set it (scripts/grant-admin.mjs), read with every session so that
    // granting or revoking takes effect on the member's next request in every process (decision 0082).
    sql: `
      CREATE TABLE admin_roles (
        uid        TEXT PRIMARY KEY,
        admin      INTEGER NOT NULL CHECK (admin IN (0, 1)),
        changed_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 24,
    name: "audit actors",
    // Who made a change, stably (decision 0082): the kind of actor (an admin, the content import, an operator's
    // command) and, for an admin, the name they had when the row was written. Rows from before: the import's
    // were written as the uid "import"; an admin's name then is not known (null: the uid is shown).
    sql: `
      ALTER TABLE audit_log ADD COLUMN actor_kind TEXT NOT NULL DEFAULT 'admin'
        CHECK (actor_kind IN ('admin', 'import', 'operator'));
      ALTER TABLE audit_log ADD COLUMN actor_name TEXT;
      UPDATE audit_log SET actor_kind = 'import' WHERE actor_uid = 'import';
    `,
  },
  {
    version: 25,
    name: "reminders that leave the app",
    // Issue 42: each member's channels per kind (the inbox is always on, so not here), every change kept as consent
    // evidence, their browsers' push subscriptions, and one delivery row per (member, reminder, channel or device),
    // claimed before sending.
    sql: `
      CREATE TABLE reminder_choices (
        uid        TEXT NOT NULL,
        kind       TEXT NOT NULL CHECK (kind IN ('visa', 'passport', 'appointment')),
        channel    TEXT NOT NULL CHECK (channel IN ('push', 'sms')),
        is_on      INTEGER NOT NULL CHECK (is_on IN (0, 1)),
        changed_at INTEGER NOT NULL,
        PRIMARY KEY (uid, kind, channel)
      ) STRICT;
      CREATE INDEX reminder_choices_on ON reminder_choices (uid) WHERE is_on = 1;
      CREATE TABLE reminder_choice_log (
        id      TEXT PRIMARY KEY,
        uid     TEXT NOT NULL,
        kind    TEXT NOT NULL,
        channel TEXT NOT NULL,
        is_on   INTEGER NOT NULL CHECK (is_on IN (0, 1)),
        at      INTEGER NOT NULL,
        source  TEXT NOT NULL CHECK (source IN ('page', 'stopLink'))
      ) STRICT;
      CREATE INDEX reminder_choice_log_by_member ON reminder_choice_log (uid, at);
      CREATE TABLE push_subscriptions (
        endpoint   TEXT PRIMARY KEY,
        uid        TEXT NOT NULL,
        p256dh     TEXT NOT NULL,
        auth       TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX push_subscriptions_by_member ON push_subscriptions (uid, created_at);
      CREATE TABLE reminder_deliveries (
        uid        TEXT NOT NULL,
        key        TEXT NOT NULL,
        state      TEXT NOT NULL CHECK (state IN ('claimed', 'sent', 'failed')),
        attempts   INTEGER NOT NULL,
        retry_at   INTEGER,
        claimed_at INTEGER NOT NULL,
        sent_at    INTEGER,
        PRIMARY KEY (uid, key)
      ) STRICT;
    `,
  },
  {
    version: 26,
    name: "single sign-on: a partner's web address, privacy policy and retention period",
    // Shown on the consent screen (PIPA art. 17, decision 0094). Partners registered before have none (null): the
    // screen shows what is known.
    sql: `
      ALTER TABLE sso_clients ADD COLUMN website TEXT;
      ALTER TABLE sso_clients ADD COLUMN privacy_url TEXT;
      ALTER TABLE sso_clients ADD COLUMN retention_months INTEGER CHECK (retention_months BETWEEN 0 AND 120);
    `,
  },
  {
    version: 27,
    name: "a member's passport expiry",
    // Issue 42: the optional date of /mypage/visa that the passport reminders (6 months and 1 month before) follow.
    // A stay is granted only within the passport's validity; withdrawal deletes it with the row.
    sql: `
      ALTER TABLE members ADD COLUMN passport_expires_on TEXT;
    `,
  },
  {
    version: 28,
    name: "extension kits",
    // What a member needs to extend their stay, one kit per status (app/stores/extensionKits.ts, decision 0105),
    // kept as loan products are (version 19): the facts as one JSON object, the text per language beside them.
    sql: `
      CREATE TABLE extension_kits (
        item_cd    TEXT PRIMARY KEY,
        sort_order INTEGER NOT NULL,
        facts      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX extension_kits_in_order ON extension_kits (sort_order, item_cd);
      CREATE TABLE extension_kit_texts (
        item_cd  TEXT NOT NULL REFERENCES extension_kits (item_cd) ON DELETE CASCADE,
        language TEXT NOT NULL,
        text     TEXT NOT NULL,
        PRIMARY KEY (item_cd, language)
      ) STRICT;
      CREATE INDEX extension_kit_texts_by_language ON extension_kit_texts (language);
    `,
  },
  {
    version: 29,
    name: "work rules",
    // The rules and figures of /finance/pay and /finance/severance (app/stores/workRules.ts, decision 0106), kept
    // as loan products are (version 19): the facts as one JSON object, the text per language beside them.
    sql: `
      CREATE TABLE work_rules (
        item_cd    TEXT PRIMARY KEY,
        sort_order INTEGER NOT NULL,
        facts      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX work_rules_in_order ON work_rules (sort_order, item_cd);
      CREATE TABLE work_rule_texts (
        item_cd  TEXT NOT NULL REFERENCES work_rules (item_cd) ON DELETE CASCADE,
        language TEXT NOT NULL,
        text     TEXT NOT NULL,
        PRIMARY KEY (item_cd, language)
      ) STRICT;
      CREATE INDEX work_rule_texts_by_language ON work_rule_texts (language);
    `,
  },
  {
    version: 30,
    name: "the extension kit's checklist",
    // The documents a member has ticked on their own kit of /mypage/visa (app/stores/kitChecklists.ts, decision
    // 0109): a row per ticked document of the kit's code; withdrawal deletes them with the member.
    sql: `
      CREATE TABLE kit_checklists (
        uid       TEXT NOT NULL,
        code      TEXT NOT NULL,
        document  TEXT NOT NULL,
        ticked_at INTEGER NOT NULL,
        PRIMARY KEY (uid, code, document)
      ) STRICT;
      `,
  },
  {
    version: 31,
    name: "a member's appointment at an immigration office",
    // Issue 43: one upcoming appointment per member (app/visa/immigrationOffices.ts names the office), which the
    // appointment reminders follow (19:00 the evening before, 08:00 on the day). Its id changes with every save,
    // so reminders keyed by the old one are never sent for the new time. A withdrawal deletes it.
    sql: `
      CREATE TABLE member_appointments (
        uid       TEXT PRIMARY KEY,
        id        TEXT NOT NULL,
        office    TEXT NOT NULL,
        starts_at INTEGER NOT NULL,
        saved_at  INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX member_appointments_by_start ON member_appointments (starts_at);
    `,
  },
];
