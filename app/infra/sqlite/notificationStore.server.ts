/**
 * Notifications, broadcasts and the visa reminders' first-seen days in SQLite (tables `notifications`,
 * `broadcasts` with `broadcast_reads` and `broadcast_marks`, `visa_expiry_first_seen`).
 */
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { decodeCursor, pageOf } from "~/stores/cursor.server";
import type { InboxAudience, NewNotification, NotificationsStore } from "~/stores/notifications";
import { pageSize } from "~/stores/page";
import {
  inboxCursorScope,
  NOTIFICATION_COLUMNS,
  notificationOf,
  notificationValues,
  type NewBroadcast,
  type NotificationRow,
} from "~/infra/rows/identity.server";
import type { Db } from "./database.server";
import { NOTIFICATIONS } from "~/infra/rows/statements.server";

const COLUMNS = NOTIFICATION_COLUMNS;

const at = () => Date.now();

const statements = new WeakMap<Db, { insert: Database.Statement; upsert: Database.Statement }>();

/**
 * Stores a notification on this connection (inside the caller's transaction, when
 * there is one: the community's writes tell people in the same step). True when a
 * new one was stored (or a refreshing one replaced).
 */
export function addNotification(db: Db, n: NewNotification): boolean {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = { insert: db.prepare(NOTIFICATIONS.insert), upsert: db.prepare(NOTIFICATIONS.upsert) };
    statements.set(db, prepared);
  }
  const statement = n.refresh ? prepared.upsert : prepared.insert;
  const result = statement.run(...notificationValues(randomUUID(), n));
  return result.changes === 1;
}

const broadcastStatements = new WeakMap<
  Db,
  { put: Database.Statement; drop: Database.Statement; find: Database.Statement }
>();

function broadcastStatementsOf(db: Db) {
  let prepared = broadcastStatements.get(db);
  if (!prepared) {
    prepared = {
      // Its time and id stay: an edit changes the words it shows, never tells anyone again or makes it unread.
      put: db.prepare(
        `INSERT INTO broadcasts (id, kind, dedupe_key, data, subject, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (dedupe_key) DO UPDATE SET data = excluded.data, subject = excluded.subject
         WHERE broadcasts.data <> excluded.data OR broadcasts.subject IS NOT excluded.subject`,
      ),
      drop: db.prepare(NOTIFICATIONS.dropBroadcast),
      find: db.prepare(NOTIFICATIONS.hasBroadcast),
    };
    broadcastStatements.set(db, prepared);
  }
  return prepared;
}

/**
 * Puts a broadcast in every inbox on this connection (inside the caller's transaction: the notice and its
 * broadcast change together), or changes its data when it is there already (its time, id and every member's
 * read state stay). One row, whatever the number of members. True when a row was written.
 */
export function putBroadcast(db: Db, b: NewBroadcast): boolean {
  const result = broadcastStatementsOf(db).put.run(
    randomUUID(),
    b.kind,
    b.dedupeKey,
    JSON.stringify(b.data),
    b.subject ?? null,
    b.createdAt,
  );
  return result.changes === 1;
}

/** Whether a broadcast with this key is in the inboxes. */
export const hasBroadcast = (db: Db, dedupeKey: string) => broadcastStatementsOf(db).find.get(dedupeKey) !== undefined;

/** Takes a broadcast out of every inbox, with every member's reads of it. True when there was one. */
export function dropBroadcast(db: Db, dedupeKey: string): boolean {
  return broadcastStatementsOf(db).drop.run(dedupeKey).changes === 1;
}

// A member's inbox: their notifications and the broadcasts of their audience, one list in one order. A
// broadcast is read when the member read it (broadcast_reads) or marked everything read after it was made
// (broadcast_marks); one they deleted is left out.
const INBOX = `
  SELECT ${COLUMNS} FROM notifications WHERE uid = @uid
  UNION ALL
  SELECT b.id, @uid AS uid, b.kind, b.dedupe_key, b.data, b.created_at,
    coalesce(r.read_at, CASE WHEN b.created_at <= m.read_up_to THEN m.read_up_to END) AS read_at, b.subject
  FROM broadcasts b
  LEFT JOIN broadcast_reads r ON r.broadcast_id = b.id AND r.uid = @uid
  LEFT JOIN broadcast_marks m ON m.uid = @uid
  WHERE @since IS NOT NULL AND b.created_at >= @since AND b.created_at <= @now AND coalesce(r.removed, 0) = 0`;

export function sqliteNotificationStore(db: Db): NotificationsStore {
  const firstPage = db.prepare(
    `SELECT ${COLUMNS} FROM notifications WHERE uid = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const pageAfter = db.prepare(
    `SELECT ${COLUMNS} FROM notifications WHERE uid = ? AND (created_at, id) < (?, ?)
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const findOne = db.prepare(NOTIFICATIONS.one);
  const countUnread = db.prepare("SELECT count(*) AS n FROM notifications WHERE uid = ? AND read_at IS NULL");
  const readOne = db.prepare(NOTIFICATIONS.readOne);
  const readAll = db.prepare("UPDATE notifications SET read_at = ? WHERE uid = ? AND read_at IS NULL");
  const deleteOne = db.prepare(NOTIFICATIONS.removeOne);
  const deleteAll = db.prepare("DELETE FROM notifications WHERE uid = ?");
  const deleteFirstSeen = db.prepare("DELETE FROM visa_expiry_first_seen WHERE uid = ?");
  const inboxFirstPage = db.prepare(`SELECT * FROM (${INBOX}) ORDER BY created_at DESC, id DESC LIMIT @limit`);
  const inboxPageAfter = db.prepare(
    `SELECT * FROM (${INBOX}) WHERE (created_at, id) < (@createdAt, @id) ORDER BY created_at DESC, id DESC LIMIT @limit`,
  );
  const inboxOne = db.prepare(`SELECT * FROM (${INBOX}) WHERE id = @id`);
  const countUnreadBroadcasts = db.prepare(
    `SELECT count(*) AS n FROM broadcasts b
     WHERE @since IS NOT NULL AND b.created_at >= @since AND b.created_at <= @now
       AND b.created_at > coalesce((SELECT read_up_to FROM broadcast_marks WHERE uid = @uid), -1)
       AND NOT EXISTS (SELECT 1 FROM broadcast_reads r WHERE r.broadcast_id = b.id AND r.uid = @uid)`,
  );
  const broadcastById = db.prepare("SELECT id FROM broadcasts WHERE id = ?");
  const readBroadcast = db.prepare(
    "INSERT INTO broadcast_reads (broadcast_id, uid, read_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const removeBroadcastFor = db.prepare(
    `INSERT INTO broadcast_reads (broadcast_id, uid, read_at, removed) VALUES (?, ?, ?, 1)
     ON CONFLICT DO UPDATE SET removed = 1`,
  );
  const markBroadcasts = db.prepare(
    `INSERT INTO broadcast_marks (uid, read_up_to) VALUES (?, ?)
     ON CONFLICT (uid) DO UPDATE SET read_up_to = max(read_up_to, excluded.read_up_to)`,
  );
  const deleteBroadcastReads = db.prepare("DELETE FROM broadcast_reads WHERE uid = ?");
  const deleteBroadcastMark = db.prepare("DELETE FROM broadcast_marks WHERE uid = ?");
  const selectFirstSeen = db.prepare(NOTIFICATIONS.firstSeen);
  // The first writer's day stays: a later (or earlier, after a clock jump) day never replaces it.
  const insertFirstSeen = db.prepare(
    "INSERT OR IGNORE INTO visa_expiry_first_seen (uid, expires_on, first_seen_on) VALUES (?, ?, ?)",
  );

  const removeAll = db.transaction((uid: string) => {
    deleteFirstSeen.run(uid);
    deleteBroadcastReads.run(uid);
    deleteBroadcastMark.run(uid);
    return deleteAll.run(uid).changes;
  });
  const readAllOf = db.transaction((uid: string, at: number) => {
    markBroadcasts.run(uid, at);
    return readAll.run(at, uid).changes;
  });
  /** The statement's parameters for a member's inbox, or null when no broadcast reaches it. */
  const inboxOf = (uid: string, audience: InboxAudience | undefined) =>
    audience && audience.since !== null ? { uid, since: audience.since, now: audience.now } : null;

  return {
    async add(n) {
      return { created: addNotification(db, n) };
    },

    async listFor(uid, { after, limit }, audience) {
      const size = pageSize(limit);
      const inbox = inboxOf(uid, audience);
      let rows: NotificationRow[];
      if (after !== undefined && after !== null) {
        const position = decodeCursor(inboxCursorScope(uid), after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = (
          inbox
            ? inboxPageAfter.all({ ...inbox, ...position, limit: size + 1 })
            : pageAfter.all(uid, position.createdAt, position.id, size + 1)
        ) as NotificationRow[];
      } else {
        rows = (
          inbox ? inboxFirstPage.all({ ...inbox, limit: size + 1 }) : firstPage.all(uid, size + 1)
        ) as NotificationRow[];
      }
      return pageOf(rows, size, inboxCursorScope(uid), notificationOf, (n) => n);
    },

    async unreadCount(uid, audience) {
      const own = (countUnread.get(uid) as { n: number }).n;
      const inbox = inboxOf(uid, audience);
      return inbox ? own + (countUnreadBroadcasts.get(inbox) as { n: number }).n : own;
    },

    async find(uid, id, audience) {
      const inbox = inboxOf(uid, audience);
      const row = (inbox ? inboxOne.get({ ...inbox, id }) : findOne.get(uid, id)) as NotificationRow | undefined;
      return row ? notificationOf(row) : null;
    },

    async markRead(uid, id, at) {
      if (readOne.run(at, uid, id).changes === 1) return true;
      if (!broadcastById.get(id)) return false;
      readBroadcast.run(id, uid, at);
      return true;
    },

    async markAllRead(uid, at) {
      return readAllOf.immediate(uid, at);
    },

    async remove(uid, id) {
      if (deleteOne.run(uid, id).changes === 1) return true;
      if (!broadcastById.get(id)) return false;
      removeBroadcastFor.run(id, uid, at());
      return true;
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
