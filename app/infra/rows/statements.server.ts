/**
 * The statement texts both SQL implementations of the stores run (app/infra/sqlite, app/infra/postgres), by store:
 * one text where it means the same on both engines, written with SQLite's `?` placeholders. The SQLite stores
 * prepare them as they are (once per database, when a store is made); the PostgreSQL stores run them numbered
 * (`numbered`/`numberedAll` of ./placeholders.server.ts, once as their module loads), named where a view reads them
 * on every request (decision 0080). The values are bound in each engine's own types (SQLite's 0/1 for a flag,
 * PostgreSQL's boolean).
 *
 * A statement whose meaning differs between the engines stays in its store: SQLite's `max()`, `group_concat`,
 * `INSERT OR REPLACE`, IN lists of `?`; PostgreSQL's `GREATEST`, `= ANY($1::text[])`, casts, CTEs that write, and the statements each engine
 * shapes to its own transactions (a read-decide-write in SQLite, one statement in PostgreSQL).
 */
import { AUDIT_INSERT_COLUMNS } from "./audit.server";
import { COMMENT_COLUMNS, FEED_COLUMNS } from "./community.server";
import {
  MEMBER_COLUMNS,
  NOTIFICATION_COLUMNS,
  SETTINGS_COLUMNS,
  TERMS_RECORD_COLUMNS,
  TERMS_RECORD_ORDER,
} from "./identity.server";
import { TERMS_HEAD_COLUMNS, TERMS_HEAD_ORDER, TERMS_TEXT_COLUMNS } from "./terms.server";

/** The audit log (stores/audit.ts). */
export const AUDIT = {
  insert: `INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  firstPage: "SELECT * FROM audit_log ORDER BY created_at DESC, id DESC LIMIT ?",
  pageAfter: "SELECT * FROM audit_log WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?",
} as const;

/** Sign-in flows' proofs (stores/flows.ts). */
export const FLOWS = {
  insert: `INSERT INTO auth_flows (id_hash, kind, browser_hash, data, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
  find: "SELECT data FROM auth_flows WHERE id_hash = ? AND kind = ? AND browser_hash = ? AND expires_at > ?",
  update: "UPDATE auth_flows SET data = ?, expires_at = ? WHERE id_hash = ? AND kind = ?",
  // One statement reads and deletes: a proof is spent once, whatever the number of connections or processes.
  take: `DELETE FROM auth_flows WHERE id_hash = ? AND kind = ? AND browser_hash = ? AND expires_at > ?
         RETURNING data`,
  remove: "DELETE FROM auth_flows WHERE id_hash = ? AND kind = ?",
  prune: "DELETE FROM auth_flows WHERE expires_at <= ?",
} as const;

/** Job leases (stores/leases.ts). */
export const LEASES = {
  // Insert, or take over when the lease expired or is the holder's own: decided inside the one statement, so no
  // other writer comes between the read and the write. No row back means another holds it.
  acquire: `INSERT INTO job_leases (name, holder, expires_at) VALUES (?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
            WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= ?
            RETURNING holder`,
  release: "DELETE FROM job_leases WHERE name = ? AND holder = ?",
  holderOf: "SELECT holder FROM job_leases WHERE name = ?",
} as const;

/** Password failures (stores/passwordFailures.ts). */
export const PASSWORD_FAILURES = {
  state: "SELECT failures, locks, last_failure_at, locked_until FROM password_failures WHERE key = ?",
  clear: "DELETE FROM password_failures WHERE key = ?",
} as const;

/** Phone codes (stores/phoneCodes.ts). */
export const PHONE_CODES = {
  byId: "SELECT * FROM phone_codes WHERE id = ?",
  countWrong: "UPDATE phone_codes SET attempts = attempts + 1 WHERE id = ? AND closed_at IS NULL RETURNING attempts",
  // The conditions are checked again on the row after a concurrent close commits: one close wins.
  close: "UPDATE phone_codes SET closed_at = ? WHERE id = ? AND closed_at IS NULL AND expires_at > ? AND attempts < ?",
  remove: "DELETE FROM phone_codes WHERE id = ?",
  prune: "DELETE FROM phone_codes WHERE created_at <= ?",
} as const;

/** Session revocations (stores/revocations.ts). */
export const REVOCATIONS = {
  validAfter: "SELECT valid_after FROM session_revocations WHERE uid = ?",
} as const;

/** Admin roles (stores/roles.ts). */
export const ROLES = {
  // The later change wins in the statement itself: no read before the write.
  set: `INSERT INTO admin_roles (uid, admin, changed_at) VALUES (?, ?, ?)
        ON CONFLICT (uid) DO UPDATE SET admin = excluded.admin, changed_at = excluded.changed_at
        WHERE excluded.changed_at >= admin_roles.changed_at`,
  admin: "SELECT admin FROM admin_roles WHERE uid = ?",
} as const;

/** Notifications and the broadcasts of the inbox (stores/notifications.ts). */
export const NOTIFICATIONS = {
  // The unique (uid, dedupe_key), the notification's natural key, decides in the statement itself: no read before
  // the write, so two connections or processes adding the same notification store it once.
  insert: `INSERT INTO notifications (id, uid, kind, dedupe_key, data, created_at, read_at, subject, actor_uid)
           VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
           ON CONFLICT (uid, dedupe_key) DO NOTHING`,
  // A refreshing one takes the new data, time and actor and is unread again (one growing "N liked" line).
  upsert: `INSERT INTO notifications (id, uid, kind, dedupe_key, data, created_at, read_at, subject, actor_uid)
           VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
           ON CONFLICT (uid, dedupe_key) DO UPDATE SET data = excluded.data, created_at = excluded.created_at,
             read_at = NULL, actor_uid = excluded.actor_uid`,
  one: `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE uid = ? AND id = ?`,
  readOne: "UPDATE notifications SET read_at = coalesce(read_at, ?) WHERE uid = ? AND id = ?",
  removeOne: "DELETE FROM notifications WHERE uid = ? AND id = ?",
  dropBroadcast: "DELETE FROM broadcasts WHERE dedupe_key = ?",
  hasBroadcast: "SELECT 1 FROM broadcasts WHERE dedupe_key = ?",
  firstSeen: "SELECT first_seen_on FROM visa_expiry_first_seen WHERE uid = ? AND expires_on = ?",
} as const;

/** Notices (stores/notices.ts). */
export const NOTICES = {
  insert: `INSERT INTO notices (item_cd, category, pinned, published_at, titles, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
  update: "UPDATE notices SET category = ?, pinned = ?, published_at = ?, titles = ?, updated_at = ? WHERE item_cd = ?",
  changeState: "UPDATE notices SET pinned = ?, published_at = ?, updated_at = ? WHERE item_cd = ?",
  removeTranslations: "DELETE FROM notice_translations WHERE item_cd = ?",
} as const;

/** The terms documents' versions and texts (stores/terms.ts). */
export const TERMS = {
  heads: `SELECT ${TERMS_HEAD_COLUMNS} FROM terms_versions ORDER BY ${TERMS_HEAD_ORDER}`,
  head: `SELECT ${TERMS_HEAD_COLUMNS} FROM terms_versions WHERE document = ? AND version = ?`,
  texts: `SELECT ${TERMS_TEXT_COLUMNS} FROM terms_texts WHERE document = ? AND version = ? ORDER BY language`,
  insertHead: `INSERT INTO terms_versions (${TERMS_HEAD_COLUMNS}) VALUES (?, ?, ?, ?, NULL, ?, ?)`,
  updateHead:
    "UPDATE terms_versions SET effective_on = ?, required = ?, updated_at = ? WHERE document = ? AND version = ?",
  removeTexts: "DELETE FROM terms_texts WHERE document = ? AND version = ?",
  publish: `UPDATE terms_versions SET published_at = ?, updated_at = ?
            WHERE document = ? AND version = ? AND published_at IS NULL`,
} as const;

/** Exchange rates and their fetches (stores/rates.ts). */
export const RATES = {
  all: "SELECT * FROM exchange_rates ORDER BY currency, day DESC",
  bySource: "SELECT * FROM exchange_rates WHERE source = ? ORDER BY currency",
  clear: "DELETE FROM exchange_rates WHERE source = ?",
  fetchOf: "SELECT * FROM exchange_rate_fetches WHERE source = ?",
  saveFetch: `INSERT INTO exchange_rate_fetches (source, attempted_at, outcome, not_before) VALUES (?, ?, ?, ?)
              ON CONFLICT (source) DO UPDATE SET attempted_at = excluded.attempted_at, outcome = excluded.outcome,
                not_before = excluded.not_before`,
} as const;

/** A single sign-on payload's read by one of its keys, live at a time (stores/sso.ts). */
const ssoPayloadBy = (column: "id" | "uid" | "user_code") =>
  `SELECT payload, consumed_at FROM sso_payloads WHERE model = ? AND ${column} = ?
   AND (expires_at IS NULL OR expires_at > ?)`;

/** Single sign-on: the provider's payloads, the partners, members' consents (stores/sso.ts). */
export const SSO = {
  upsertPayload: `INSERT INTO sso_payloads (model, id, payload, grant_id, uid, user_code, expires_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?)
                  ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
                    uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
  payloadById: ssoPayloadBy("id"),
  payloadByUid: ssoPayloadBy("uid"),
  payloadByUserCode: ssoPayloadBy("user_code"),
  // The first consumption's time stays: a second use of a code is seen as one.
  consumePayload: "UPDATE sso_payloads SET consumed_at = ? WHERE model = ? AND id = ? AND consumed_at IS NULL",
  destroyPayload: "DELETE FROM sso_payloads WHERE model = ? AND id = ?",
  revokeGrant: "DELETE FROM sso_payloads WHERE grant_id = ?",
  pruneExpired: "DELETE FROM sso_payloads WHERE expires_at <= ?",
  createClient: `INSERT INTO sso_clients
                   (client_id, name, secret_hash, redirect_uris, allowed_claims, id_token_alg, allow_no_pkce, website,
                    privacy_url, retention_months, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (client_id) DO NOTHING`,
  client: "SELECT * FROM sso_clients WHERE client_id = ?",
  clients: "SELECT * FROM sso_clients ORDER BY created_at, client_id",
  disableClient: "UPDATE sso_clients SET disabled_at = ? WHERE client_id = ? AND disabled_at IS NULL",
  replaceSecret: "UPDATE sso_clients SET secret_hash = ? WHERE client_id = ?",
  saveConsent: `INSERT INTO sso_consents (uid, client_id, grant_id, claims, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (uid, client_id) DO UPDATE SET grant_id = excluded.grant_id, claims = excluded.claims,
                  created_at = excluded.created_at`,
  consent: "SELECT * FROM sso_consents WHERE uid = ? AND client_id = ?",
  consentsOf: "SELECT * FROM sso_consents WHERE uid = ? ORDER BY created_at DESC, client_id",
  consentsTo: "SELECT * FROM sso_consents WHERE client_id = ? ORDER BY created_at, uid",
  // One statement reads and deletes: two revocations at once revoke the grant once.
  removeConsent: "DELETE FROM sso_consents WHERE uid = ? AND client_id = ? RETURNING *",
} as const;

/** Members and their terms records (stores/members.ts). */
export const MEMBERS = {
  profile: `SELECT ${MEMBER_COLUMNS} FROM members WHERE uid = ?`,
  byPhone: `SELECT ${MEMBER_COLUMNS} FROM members WHERE phone_number = ?`,
  exists: "SELECT 1 FROM members WHERE uid = ?",
  insert: `INSERT INTO members (uid, name, language, phone_number, nationality, visa, visa_expires_on,
                                sign_up_method, has_password, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  firstPage: `SELECT ${MEMBER_COLUMNS} FROM members ORDER BY created_at, uid LIMIT ?`,
  pageAfter: `SELECT ${MEMBER_COLUMNS} FROM members WHERE (created_at, uid) > (?, ?) ORDER BY created_at, uid LIMIT ?`,
  terms: `SELECT ${TERMS_RECORD_COLUMNS} FROM terms_agreements WHERE uid = ? ORDER BY ${TERMS_RECORD_ORDER}`,
  settings: `SELECT ${SETTINGS_COLUMNS} FROM members WHERE uid = ?`,
  setNotify:
    "UPDATE members SET notify_visa = ?, notify_community = ?, notify_notices = ?, updated_at = ? WHERE uid = ?",
} as const;

/** A report counted on its item (feeds or comments): the item is reported once the count reaches the threshold. */
const countReportOn = (table: "feeds" | "comments") =>
  `UPDATE ${table} SET report_count = report_count + 1,
     status = CASE WHEN status = 'visible' AND report_count + 1 >= ? THEN 'reported' ELSE status END
   WHERE id = ? RETURNING report_count, status`;

/** A reviewed item's new status, its count of reports cleared. */
const setStatusOf = (table: "feeds" | "comments") => `UPDATE ${table} SET status = ?, report_count = 0 WHERE id = ?`;

/** The community: feeds, comments, likes, reports, photo files (stores/community.ts). */
export const COMMUNITY = {
  insertFeed: `INSERT INTO feeds (id, author_uid, author_label, author_nationality, category, text, photos, created_at,
                                  updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  feed: `SELECT ${FEED_COLUMNS} FROM feeds WHERE id = ?`,
  updateFeed: "UPDATE feeds SET category = ?, text = ?, photos = ?, updated_at = ? WHERE id = ?",
  insertComment: `INSERT INTO comments (id, feed_id, parent_id, author_uid, author_label, author_nationality, text,
                                        created_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  comment: `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ?`,
  commentPlace: "SELECT id, feed_id, parent_id FROM comments WHERE id = ?",
  replyIds: "SELECT id FROM comments WHERE parent_id = ?",
  deleteComment: "DELETE FROM comments WHERE id = ?",
  like: "INSERT INTO likes (feed_id, uid, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
  unlike: "DELETE FROM likes WHERE feed_id = ? AND uid = ?",
  countLike: "UPDATE feeds SET like_count = like_count + ? WHERE id = ? RETURNING like_count",
  deleteLikesOfMember: "DELETE FROM likes WHERE uid = ?",
  insertReport: `INSERT INTO reports (target_kind, target_id, reporter_uid, reason, text, created_at)
                 VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  openReporters: "SELECT reporter_uid FROM reports WHERE target_kind = ? AND target_id = ? AND closed_at IS NULL",
  closeReports: "UPDATE reports SET closed_at = ? WHERE target_kind = ? AND target_id = ? AND closed_at IS NULL",
  deleteReportsOfMember: "DELETE FROM reports WHERE reporter_uid = ?",
  countReportOnFeed: countReportOn("feeds"),
  countReportOnComment: countReportOn("comments"),
  setFeedStatus: setStatusOf("feeds"),
  setCommentStatus: setStatusOf("comments"),
  insertFile: "INSERT INTO files (id, owner_uid, feed_id, bytes, created_at) VALUES (?, ?, NULL, ?, ?)",
  file: "SELECT id, owner_uid, feed_id FROM files WHERE id = ?",
  notificationsKeyed: "DELETE FROM notifications WHERE dedupe_key = ?",
  unnameNotification: "UPDATE notifications SET data = ?, actor_uid = NULL WHERE id = ?",
} as const;

const CORRIDOR_COLUMNS = "country, figures, created_at, updated_at";

/** Remittance corridors (stores/corridors.ts). */
export const CORRIDORS = {
  all: `SELECT ${CORRIDOR_COLUMNS} FROM corridors ORDER BY country`,
  one: `SELECT ${CORRIDOR_COLUMNS} FROM corridors WHERE country = ?`,
  insert: `INSERT INTO corridors (${CORRIDOR_COLUMNS}) VALUES (?, ?, ?, ?)`,
  update: "UPDATE corridors SET figures = ?, updated_at = ? WHERE country = ?",
} as const;

/** Reminders that leave the app (stores/reminders.ts). */
export const REMINDERS = {
  choices: "SELECT kind, channel, is_on, changed_at FROM reminder_choices WHERE uid = ? ORDER BY kind, channel",
  choice: "SELECT is_on FROM reminder_choices WHERE uid = ? AND kind = ? AND channel = ?",
  memberExists: "SELECT 1 AS one FROM members WHERE uid = ?",
  setChoice: `INSERT INTO reminder_choices (uid, kind, channel, is_on, changed_at) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (uid, kind, channel) DO UPDATE SET is_on = excluded.is_on, changed_at = excluded.changed_at`,
  logChoice: `INSERT INTO reminder_choice_log (id, uid, kind, channel, is_on, at, source)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
  history: `SELECT kind, channel, is_on, at, source FROM reminder_choice_log WHERE uid = ?
            ORDER BY at, id`,
  // The partial index reminder_choices_on holds exactly the rows this reads.
  membersWithChannelsOn: `SELECT DISTINCT uid FROM reminder_choices WHERE is_on = ? AND uid > ? ORDER BY uid LIMIT ?`,
  addSubscription: `INSERT INTO push_subscriptions (endpoint, uid, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (endpoint) DO UPDATE SET uid = excluded.uid, p256dh = excluded.p256dh,
                      auth = excluded.auth, created_at = excluded.created_at`,
  // A member keeps their newest devices only (PUSH_DEVICES_PER_MEMBER): a bound on what one member makes the job call.
  trimSubscriptions: `DELETE FROM push_subscriptions WHERE uid = ? AND endpoint NOT IN (
                        SELECT endpoint FROM push_subscriptions WHERE uid = ? ORDER BY created_at DESC, endpoint LIMIT ?)`,
  removeSubscription: "DELETE FROM push_subscriptions WHERE uid = ? AND endpoint = ?",
  forgetEndpoint: "DELETE FROM push_subscriptions WHERE endpoint = ?",
  subscriptions: `SELECT endpoint, p256dh, auth, created_at FROM push_subscriptions WHERE uid = ?
                  ORDER BY created_at, endpoint`,
  // One statement claims: a new row, or a failed one whose retry time has come. A claimed row that is neither
  // sent nor failed is never claimed again (its sender may have sent it before it stopped).
  claim: `INSERT INTO reminder_deliveries (uid, key, state, attempts, retry_at, claimed_at)
          VALUES (?, ?, 'claimed', 1, NULL, ?)
          ON CONFLICT (uid, key) DO UPDATE SET state = 'claimed', attempts = reminder_deliveries.attempts + 1,
            retry_at = NULL, claimed_at = excluded.claimed_at
          WHERE reminder_deliveries.state = 'failed' AND reminder_deliveries.retry_at IS NOT NULL
            AND reminder_deliveries.retry_at <= ?
          RETURNING attempts`,
  markSent:
    "UPDATE reminder_deliveries SET state = 'sent', sent_at = ? WHERE uid = ? AND key = ? AND state = 'claimed'",
  markFailed:
    "UPDATE reminder_deliveries SET state = 'failed', retry_at = ? WHERE uid = ? AND key = ? AND state = 'claimed'",
  delivery: "SELECT state, attempts FROM reminder_deliveries WHERE uid = ? AND key = ?",
  // A withdrawal (the members store's own transaction): no device is called and nothing pending is sent after it.
  forgetMemberSubscriptions: "DELETE FROM push_subscriptions WHERE uid = ?",
  forgetMemberDeliveries: "DELETE FROM reminder_deliveries WHERE uid = ?",
  forgetMemberChoices: "DELETE FROM reminder_choices WHERE uid = ?",
  forgetMemberLog: "DELETE FROM reminder_choice_log WHERE uid = ?",
  appointment: "SELECT id, office, starts_at, saved_at FROM member_appointments WHERE uid = ?",
  // Only for a member still there (a withdrawal meanwhile leaves nothing behind).
  setAppointment: `INSERT INTO member_appointments (uid, id, office, starts_at, saved_at)
                   SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM members WHERE uid = ?)
                   ON CONFLICT (uid) DO UPDATE SET id = excluded.id, office = excluded.office,
                     starts_at = excluded.starts_at, saved_at = excluded.saved_at`,
  deleteAppointment: "DELETE FROM member_appointments WHERE uid = ?",
  appointmentsFrom: `SELECT uid, id, office, starts_at, saved_at FROM member_appointments
                     WHERE starts_at > ? AND uid > ? ORDER BY uid LIMIT ?`,
  forgetMemberAppointment: "DELETE FROM member_appointments WHERE uid = ?",
} as const;

/** The documents ticked on a member's own extension kit (stores/kitChecklists.ts). */
export const KIT_CHECKLISTS = {
  ticked: "SELECT document FROM kit_checklists WHERE uid = ? AND code = ? ORDER BY ticked_at, document",
  tick: `INSERT INTO kit_checklists (uid, code, document, ticked_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (uid, code, document) DO NOTHING`,
  untickAll: "DELETE FROM kit_checklists WHERE uid = ? AND code = ?",
  untick: "DELETE FROM kit_checklists WHERE uid = ? AND code = ? AND document = ?",
  forgetMember: "DELETE FROM kit_checklists WHERE uid = ?",
} as const;

/** What a withdrawal deletes of the reminders and the kit's checklist, in the members store's transaction. */
export const REMINDERS_OF_MEMBER = [
  REMINDERS.forgetMemberSubscriptions,
  REMINDERS.forgetMemberDeliveries,
  REMINDERS.forgetMemberChoices,
  REMINDERS.forgetMemberLog,
  KIT_CHECKLISTS.forgetMember,
  REMINDERS.forgetMemberAppointment,
] as const;

/** How many browsers of one member receive pushes (the newest). */
export const PUSH_DEVICES_PER_MEMBER = 10;
