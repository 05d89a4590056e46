/**
 * Notifications, broadcasts and the visa reminders' first-seen days in PostgreSQL (tables `notifications`,
 * `broadcasts` with `broadcast_reads` and `broadcast_marks`, `visa_expiry_first_seen`). The statement helpers
 * below take the `Sql` to run on, so the community and notices stores call them inside their own
 * transactions (a comment and its notification, a notice and its broadcast, change together).
 */
import { randomUUID } from "node:crypto";
import { decodeCursor, pageOf } from "~/stores/cursor.server";
import type { InboxAudience, NewNotification, NotificationsStore } from "~/stores/notifications";
import { pageSize } from "~/stores/page";
import type { NewBroadcast, NotificationRow } from "~/infra/rows/identity.server";
import {
  inboxCursorScope,
  NOTIFICATION_COLUMNS,
  notificationOf,
  notificationValues,
} from "~/infra/rows/identity.server";
import { prepared, type Sql } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { NOTIFICATIONS } from "~/infra/rows/statements.server";

const SQL = numberedAll(NOTIFICATIONS);

/** Stores a notification on `sql` (the caller's transaction, when it has one). True when a new one was stored (or a refreshing one replaced). */
export async function addNotification(sql: Sql, n: NewNotification): Promise<boolean> {
  const changed = await sql.run(n.refresh ? SQL.upsert : SQL.insert, notificationValues(randomUUID(), n));
  return changed === 1;
}

/**
 * Puts a broadcast in every inbox, or changes its data when it is there already (its time, id and every
 * member's read state stay). One row, whatever the number of members. True when a row was written.
 * `dedupe_key` is the broadcast's natural key (unique), which the upsert names.
 */
export async function putBroadcast(sql: Sql, b: NewBroadcast): Promise<boolean> {
  const changed = await sql.run(
    `INSERT INTO broadcasts (id, kind, dedupe_key, data, subject, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (dedupe_key) DO UPDATE SET data = excluded.data, subject = excluded.subject
     WHERE broadcasts.data <> excluded.data OR broadcasts.subject IS DISTINCT FROM excluded.subject`,
    [randomUUID(), b.kind, b.dedupeKey, JSON.stringify(b.data), b.subject ?? null, b.createdAt],
  );
  return changed === 1;
}

/** Whether a broadcast with this key is in the inboxes. */
export async function hasBroadcast(sql: Sql, dedupeKey: string): Promise<boolean> {
  return (await sql.row(SQL.hasBroadcast, [dedupeKey])) !== undefined;
}

/** Takes a broadcast out of every inbox, with every member's reads of it. True when there was one. */
export async function dropBroadcast(sql: Sql, dedupeKey: string): Promise<boolean> {
  return (await sql.run(SQL.dropBroadcast, [dedupeKey])) === 1;
}

// A member's inbox: their notifications and the broadcasts of their audience, one list in one order. A
// broadcast is read when the member read it (broadcast_reads) or marked everything read after it was made
// (broadcast_marks); one they deleted is left out. $1 uid, $2 since, $3 now.
const INBOX = `
  SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE uid = $1
  UNION ALL
  SELECT b.id, $1 AS uid, b.kind, b.dedupe_key, b.data, b.created_at,
    coalesce(r.read_at, CASE WHEN b.created_at <= m.read_up_to THEN m.read_up_to END) AS read_at, b.subject
  FROM broadcasts b
  LEFT JOIN broadcast_reads r ON r.broadcast_id = b.id AND r.uid = $1
  LEFT JOIN broadcast_marks m ON m.uid = $1
  WHERE b.created_at >= $2::bigint AND b.created_at <= $3::bigint AND NOT coalesce(r.removed, false)`;

/** The member's ($1) unread notifications of their own. */
export const OWN_UNREAD = "SELECT count(*) FROM notifications WHERE uid = $1 AND read_at IS NULL";

/**
 * The member's ($1) unread broadcasts made from `since` to `now` (SQL expressions): after their mark of all read,
 * and not read one by one. A null `since` counts none.
 */
export const unreadNotices = (since: string, now: string) => `SELECT count(*) FROM broadcasts b
     WHERE b.created_at >= ${since} AND b.created_at <= ${now}
       AND b.created_at > coalesce((SELECT read_up_to FROM broadcast_marks WHERE uid = $1), -1)
       AND NOT EXISTS (SELECT 1 FROM broadcast_reads r WHERE r.broadcast_id = b.id AND r.uid = $1)`;

const UNREAD = prepared("unread", `SELECT (${OWN_UNREAD}) AS n`);
const UNREAD_WITH_NOTICES = prepared(
  "unread_with_notices",
  `SELECT (${OWN_UNREAD}) + (${unreadNotices("$2::bigint", "$3::bigint")}) AS n`,
);

export function pgNotificationStore(db: Sql): NotificationsStore {
  /** The inbox statement's first parameters, or null when no broadcast reaches the member. */
  const inboxOf = (uid: string, audience: InboxAudience | undefined) =>
    audience && audience.since !== null ? [uid, audience.since, audience.now] : null;

  return {
    async add(n) {
      return { created: await addNotification(db, n) };
    },

    async listFor(uid, { after, limit }, audience) {
      const size = pageSize(limit);
      const inbox = inboxOf(uid, audience);
      let position: { createdAt: number; id: string } | null = null;
      if (after !== undefined && after !== null) {
        position = decodeCursor(inboxCursorScope(uid), after);
        if (!position) return { ok: false, problem: "badCursor" };
      }
      // One statement per page: the member's own list, or it and the broadcasts merged in order.
      const source = inbox ? `(${INBOX}) AS inbox` : "notifications";
      const params: unknown[] = inbox ?? [uid];
      const where = inbox ? [] : ["uid = $1"];
      if (position) {
        params.push(position.createdAt, position.id);
        where.push(`(created_at, id) < ($${params.length - 1}::bigint, $${params.length})`);
      }
      params.push(size + 1);
      const rows = await db.rows<NotificationRow>(
        `SELECT ${NOTIFICATION_COLUMNS} FROM ${source} ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
        params,
      );
      return pageOf(rows, size, inboxCursorScope(uid), notificationOf, (n) => n);
    },

    async unreadCount(uid, audience) {
      const inbox = inboxOf(uid, audience);
      // The badge of every signed-in page: both counts in one round trip, prepared once per connection.
      const row = inbox
        ? await db.row<{ n: number }>(UNREAD_WITH_NOTICES, inbox)
        : await db.row<{ n: number }>(UNREAD, [uid]);
      return row!.n;
    },

    async find(uid, id, audience) {
      const inbox = inboxOf(uid, audience);
      const row = inbox
        ? await db.row<NotificationRow>(`SELECT ${NOTIFICATION_COLUMNS} FROM (${INBOX}) AS inbox WHERE id = $4`, [
            ...inbox,
            id,
          ])
        : await db.row<NotificationRow>(SQL.one, [uid, id]);
      return row ? notificationOf(row) : null;
    },

    async markRead(uid, id, at) {
      const own = await db.run(SQL.readOne, [at, uid, id]);
      if (own === 1) return true;
      // A broadcast: the member's read is a row of their own, written once (the first read time stays).
      const row = await db.row<{ n: number }>(
        `WITH b AS (SELECT id FROM broadcasts WHERE id = $1),
           _ AS (INSERT INTO broadcast_reads (broadcast_id, uid, read_at) SELECT id, $2, $3 FROM b
                 ON CONFLICT (broadcast_id, uid) DO NOTHING)
         SELECT count(*) AS n FROM b`,
        [id, uid, at],
      );
      return row!.n === 1;
    },

    async markAllRead(uid, at) {
      // One statement: the broadcasts' mark moves (never back) with the notifications it reads; its count is
      // the UPDATE's, the statement's main one.
      return db.run(
        `WITH mark AS (
           INSERT INTO broadcast_marks (uid, read_up_to) VALUES ($1, $2)
           ON CONFLICT (uid) DO UPDATE SET read_up_to = GREATEST(broadcast_marks.read_up_to, excluded.read_up_to)
         )
         UPDATE notifications SET read_at = $2 WHERE uid = $1 AND read_at IS NULL`,
        [uid, at],
      );
    },

    async remove(uid, id) {
      if ((await db.run(SQL.removeOne, [uid, id])) === 1) return true;
      // A broadcast leaves this member's inbox only: a row of theirs says so.
      const row = await db.row<{ n: number }>(
        `WITH b AS (SELECT id FROM broadcasts WHERE id = $1),
           _ AS (INSERT INTO broadcast_reads (broadcast_id, uid, read_at, removed) SELECT id, $2, $3, true FROM b
                 ON CONFLICT (broadcast_id, uid) DO UPDATE SET removed = true)
         SELECT count(*) AS n FROM b`,
        [id, uid, Date.now()],
      );
      return row!.n === 1;
    },

    async removeAllFor(uid) {
      // One statement, so all of it goes or none; its count is the notifications'.
      return db.run(
        `WITH first_seen AS (DELETE FROM visa_expiry_first_seen WHERE uid = $1),
           reads AS (DELETE FROM broadcast_reads WHERE uid = $1),
           marks AS (DELETE FROM broadcast_marks WHERE uid = $1)
         DELETE FROM notifications WHERE uid = $1`,
        [uid],
      );
    },

    async firstSeen(uid, expiresOn, today) {
      // Read first: the job asks for every member on every run, and a read writes nothing.
      const stored = await db.row<{ first_seen_on: string }>(SQL.firstSeen, [uid, expiresOn]);
      if (stored) return stored.first_seen_on;
      // The first writer's day stays. When another client's insert wins, this statement's snapshot may not
      // show its row: the read after it (a new statement, a new snapshot) does.
      const inserted = await db.row<{ first_seen_on: string }>(
        `INSERT INTO visa_expiry_first_seen (uid, expires_on, first_seen_on) VALUES ($1, $2, $3)
         ON CONFLICT (uid, expires_on) DO NOTHING RETURNING first_seen_on`,
        [uid, expiresOn, today],
      );
      return (
        inserted?.first_seen_on ??
        (await db.row<{ first_seen_on: string }>(SQL.firstSeen, [uid, expiresOn]))!.first_seen_on
      );
    },
  };
}
