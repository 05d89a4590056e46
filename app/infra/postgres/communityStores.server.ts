/**
 * The community in PostgreSQL (tables `feeds`, `comments`, `likes`, `reports`,
 * `files`, and the photos' bytes in `file_blobs`): the SQLite store's behaviour
 * (app/infra/sqlite/communityStore.server.ts) in the portable subset. Every write
 * that moves a counter or tells someone is one serializable transaction (db.tx,
 * retried on conflicts), so two processes liking, commenting or reporting at once
 * never lose a count or store a second like or report. Every read is one
 * statement (a feed page's comments two, however many replies they have); sets
 * are deleted by `= ANY($n)`, never a statement per row.
 *
 * The notifications table is the identity migration's (version 1, the same
 * columns as SQLite's); this store writes it inside its own transactions.
 */
import { decodeCursor, encodeCursor, pageOf } from "~/stores/cursor.server";
import type {
  CommentsStore,
  CommentThread,
  FeedsStore,
  FilesStore,
  ItemStatus,
  LikesStore,
  PhotoRef,
  ReportReason,
  ReportsStore,
  ReportTarget,
  ReviewItem,
} from "~/stores/community";
import { photoNames } from "~/stores/community";
import type { NewNotification } from "~/stores/notifications";
import { pageSize, type PageResult } from "~/stores/page";
import {
  authorOf,
  byAuthorScope,
  COMMENT_COLUMNS,
  commentOf,
  commentsScope,
  FEED_COLUMNS,
  feedOf,
  feedScope,
  repliesScope,
  replyPreview,
  REVIEW_QUEUE_SCOPE,
  type CommentRow,
  type FeedRow,
} from "~/infra/rows/community.server";
import { preparedText, type Pg, type Sql } from "./database.server";
import { removeBlobs } from "./fileStorage.server";
import { addNotification } from "./notificationStore.server";
import { notificationOf, type NotificationRow } from "~/infra/rows/identity.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { COMMUNITY } from "~/infra/rows/statements.server";

const SQL = numberedAll(COMMUNITY);

/**
 * One statement for a page newest (or oldest) first by (created_at, id) under `where` ($1… its params),
 * after the cursor's position when there is one: the row comparison walks the (…, created_at, id) index.
 */
function pageQuery(columns: string, table: string, where: string, params: unknown[], order: "ASC" | "DESC") {
  return (at: { createdAt: number; id: string } | null, limit: number) => {
    const values = [...params];
    let condition = where;
    if (at) {
      values.push(at.createdAt, at.id);
      condition += ` AND (created_at, id) ${order === "DESC" ? "<" : ">"} ($${values.length - 1}, $${values.length})`;
    }
    values.push(limit);
    return {
      text: `SELECT ${columns} FROM ${table} WHERE ${condition} ORDER BY created_at ${order}, id ${order} LIMIT $${values.length}`,
      values,
    };
  };
}

/** Stores the community's notifications inside the caller's transaction (the inbox's own statement). */
async function addNotifications(sql: Sql, notifications: (NewNotification | null)[]): Promise<void> {
  for (const n of notifications) if (n) await addNotification(sql, n);
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/**
 * The writes many members make at once on one row (likes, comments and reports of a popular feed): READ
 * COMMITTED, their first statement locking the row they count on (database.server.ts, `lockFirst`).
 */
const LOCK_FIRST = { lockFirst: true };

/** Deletes file records (`where` on `files`, $1… its params) and their bytes, in the caller's transaction; their ids. */
async function dropFiles(sql: Sql, where: string, params: unknown[]): Promise<string[]> {
  const dropped = ids(await sql.rows<{ id: string }>(`DELETE FROM files WHERE ${where} RETURNING id`, params));
  await removeBlobs(sql, dropped.flatMap(photoNames));
  return dropped;
}

/** Deletes feeds and all that hangs on them (comments and likes by ON DELETE CASCADE); their files' ids. */
async function dropFeeds(sql: Sql, feedIds: string[]): Promise<string[]> {
  if (feedIds.length === 0) return [];
  const commentKeys = "SELECT 'comment:' || id FROM comments WHERE feed_id = ANY($1::text[])";
  await sql.run(
    `DELETE FROM reports WHERE (target_kind = 'feed' AND target_id = ANY($1::text[]))
       OR (target_kind = 'comment' AND target_id IN (SELECT id FROM comments WHERE feed_id = ANY($1::text[])))`,
    [feedIds],
  );
  await sql.run(
    `DELETE FROM notifications WHERE subject IN (SELECT 'feed:' || f FROM unnest($1::text[]) AS f)
       OR dedupe_key IN (${commentKeys})`,
    [feedIds],
  );
  const files = await dropFiles(sql, "feed_id = ANY($1::text[])", [feedIds]);
  await sql.run("DELETE FROM feeds WHERE id = ANY($1::text[])", [feedIds]);
  return files;
}

/**
 * Deletes a comment and its replies with their reports and notifications, counting them off their feed
 * (and a reply off its comment). The ids deleted.
 */
async function dropComment(sql: Sql, row: Pick<CommentRow, "id" | "feed_id" | "parent_id">): Promise<string[]> {
  const all = [row.id, ...ids(await sql.rows<{ id: string }>(SQL.replyIds, [row.id]))];
  await sql.run("DELETE FROM reports WHERE target_kind = 'comment' AND target_id = ANY($1::text[])", [all]);
  await sql.run("DELETE FROM notifications WHERE dedupe_key = ANY($1::text[])", [all.map((id) => `comment:${id}`)]);
  await sql.run(SQL.deleteComment, [row.id]); // replies go with it (ON DELETE CASCADE)
  await sql.run("UPDATE feeds SET comment_count = comment_count - $1 WHERE id = $2", [all.length, row.feed_id]);
  if (row.parent_id !== null) {
    await sql.run("UPDATE comments SET reply_count = reply_count - 1 WHERE id = $1", [row.parent_id]);
  }
  return all;
}

const feedRow = (sql: Sql, id: string) => sql.row<FeedRow>(SQL.feed, [id]);
const commentRow = (sql: Sql, id: string) => sql.row<CommentRow>(SQL.comment, [id]);

/** Reads one page of `query`'s list in one statement; badCursor when the cursor is not this scope's. */
async function readPage<Row, Item>(
  db: Sql,
  query: ReturnType<typeof pageQuery>,
  scope: string,
  after: string | null | undefined,
  limit: number,
  map: (row: Row) => Item,
  position: (item: Item) => { createdAt: number; id: string },
): Promise<PageResult<Item>> {
  const size = pageSize(limit);
  let at = null;
  if (after != null) {
    at = decodeCursor(scope, after);
    if (!at) return { ok: false, problem: "badCursor" };
  }
  const { text, values } = query(at, size + 1);
  // The lists' texts are a fixed few (with or without a cursor, a category): prepared once per connection.
  return pageOf(await db.rows<Row>(preparedText(text), values), size, scope, map, position);
}

/** The community's feeds (PostgreSQL). */
export function pgFeedsStore(db: Pg): FeedsStore {
  return {
    async create(feed) {
      await db.tx(async (sql) => {
        await sql.run(SQL.insertFeed, [
          feed.id,
          feed.author.uid,
          feed.author.label,
          feed.author.nationality,
          feed.category,
          feed.text,
          JSON.stringify(feed.photos),
          feed.createdAt,
          feed.createdAt,
        ]);
        await attachFiles(sql, feed.id, feed.author.uid, feed.photos);
      });
    },
    async get(id) {
      const row = await feedRow(db, id);
      return row ? feedOf(row) : null;
    },
    async list({ after, limit, category }) {
      const query = category
        ? pageQuery(FEED_COLUMNS, "feeds", "status = 'visible' AND category = $1", [category], "DESC")
        : pageQuery(FEED_COLUMNS, "feeds", "status = 'visible'", [], "DESC");
      return readPage(db, query, feedScope(category), after, limit, feedOf, (f) => f);
    },
    async listByAuthor(uid, { after, limit }) {
      const query = pageQuery(FEED_COLUMNS, "feeds", "author_uid = $1", [uid], "DESC");
      return readPage(db, query, byAuthorScope("feeds", uid), after, limit, feedOf, (f) => f);
    },
    async update(id, uid, changes, now) {
      return db.tx(async (sql) => {
        const row = await sql.row<{ author_uid: string; photos: string }>(
          "SELECT author_uid, photos FROM feeds WHERE id = $1",
          [id],
        );
        if (!row) return { ok: false as const, problem: "notFound" as const };
        if (row.author_uid !== uid) return { ok: false as const, problem: "notAuthor" as const };
        const kept = new Set(changes.photos.map((p) => p.id));
        const released = (JSON.parse(row.photos) as PhotoRef[]).map((p) => p.id).filter((f) => !kept.has(f));
        if (released.length > 0) await dropFiles(sql, "id = ANY($1::text[])", [released]);
        await attachFiles(sql, id, uid, changes.photos);
        await sql.run(SQL.updateFeed, [changes.category, changes.text, JSON.stringify(changes.photos), now, id]);
        return { ok: true as const, releasedFiles: released };
      });
    },
    async remove(id, uid) {
      return db.tx(async (sql) => {
        const row = await sql.row<{ author_uid: string }>("SELECT author_uid FROM feeds WHERE id = $1", [id]);
        if (!row) return { ok: false as const, problem: "notFound" as const };
        if (uid !== null && row.author_uid !== uid) return { ok: false as const, problem: "notAuthor" as const };
        return { ok: true as const, releasedFiles: await dropFeeds(sql, [id]) };
      });
    },
    async removeMember(uid, unnamed) {
      return db.tx(async (sql) => {
        const owned = ids(await sql.rows<{ id: string }>("SELECT id FROM feeds WHERE author_uid = $1", [uid]));
        const released = await dropFeeds(sql, owned);
        // Their comments left are on others' feeds; a reply already gone with its parent is skipped.
        const gone = new Set<string>();
        const theirs = await sql.rows<CommentRow>(
          "SELECT id, feed_id, parent_id FROM comments WHERE author_uid = $1 ORDER BY parent_id NULLS FIRST",
          [uid],
        );
        for (const row of theirs) {
          if (!gone.has(row.id)) for (const id of await dropComment(sql, row)) gone.add(id);
        }
        await sql.run(
          `UPDATE feeds SET like_count = like_count - 1
           WHERE id IN (SELECT feed_id FROM likes WHERE uid = $1)`,
          [uid],
        );
        await sql.run(SQL.deleteLikesOfMember, [uid]);
        for (const [kind, table] of [
          ["feed", "feeds"],
          ["comment", "comments"],
        ] as const) {
          await sql.run(
            `UPDATE ${table} SET report_count = GREATEST(report_count - 1, 0)
             WHERE id IN (SELECT target_id FROM reports
                          WHERE reporter_uid = $1 AND target_kind = $2 AND closed_at IS NULL)`,
            [uid, kind],
          );
        }
        await sql.run(SQL.deleteReportsOfMember, [uid]);
        // Others' inboxes: nothing names them any more. Their comments' notifications went with the comments;
        // a like notification whose last liker they are says how many people like the feed now, without a name.
        const naming = await sql.rows<NotificationRow & { like_count: number | null }>(
          `SELECT n.id, n.uid, n.kind, n.dedupe_key, n.data, n.created_at, n.read_at, n.subject, f.like_count
           FROM notifications AS n
           LEFT JOIN feeds AS f ON n.kind = 'like' AND n.subject LIKE 'feed:%' AND f.id = substr(n.subject, 6)
           WHERE n.actor_uid = $1 AND n.uid <> $1 ORDER BY n.id`,
          [uid],
        );
        const dropped: string[] = [];
        for (const row of naming) {
          const data = row.like_count ? unnamed(notificationOf(row), row.like_count) : null;
          if (data) {
            await sql.run(SQL.unnameNotification, [JSON.stringify(data), row.id]);
          } else dropped.push(row.id);
        }
        if (dropped.length > 0) await sql.run("DELETE FROM notifications WHERE id = ANY($1::text[])", [dropped]);
        released.push(...(await dropFiles(sql, "owner_uid = $1", [uid])));
        return { releasedFiles: released };
      });
    },
  };
}

/** The feed takes its photos' files that are still its author's pending ones. */
async function attachFiles(sql: Sql, feedId: string, uid: string, photos: PhotoRef[]) {
  if (photos.length === 0) return;
  await sql.run("UPDATE files SET feed_id = $1 WHERE id = ANY($2::text[]) AND owner_uid = $3 AND feed_id IS NULL", [
    feedId,
    photos.map((p) => p.id),
    uid,
  ]);
}

/** Comments and replies on feeds (PostgreSQL). */
export function pgCommentsStore(db: Pg): CommentsStore {
  return {
    async add(comment, notify) {
      return db.tx(async (sql) => {
        // The feed's row lock queues the comments of one feed (its count, its comments' reply counts).
        const feed = await sql.row<{ status: ItemStatus }>("SELECT status FROM feeds WHERE id = $1 FOR UPDATE", [
          comment.feedId,
        ]);
        if (!feed || feed.status !== "visible") return { ok: false as const, problem: "noFeed" as const };
        if (comment.parentId !== null) {
          const parent = await sql.row<CommentRow>(
            "SELECT feed_id, parent_id, status FROM comments WHERE id = $1 FOR UPDATE",
            [comment.parentId],
          );
          if (
            !parent ||
            parent.feed_id !== comment.feedId ||
            parent.parent_id !== null ||
            parent.status !== "visible"
          ) {
            return { ok: false as const, problem: "noParent" as const };
          }
        }
        await sql.run(SQL.insertComment, [
          comment.id,
          comment.feedId,
          comment.parentId,
          comment.author.uid,
          comment.author.label,
          comment.author.nationality,
          comment.text,
          comment.createdAt,
        ]);
        await sql.run("UPDATE feeds SET comment_count = comment_count + 1 WHERE id = $1", [comment.feedId]);
        if (comment.parentId !== null) {
          await sql.run("UPDATE comments SET reply_count = reply_count + 1 WHERE id = $1", [comment.parentId]);
        }
        await addNotifications(sql, notify);
        return { ok: true as const };
      }, LOCK_FIRST);
    },
    async get(id) {
      const row = await commentRow(db, id);
      return row ? commentOf(row) : null;
    },
    async listForFeed(feedId, { after, limit, replies }) {
      const shown = replyPreview(replies);
      const query = pageQuery(COMMENT_COLUMNS, "comments", "feed_id = $1 AND parent_id IS NULL", [feedId], "ASC");
      const page = await readPage(
        db,
        query,
        commentsScope(feedId),
        after,
        limit,
        (row: CommentRow) => row,
        (r) => ({
          createdAt: r.created_at,
          id: r.id,
        }),
      );
      if (!page.ok) return page;
      // The first replies of every comment on the page in one statement: `shown + 1` per comment by the
      // (parent_id, created_at, id) index; the count on the row leaves out the many without replies.
      const withReplies = page.items.filter((row) => row.reply_count > 0).map((row) => row.id);
      const replyRows =
        withReplies.length === 0
          ? []
          : await db.rows<CommentRow>(
              `SELECT r.* FROM unnest($1::text[]) AS p (id)
               CROSS JOIN LATERAL (
                 SELECT ${COMMENT_COLUMNS} FROM comments WHERE parent_id = p.id ORDER BY created_at, id LIMIT $2
               ) AS r
               ORDER BY r.parent_id, r.created_at, r.id`,
              [withReplies, shown + 1],
            );
      const repliesOf = new Map<string, CommentRow[]>();
      for (const row of replyRows) {
        const list = repliesOf.get(row.parent_id!) ?? [];
        list.push(row);
        repliesOf.set(row.parent_id!, list);
      }
      const items = page.items.map((row): CommentThread => {
        const first = pageOf(repliesOf.get(row.id) ?? [], shown, repliesScope(row.id), commentOf, (c) => c);
        return first.ok
          ? { comment: commentOf(row), replies: first.items, moreReplies: first.next }
          : { comment: commentOf(row), replies: [], moreReplies: null };
      });
      return { ok: true, items, next: page.next };
    },
    async listReplies(parentId, { after, limit }) {
      const query = pageQuery(COMMENT_COLUMNS, "comments", "parent_id = $1", [parentId], "ASC");
      return readPage(db, query, repliesScope(parentId), after, limit, commentOf, (c) => c);
    },
    async listByAuthor(uid, { after, limit }) {
      const query = pageQuery(COMMENT_COLUMNS, "comments", "author_uid = $1", [uid], "DESC");
      return readPage(db, query, byAuthorScope("comments", uid), after, limit, commentOf, (c) => c);
    },
    async remove(id, uid) {
      return db.tx(async (sql) => {
        const row = await sql.row<CommentRow>("SELECT id, feed_id, parent_id, author_uid FROM comments WHERE id = $1", [
          id,
        ]);
        if (!row) return { ok: false as const, problem: "notFound" as const };
        if (uid !== null && row.author_uid !== uid) return { ok: false as const, problem: "notAuthor" as const };
        await dropComment(sql, row);
        return { ok: true as const };
      });
    },
  };
}

/** Likes of feeds (PostgreSQL). */
export function pgLikesStore(db: Pg): LikesStore {
  return {
    async toggle(feedId, uid, at, notify) {
      return db.tx(async (sql) => {
        // The feed's row lock queues the toggles of one feed: each sees the likes and count the last one left.
        const feed = await sql.row<{ status: ItemStatus }>("SELECT status FROM feeds WHERE id = $1 FOR UPDATE", [
          feedId,
        ]);
        if (!feed || feed.status !== "visible") return { ok: false as const, problem: "noFeed" as const };
        const liked = (await sql.run(SQL.like, [feedId, uid, at])) === 1;
        if (!liked) await sql.run(SQL.unlike, [feedId, uid]);
        const counted = await sql.row<{ like_count: number }>(SQL.countLike, [liked ? 1 : -1, feedId]);
        const likeCount = counted!.like_count;
        if (liked) await addNotifications(sql, [notify(likeCount)]);
        return { ok: true as const, liked, likeCount };
      }, LOCK_FIRST);
    },
    async likedBy(uid, feedIds) {
      if (feedIds.length === 0) return [];
      const wanted = [...new Set(feedIds)].slice(0, 1000);
      const rows = await db.rows<{ feed_id: string }>(
        "SELECT feed_id FROM likes WHERE uid = $1 AND feed_id = ANY($2::text[])",
        [uid, wanted],
      );
      return rows.map((r) => r.feed_id);
    },
  };
}

const targetTable = (target: ReportTarget) => (target.kind === "feed" ? "feeds" : "comments");
const openReporters = async (sql: Sql, target: ReportTarget) =>
  (await sql.rows<{ reporter_uid: string }>(SQL.openReporters, [target.kind, target.id])).map((r) => r.reporter_uid);

type QueueRow = {
  target_kind: "feed" | "comment";
  target_id: string;
  first_at: number;
  reasons: string;
  feed_id: string | null;
  text: string | null;
  author_uid: string;
  author_label: string;
  author_nationality: string | null;
  status: ItemStatus;
  report_count: number;
};

/** Reports of feeds and comments, and the review queue (PostgreSQL). */
export function pgReportsStore(db: Pg): ReportsStore {
  return {
    async add(report, threshold) {
      return db.tx(async (sql) => {
        const table = targetTable(report.target);
        // The item's row lock queues its reports: one per member, the threshold crossed once.
        const row = await sql.row<{ author_uid: string }>(`SELECT author_uid FROM ${table} WHERE id = $1 FOR UPDATE`, [
          report.target.id,
        ]);
        if (!row) return { ok: false as const, problem: "notFound" as const };
        if (row.author_uid === report.reporterUid) return { ok: false as const, problem: "ownItem" as const };
        const added = await sql.run(SQL.insertReport, [
          report.target.kind,
          report.target.id,
          report.reporterUid,
          report.reason,
          report.text,
          report.createdAt,
        ]);
        if (added !== 1) return { ok: false as const, problem: "alreadyReported" as const };
        const updated = (await sql.row<{ report_count: number; status: ItemStatus }>(
          table === "feeds" ? SQL.countReportOnFeed : SQL.countReportOnComment,
          [Math.max(1, threshold), report.target.id],
        ))!;
        // A comment no one may see any more is quoted in no inbox either.
        if (report.target.kind === "comment" && updated.status !== "visible") {
          await sql.run(SQL.notificationsKeyed, [`comment:${report.target.id}`]);
        }
        return { ok: true as const, reportCount: updated.report_count, status: updated.status };
      }, LOCK_FIRST);
    },
    async queue({ after, limit }) {
      const size = pageSize(limit);
      const scope = REVIEW_QUEUE_SCOPE;
      const values: unknown[] = [size + 1];
      let where = "";
      if (after != null) {
        const at = decodeCursor(scope, after);
        if (!at) return { ok: false, problem: "badCursor" };
        values.push(at.createdAt, at.id);
        where = "WHERE (q.first_at, q.target_kind || ':' || q.target_id) > ($2, $3)";
      }
      // The open reports grouped per item with the item itself (a feed, or a comment and its feed) in one
      // statement; an item gone since its reports came is left out of the page, as in SQLite.
      const rows = await db.rows<QueueRow>(
        `SELECT q.target_kind, q.target_id, q.first_at, q.reasons,
           coalesce(f.id, c.feed_id) AS feed_id, coalesce(f.text, c.text) AS text,
           coalesce(f.author_uid, c.author_uid) AS author_uid, coalesce(f.author_label, c.author_label) AS author_label,
           CASE WHEN f.id IS NOT NULL THEN f.author_nationality ELSE c.author_nationality END AS author_nationality,
           coalesce(f.status, c.status) AS status, coalesce(f.report_count, c.report_count) AS report_count
         FROM (
           SELECT target_kind, target_id, min(created_at) AS first_at, string_agg(reason, ',') AS reasons
           FROM reports WHERE closed_at IS NULL GROUP BY target_kind, target_id
         ) AS q
         LEFT JOIN feeds AS f ON q.target_kind = 'feed' AND f.id = q.target_id
         LEFT JOIN comments AS c ON q.target_kind = 'comment' AND c.id = q.target_id
         ${where}
         ORDER BY q.first_at, q.target_kind || ':' || q.target_id LIMIT $1`,
        values,
      );
      const shown = rows.slice(0, size);
      const last = shown[shown.length - 1];
      const items = shown
        .filter((row) => row.feed_id !== null)
        .map((row): ReviewItem => ({
          target: { kind: row.target_kind, id: row.target_id },
          feedId: row.feed_id!,
          text: row.text!,
          author: authorOf(row),
          status: row.status,
          reportCount: row.report_count,
          reasons: [...new Set(row.reasons.split(","))] as ReportReason[],
          firstReportedAt: row.first_at,
        }));
      return {
        ok: true,
        items,
        next:
          rows.length > size && last
            ? encodeCursor(scope, { createdAt: last.first_at, id: `${last.target_kind}:${last.target_id}` })
            : null,
      };
    },
    async resolve(target, outcome, notify) {
      return db.tx(async (sql) => {
        const table = targetTable(target);
        const row = await sql.row<{ id: string; feed_id: string; parent_id: string | null }>(
          target.kind === "feed"
            ? "SELECT id, id AS feed_id, NULL AS parent_id FROM feeds WHERE id = $1"
            : SQL.commentPlace,
          [target.id],
        );
        if (!row) return { ok: false as const, problem: "notFound" as const };
        const reporters = await openReporters(sql, target);
        let releasedFiles: string[] = [];
        if (outcome === "deleted") {
          if (target.kind === "feed") releasedFiles = await dropFeeds(sql, [target.id]);
          else await dropComment(sql, row);
        } else {
          await sql.run(SQL.closeReports, [Date.now(), target.kind, target.id]);
          await sql.run(table === "feeds" ? SQL.setFeedStatus : SQL.setCommentStatus, [
            outcome === "restored" ? "visible" : "hidden",
            target.id,
          ]);
          if (outcome === "hidden" && target.kind === "comment") {
            await sql.run(SQL.notificationsKeyed, [`comment:${target.id}`]);
          }
        }
        await addNotifications(sql, reporters.map(notify));
        return { ok: true as const, releasedFiles };
      });
    },
    async openReporters(target) {
      return openReporters(db, target);
    },
  };
}

/** The records of photo files (PostgreSQL). */
export function pgFilesStore(db: Pg): FilesStore {
  return {
    async get(id) {
      const row = await db.row<{ id: string; owner_uid: string; feed_id: string | null }>(SQL.file, [id]);
      return row ? { id: row.id, ownerUid: row.owner_uid, feedId: row.feed_id } : null;
    },
    async addPending(file, quotaBytes) {
      // Serializable: two uploads of one member at once cannot both fit under the quota (one is retried).
      return db.tx(async (sql) => {
        const used = await usage(sql, file.ownerUid);
        if (used + file.bytes > quotaBytes) return { ok: false as const, problem: "overQuota" as const };
        await sql.run(SQL.insertFile, [file.id, file.ownerUid, file.bytes, file.createdAt]);
        return { ok: true as const };
      });
    },
    async pendingOf(uid, wanted) {
      const unique = [...new Set(wanted)];
      if (unique.length === 0) return [];
      const pending = new Set(
        ids(
          await db.rows<{ id: string }>(
            "SELECT id FROM files WHERE id = ANY($1::text[]) AND owner_uid = $2 AND feed_id IS NULL",
            [unique, uid],
          ),
        ),
      );
      return unique.filter((id) => pending.has(id));
    },
    async usage(uid) {
      return usage(db, uid);
    },
    async sweepPending(before) {
      return db.tx((sql) => dropFiles(sql, "feed_id IS NULL AND created_at < $1", [before]));
    },
    async removePending(uid, id) {
      return db.tx(
        async (sql) => (await dropFiles(sql, "id = $1 AND owner_uid = $2 AND feed_id IS NULL", [id, uid])).length === 1,
      );
    },
  };
}

/** Bytes a member's files take; sum() of bigint is numeric in PostgreSQL, so cast back to bigint (a number). */
async function usage(sql: Sql, uid: string): Promise<number> {
  const row = await sql.row<{ n: number }>(
    "SELECT coalesce(sum(bytes), 0)::bigint AS n FROM files WHERE owner_uid = $1",
    [uid],
  );
  return row?.n ?? 0;
}
