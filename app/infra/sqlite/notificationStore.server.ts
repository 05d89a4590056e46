/** Notifications and the visa reminders' first-seen days in SQLite (tables `notifications`, `visa_expiry_first_seen`). */
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { decodeCursor, encodeCursor } from "~/stores/cursor.server";
import type {
  NewNotification,
  NotificationData,
  NotificationKind,
  NotificationRecord,
  NotificationsStore,
} from "~/stores/notifications";
import { pageSize } from "~/stores/page";
import type { Db } from "./database.server";

export interface NotificationRow {
  id: string;
  uid: string;
  kind: NotificationKind;
  dedupe_key: string;
  data: string;
  created_at: number;
  read_at: number | null;
  subject: string | null;
}

export const NOTIFICATION_COLUMNS = "id, uid, kind, dedupe_key, data, created_at, read_at, subject";
const COLUMNS = NOTIFICATION_COLUMNS;

/** A cursor names a position in one member's list: another member's is refused. */
const cursorScope = (uid: string) => `notifications:${uid}`;

export const recordOf = (row: NotificationRow): NotificationRecord => ({
  id: row.id,
  uid: row.uid,
  kind: row.kind,
  dedupeKey: row.dedupe_key,
  data: JSON.parse(row.data) as NotificationData,
  createdAt: row.created_at,
  readAt: row.read_at,
  subject: row.subject,
});

// The unique (uid, dedupe_key) decides in the statement itself: no read before the write,
// so two connections or processes adding the same notification store it once.
const INSERT = `INSERT INTO notifications (id, uid, kind, dedupe_key, data, created_at, read_at, subject, actor_uid)
  VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
  ON CONFLICT (uid, dedupe_key) DO NOTHING`;
// A refreshing one takes the new data, time and actor and is unread again (one growing "N liked" line).
const UPSERT = `INSERT INTO notifications (id, uid, kind, dedupe_key, data, created_at, read_at, subject, actor_uid)
  VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
  ON CONFLICT (uid, dedupe_key) DO UPDATE SET data = excluded.data, created_at = excluded.created_at,
    read_at = NULL, actor_uid = excluded.actor_uid`;

const statements = new WeakMap<Db, { insert: Database.Statement; upsert: Database.Statement }>();

/**
 * Stores a notification on this connection (inside the caller's transaction, when
 * there is one: the community's writes tell people in the same step). True when a
 * new one was stored (or a refreshing one replaced).
 */
export function addNotification(db: Db, n: NewNotification): boolean {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = { insert: db.prepare(INSERT), upsert: db.prepare(UPSERT) };
    statements.set(db, prepared);
  }
  const statement = n.refresh ? prepared.upsert : prepared.insert;
  const result = statement.run(
    randomUUID(),
    n.uid,
    n.kind,
    n.dedupeKey,
    JSON.stringify(n.data),
    n.createdAt,
    n.subject ?? null,
    n.actorUid ?? null,
  );
  return result.changes === 1;
}

export function sqliteNotificationStore(db: Db): NotificationsStore {
  const firstPage = db.prepare(
    `SELECT ${COLUMNS} FROM notifications WHERE uid = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const pageAfter = db.prepare(
    `SELECT ${COLUMNS} FROM notifications WHERE uid = ? AND (created_at, id) < (?, ?)
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const findOne = db.prepare(`SELECT ${COLUMNS} FROM notifications WHERE uid = ? AND id = ?`);
  const countUnread = db.prepare("SELECT count(*) AS n FROM notifications WHERE uid = ? AND read_at IS NULL");
  const readOne = db.prepare("UPDATE notifications SET read_at = coalesce(read_at, ?) WHERE uid = ? AND id = ?");
  const readAll = db.prepare("UPDATE notifications SET read_at = ? WHERE uid = ? AND read_at IS NULL");
  const deleteOne = db.prepare("DELETE FROM notifications WHERE uid = ? AND id = ?");
  const deleteAll = db.prepare("DELETE FROM notifications WHERE uid = ?");
  const deleteFirstSeen = db.prepare("DELETE FROM visa_expiry_first_seen WHERE uid = ?");
  const selectFirstSeen = db.prepare(
    "SELECT first_seen_on FROM visa_expiry_first_seen WHERE uid = ? AND expires_on = ?",
  );
  // The first writer's day stays: a later (or earlier, after a clock jump) day never replaces it.
  const insertFirstSeen = db.prepare(
    "INSERT OR IGNORE INTO visa_expiry_first_seen (uid, expires_on, first_seen_on) VALUES (?, ?, ?)",
  );

  const removeAll = db.transaction((uid: string) => {
    deleteFirstSeen.run(uid);
    return deleteAll.run(uid).changes;
  });

  return {
    async add(n) {
      return { created: addNotification(db, n) };
    },

    async listFor(uid, { after, limit }) {
      const size = pageSize(limit);
      let rows: NotificationRow[];
      if (after !== undefined && after !== null) {
        const position = decodeCursor(cursorScope(uid), after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = pageAfter.all(uid, position.createdAt, position.id, size + 1) as NotificationRow[];
      } else {
        rows = firstPage.all(uid, size + 1) as NotificationRow[];
      }
      const items = rows.slice(0, size).map(recordOf);
      const last = items[items.length - 1];
      const next =
        rows.length > size && last ? encodeCursor(cursorScope(uid), { createdAt: last.createdAt, id: last.id }) : null;
      return { ok: true, items, next };
    },

    async unreadCount(uid) {
      return (countUnread.get(uid) as { n: number }).n;
    },

    async find(uid, id) {
      const row = findOne.get(uid, id) as NotificationRow | undefined;
      return row ? recordOf(row) : null;
    },

    async markRead(uid, id, at) {
      return readOne.run(at, uid, id).changes === 1;
    },

    async markAllRead(uid, at) {
      return readAll.run(at, uid).changes;
    },

    async remove(uid, id) {
      return deleteOne.run(uid, id).changes === 1;
    },

    async removeAllFor(uid) {
      return removeAll.immediate(uid);
    },

    async firstSeen(uid, expiresOn, today) {
      // Read first: the job asks for every member on every run, and a read takes no write lock.
      const stored = selectFirstSeen.get(uid, expiresOn) as { first_seen_on: string } | undefined;
      if (stored) return stored.first_seen_on;
      insertFirstSeen.run(uid, expiresOn, today);
      return (selectFirstSeen.get(uid, expiresOn) as { first_seen_on: string }).first_seen_on;
    },
  };
}
