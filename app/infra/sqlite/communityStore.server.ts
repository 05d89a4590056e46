/**
 * The community in SQLite (tables `feeds`, `comments`, `likes`, `reports`,
 * `files`): every write that moves a counter or tells someone is one immediate
 * transaction, so two processes liking, commenting or reporting at once never
 * lose a count or store a second like or report.
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
import { pageSize } from "~/stores/page";
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
import type { Db } from "./database.server";
import { NOTIFICATION_COLUMNS, notificationOf, type NotificationRow } from "~/infra/rows/identity.server";
import { addNotification } from "./notificationStore.server";
import { COMMUNITY } from "~/infra/rows/statements.server";

/**
 * The community's statements and transactions over one database: prepared once per database, whichever of the
 * five stores' factories asks first, and shared by them (a feed's removal runs in the reports' resolve too).
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareCommunity>>();

function community(db: Db) {
  let made = prepared.get(db);
  if (!made) {
    made = prepareCommunity(db);
    prepared.set(db, made);
  }
  return made;
}

function prepareCommunity(db: Db) {
  const q = {
    insertFeed: db.prepare(COMMUNITY.insertFeed),
    feed: db.prepare(COMMUNITY.feed),
    firstFeeds: db.prepare(
      `SELECT ${FEED_COLUMNS} FROM feeds WHERE status = 'visible' ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    feedsAfter: db.prepare(
      `SELECT ${FEED_COLUMNS} FROM feeds WHERE status = 'visible' AND (created_at, id) < (?, ?)
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    firstFeedsIn: db.prepare(
      `SELECT ${FEED_COLUMNS} FROM feeds WHERE status = 'visible' AND category = ?
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    feedsInAfter: db.prepare(
      `SELECT ${FEED_COLUMNS} FROM feeds WHERE status = 'visible' AND category = ? AND (created_at, id) < (?, ?)
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    firstFeedsBy: db.prepare(
      `SELECT ${FEED_COLUMNS} FROM feeds WHERE author_uid = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    feedsByAfter: db.prepare(
      `SELECT ${FEED_COLUMNS} FROM feeds WHERE author_uid = ? AND (created_at, id) < (?, ?)
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    updateFeed: db.prepare(COMMUNITY.updateFeed),
    feedId: db.prepare("SELECT id FROM feeds WHERE id = ?"),
    deleteFeed: db.prepare("DELETE FROM feeds WHERE id = ?"),
    attachFile: db.prepare("UPDATE files SET feed_id = ? WHERE id = ? AND owner_uid = ? AND feed_id IS NULL"),
    filesOfFeed: db.prepare("SELECT id FROM files WHERE feed_id = ?"),
    deleteFilesOfFeed: db.prepare("DELETE FROM files WHERE feed_id = ?"),
    deleteFile: db.prepare("DELETE FROM files WHERE id = ?"),
    notificationsAbout: db.prepare("DELETE FROM notifications WHERE subject = ?"),
    notificationsKeyed: db.prepare(COMMUNITY.notificationsKeyed),
    notificationsNaming: db.prepare(
      `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE actor_uid = ? AND uid <> ? ORDER BY id`,
    ),
    deleteNotification: db.prepare("DELETE FROM notifications WHERE id = ?"),
    unnameNotification: db.prepare(COMMUNITY.unnameNotification),
    reportsOn: db.prepare("DELETE FROM reports WHERE target_kind = ? AND target_id = ?"),
    commentIdsOfFeed: db.prepare("SELECT id FROM comments WHERE feed_id = ?"),

    insertComment: db.prepare(COMMUNITY.insertComment),
    comment: db.prepare(COMMUNITY.comment),
    commentPlace: db.prepare(COMMUNITY.commentPlace),
    countComment: db.prepare("UPDATE feeds SET comment_count = comment_count + ? WHERE id = ?"),
    countReply: db.prepare("UPDATE comments SET reply_count = reply_count + ? WHERE id = ?"),
    firstTopComments: db.prepare(
      `SELECT ${COMMENT_COLUMNS} FROM comments WHERE feed_id = ? AND parent_id IS NULL
       ORDER BY created_at, id LIMIT ?`,
    ),
    topCommentsAfter: db.prepare(
      `SELECT ${COMMENT_COLUMNS} FROM comments WHERE feed_id = ? AND parent_id IS NULL AND (created_at, id) > (?, ?)
       ORDER BY created_at, id LIMIT ?`,
    ),
    firstReplies: db.prepare(
      `SELECT ${COMMENT_COLUMNS} FROM comments WHERE parent_id = ? ORDER BY created_at, id LIMIT ?`,
    ),
    repliesAfter: db.prepare(
      `SELECT ${COMMENT_COLUMNS} FROM comments WHERE parent_id = ? AND (created_at, id) > (?, ?)
       ORDER BY created_at, id LIMIT ?`,
    ),
    firstCommentsBy: db.prepare(
      `SELECT ${COMMENT_COLUMNS} FROM comments WHERE author_uid = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    commentsByAfter: db.prepare(
      `SELECT ${COMMENT_COLUMNS} FROM comments WHERE author_uid = ? AND (created_at, id) < (?, ?)
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    replyIds: db.prepare(COMMUNITY.replyIds),
    deleteComment: db.prepare(COMMUNITY.deleteComment),
    commentsOfMemberElsewhere: db.prepare(
      `SELECT c.id, c.feed_id, c.parent_id FROM comments AS c JOIN feeds AS f ON f.id = c.feed_id
       WHERE c.author_uid = ? AND f.author_uid <> ?`,
    ),

    like: db.prepare(COMMUNITY.like),
    unlike: db.prepare(COMMUNITY.unlike),
    countLike: db.prepare(COMMUNITY.countLike),
    likesOfMember: db.prepare("SELECT feed_id FROM likes WHERE uid = ?"),
    deleteLikesOfMember: db.prepare(COMMUNITY.deleteLikesOfMember),

    insertReport: db.prepare(COMMUNITY.insertReport),
    openReporters: db.prepare(COMMUNITY.openReporters),
    closeReports: db.prepare(COMMUNITY.closeReports),
    reportsOfMember: db.prepare("SELECT target_kind, target_id, closed_at FROM reports WHERE reporter_uid = ?"),
    deleteReportsOfMember: db.prepare(COMMUNITY.deleteReportsOfMember),
    countReport: {
      feeds: db.prepare(COMMUNITY.countReportOnFeed),
      comments: db.prepare(COMMUNITY.countReportOnComment),
    },
    setStatus: { feeds: db.prepare(COMMUNITY.setFeedStatus), comments: db.prepare(COMMUNITY.setCommentStatus) },
    firstQueue: db.prepare(
      `SELECT target_kind, target_id, min(created_at) AS first_at, group_concat(reason) AS reasons
       FROM reports WHERE closed_at IS NULL GROUP BY target_kind, target_id
       ORDER BY first_at, target_kind || ':' || target_id LIMIT ?`,
    ),
    queueAfter: db.prepare(
      `SELECT * FROM (
         SELECT target_kind, target_id, min(created_at) AS first_at, group_concat(reason) AS reasons
         FROM reports WHERE closed_at IS NULL GROUP BY target_kind, target_id)
       WHERE (first_at, target_kind || ':' || target_id) > (?, ?)
       ORDER BY first_at, target_kind || ':' || target_id LIMIT ?`,
    ),

    insertFile: db.prepare(COMMUNITY.insertFile),
    usage: db.prepare("SELECT coalesce(sum(bytes), 0) AS n FROM files WHERE owner_uid = ?"),
    fileRecord: db.prepare(COMMUNITY.file),
    pendingFile: db.prepare("SELECT id FROM files WHERE id = ? AND owner_uid = ? AND feed_id IS NULL"),
    stalePending: db.prepare("SELECT id FROM files WHERE feed_id IS NULL AND created_at < ?"),
    deletePending: db.prepare("DELETE FROM files WHERE id = ? AND owner_uid = ? AND feed_id IS NULL"),
    filesOfMember: db.prepare("SELECT id FROM files WHERE owner_uid = ?"),
    deleteFilesOfMember: db.prepare("DELETE FROM files WHERE owner_uid = ?"),
  };

  const feedRow = (id: string) => q.feed.get(id) as FeedRow | undefined;
  const commentRow = (id: string) => q.comment.get(id) as CommentRow | undefined;
  const ids = (rows: unknown[]) => (rows as { id: string }[]).map((r) => r.id);

  /** Deletes a feed and all that hangs on it; its file ids. */
  const dropFeed = (id: string): string[] => {
    const files = ids(q.filesOfFeed.all(id));
    for (const commentId of ids(q.commentIdsOfFeed.all(id))) {
      q.reportsOn.run("comment", commentId);
      q.notificationsKeyed.run(`comment:${commentId}`);
    }
    q.reportsOn.run("feed", id);
    q.notificationsAbout.run(`feed:${id}`);
    q.deleteFilesOfFeed.run(id);
    q.deleteFeed.run(id); // comments and likes go with it (ON DELETE CASCADE)
    return files;
  };

  /** Deletes a comment and its replies, counting them off their feed (and a reply off its comment). */
  const dropComment = (row: Pick<CommentRow, "id" | "feed_id" | "parent_id">) => {
    const all = [row.id, ...ids(q.replyIds.all(row.id))];
    for (const id of all) {
      q.reportsOn.run("comment", id);
      q.notificationsKeyed.run(`comment:${id}`);
    }
    q.deleteComment.run(row.id); // replies go with it (ON DELETE CASCADE)
    q.countComment.run(-all.length, row.feed_id);
    if (row.parent_id !== null) q.countReply.run(-1, row.parent_id);
  };

  const createFeed = db.transaction((feed: Parameters<FeedsStore["create"]>[0]) => {
    q.insertFeed.run(
      feed.id,
      feed.author.uid,
      feed.author.label,
      feed.author.nationality,
      feed.category,
      feed.text,
      JSON.stringify(feed.photos),
      feed.createdAt,
      feed.createdAt,
    );
    for (const photo of feed.photos) q.attachFile.run(feed.id, photo.id, feed.author.uid);
  });

  const updateFeed = db.transaction(
    (id: string, uid: string, changes: Parameters<FeedsStore["update"]>[2], now: number) => {
      const row = feedRow(id);
      if (!row) return { ok: false as const, problem: "notFound" as const };
      if (row.author_uid !== uid) return { ok: false as const, problem: "notAuthor" as const };
      const kept = new Set(changes.photos.map((p) => p.id));
      const released = (JSON.parse(row.photos) as PhotoRef[]).map((p) => p.id).filter((f) => !kept.has(f));
      for (const file of released) q.deleteFile.run(file);
      for (const photo of changes.photos) q.attachFile.run(id, photo.id, uid);
      q.updateFeed.run(changes.category, changes.text, JSON.stringify(changes.photos), now, id);
      return { ok: true as const, releasedFiles: released };
    },
  );

  const removeFeed = db.transaction((id: string, uid: string | null) => {
    const row = feedRow(id);
    if (!row) return { ok: false as const, problem: "notFound" as const };
    if (uid !== null && row.author_uid !== uid) return { ok: false as const, problem: "notAuthor" as const };
    return { ok: true as const, releasedFiles: dropFeed(id) };
  });

  const removeMember = db.transaction((uid: string, unnamed: Parameters<FeedsStore["removeMember"]>[1]) => {
    const released: string[] = [];
    for (const row of q.firstFeedsBy.all(uid, -1) as FeedRow[]) released.push(...dropFeed(row.id));
    for (const row of q.commentsOfMemberElsewhere.all(uid, uid) as CommentRow[]) {
      // A reply already gone with its parent is skipped.
      if (commentRow(row.id)) dropComment(row);
    }
    for (const { feed_id } of q.likesOfMember.all(uid) as { feed_id: string }[]) q.countLike.run(-1, feed_id);
    q.deleteLikesOfMember.run(uid);
    for (const r of q.reportsOfMember.all(uid) as {
      target_kind: string;
      target_id: string;
      closed_at: number | null;
    }[]) {
      if (r.closed_at !== null) continue;
      const table = r.target_kind === "feed" ? "feeds" : "comments";
      db.prepare(`UPDATE ${table} SET report_count = max(report_count - 1, 0) WHERE id = ?`).run(r.target_id);
    }
    q.deleteReportsOfMember.run(uid);
    // Others' inboxes: nothing names them any more. Their comments' notifications went with the comments;
    // a like notification whose last liker they are says how many people like the feed now, without a name.
    for (const row of q.notificationsNaming.all(uid, uid) as NotificationRow[]) {
      const feed = row.kind === "like" && row.subject?.startsWith("feed:") ? feedRow(row.subject.slice(5)) : undefined;
      const data = feed && feed.like_count > 0 ? unnamed(notificationOf(row), feed.like_count) : null;
      if (data) q.unnameNotification.run(JSON.stringify(data), row.id);
      else q.deleteNotification.run(row.id);
    }
    released.push(...ids(q.filesOfMember.all(uid)));
    q.deleteFilesOfMember.run(uid);
    return { releasedFiles: released };
  });

  const addComment = db.transaction(
    (comment: Parameters<CommentsStore["add"]>[0], notify: Parameters<CommentsStore["add"]>[1]) => {
      const feed = feedRow(comment.feedId);
      if (!feed || feed.status !== "visible") return { ok: false as const, problem: "noFeed" as const };
      if (comment.parentId !== null) {
        const parent = commentRow(comment.parentId);
        if (!parent || parent.feed_id !== comment.feedId || parent.parent_id !== null || parent.status !== "visible") {
          return { ok: false as const, problem: "noParent" as const };
        }
      }
      q.insertComment.run(
        comment.id,
        comment.feedId,
        comment.parentId,
        comment.author.uid,
        comment.author.label,
        comment.author.nationality,
        comment.text,
        comment.createdAt,
      );
      q.countComment.run(1, comment.feedId);
      if (comment.parentId !== null) q.countReply.run(1, comment.parentId);
      for (const n of notify) addNotification(db, n);
      return { ok: true as const };
    },
  );

  const removeComment = db.transaction((id: string, uid: string | null) => {
    const row = commentRow(id);
    if (!row) return { ok: false as const, problem: "notFound" as const };
    if (uid !== null && row.author_uid !== uid) return { ok: false as const, problem: "notAuthor" as const };
    dropComment(row);
    return { ok: true as const };
  });

  const toggleLike = db.transaction(
    (feedId: string, uid: string, at: number, notify: Parameters<LikesStore["toggle"]>[3]) => {
      const feed = feedRow(feedId);
      if (!feed || feed.status !== "visible") return { ok: false as const, problem: "noFeed" as const };
      const liked = q.like.run(feedId, uid, at).changes === 1;
      if (!liked) q.unlike.run(feedId, uid);
      const { like_count: likeCount } = q.countLike.get(liked ? 1 : -1, feedId) as { like_count: number };
      if (liked) {
        const n = notify(likeCount);
        if (n) addNotification(db, n);
      }
      return { ok: true as const, liked, likeCount };
    },
  );

  const targetTable = (target: ReportTarget) => (target.kind === "feed" ? "feeds" : "comments");

  const addReport = db.transaction((report: Parameters<ReportsStore["add"]>[0], threshold: number) => {
    const table = targetTable(report.target);
    const row = db.prepare(`SELECT author_uid, status FROM ${table} WHERE id = ?`).get(report.target.id) as
      { author_uid: string; status: ItemStatus } | undefined;
    if (!row) return { ok: false as const, problem: "notFound" as const };
    if (row.author_uid === report.reporterUid) return { ok: false as const, problem: "ownItem" as const };
    const added = q.insertReport.run(
      report.target.kind,
      report.target.id,
      report.reporterUid,
      report.reason,
      report.text,
      report.createdAt,
    );
    if (added.changes !== 1) return { ok: false as const, problem: "alreadyReported" as const };
    const updated = q.countReport[table].get(Math.max(1, threshold), report.target.id) as {
      report_count: number;
      status: ItemStatus;
    };
    // A comment no one may see any more is quoted in no inbox either.
    if (report.target.kind === "comment" && updated.status !== "visible") {
      q.notificationsKeyed.run(`comment:${report.target.id}`);
    }
    return { ok: true as const, reportCount: updated.report_count, status: updated.status };
  });

  const resolveReports = db.transaction(
    (
      target: ReportTarget,
      outcome: Parameters<ReportsStore["resolve"]>[1],
      notify: Parameters<ReportsStore["resolve"]>[2],
    ) => {
      const table = targetTable(target);
      const row = (target.kind === "feed" ? q.feedId : q.commentPlace).get(target.id) as
        { id: string; feed_id?: string; parent_id?: string | null } | undefined;
      if (!row) return { ok: false as const, problem: "notFound" as const };
      const reporters = (q.openReporters.all(target.kind, target.id) as { reporter_uid: string }[]).map(
        (r) => r.reporter_uid,
      );
      let releasedFiles: string[] = [];
      if (outcome === "deleted") {
        if (target.kind === "feed") releasedFiles = dropFeed(target.id);
        else dropComment({ id: target.id, feed_id: row.feed_id!, parent_id: row.parent_id ?? null });
      } else {
        q.closeReports.run(Date.now(), target.kind, target.id);
        q.setStatus[table].run(outcome === "restored" ? "visible" : "hidden", target.id);
        if (outcome === "hidden" && target.kind === "comment") q.notificationsKeyed.run(`comment:${target.id}`);
      }
      for (const uid of reporters) {
        const n = notify(uid);
        if (n) addNotification(db, n);
      }
      return { ok: true as const, releasedFiles };
    },
  );

  const addPending = db.transaction((file: Parameters<FilesStore["addPending"]>[0], quota: number) => {
    const used = (q.usage.get(file.ownerUid) as { n: number }).n;
    if (used + file.bytes > quota) return { ok: false as const, problem: "overQuota" as const };
    q.insertFile.run(file.id, file.ownerUid, file.bytes, file.createdAt);
    return { ok: true as const };
  });

  const sweep = db.transaction((before: number) => {
    const stale = ids(q.stalePending.all(before));
    for (const id of stale) q.deleteFile.run(id);
    return stale;
  });

  const reviewItemOf = (row: {
    target_kind: "feed" | "comment";
    target_id: string;
    first_at: number;
    reasons: string;
  }) => {
    const target: ReportTarget = { kind: row.target_kind, id: row.target_id };
    const source =
      row.target_kind === "feed"
        ? (() => {
            const f = feedRow(row.target_id);
            return f ? { ...f, feed_id: f.id } : undefined;
          })()
        : commentRow(row.target_id);
    if (!source) return null;
    const item: ReviewItem = {
      target,
      feedId: source.feed_id,
      text: source.text,
      author: authorOf(source),
      status: source.status,
      reportCount: source.report_count,
      reasons: [...new Set(row.reasons.split(","))] as ReportReason[],
      firstReportedAt: row.first_at,
    };
    return item;
  };

  return {
    q,
    feedRow,
    commentRow,
    createFeed,
    updateFeed,
    removeFeed,
    removeMember,
    addComment,
    removeComment,
    toggleLike,
    addReport,
    resolveReports,
    addPending,
    sweep,
    reviewItemOf,
  };
}

/** The community's feeds (SQLite). */
export function sqliteFeedsStore(db: Db): FeedsStore {
  const { q, feedRow, createFeed, updateFeed, removeFeed, removeMember } = community(db);
  return {
    async create(feed) {
      createFeed.immediate(feed);
    },
    async get(id) {
      const row = feedRow(id);
      return row ? feedOf(row) : null;
    },
    async list({ after, limit, category }) {
      const size = pageSize(limit);
      const scope = feedScope(category);
      let rows: FeedRow[];
      if (after != null) {
        const at = decodeCursor(scope, after);
        if (!at) return { ok: false, problem: "badCursor" };
        rows = (
          category
            ? q.feedsInAfter.all(category, at.createdAt, at.id, size + 1)
            : q.feedsAfter.all(at.createdAt, at.id, size + 1)
        ) as FeedRow[];
      } else {
        rows = (category ? q.firstFeedsIn.all(category, size + 1) : q.firstFeeds.all(size + 1)) as FeedRow[];
      }
      return pageOf(rows, size, scope, feedOf, (f) => f);
    },
    async listByAuthor(uid, { after, limit }) {
      const size = pageSize(limit);
      const scope = byAuthorScope("feeds", uid);
      let rows: FeedRow[];
      if (after != null) {
        const at = decodeCursor(scope, after);
        if (!at) return { ok: false, problem: "badCursor" };
        rows = q.feedsByAfter.all(uid, at.createdAt, at.id, size + 1) as FeedRow[];
      } else {
        rows = q.firstFeedsBy.all(uid, size + 1) as FeedRow[];
      }
      return pageOf(rows, size, scope, feedOf, (f) => f);
    },
    async update(id, uid, changes, now) {
      return updateFeed.immediate(id, uid, changes, now);
    },
    async remove(id, uid) {
      return removeFeed.immediate(id, uid);
    },
    async removeMember(uid, unnamed) {
      return removeMember.immediate(uid, unnamed);
    },
  };
}

/** Comments and replies on feeds (SQLite). */
export function sqliteCommentsStore(db: Db): CommentsStore {
  const { q, commentRow, addComment, removeComment } = community(db);
  return {
    async add(comment, notify) {
      return addComment.immediate(comment, notify);
    },
    async get(id) {
      const row = commentRow(id);
      return row ? commentOf(row) : null;
    },
    async listForFeed(feedId, { after, limit, replies }) {
      const size = pageSize(limit);
      const shown = replyPreview(replies);
      const scope = commentsScope(feedId);
      let rows: CommentRow[];
      if (after != null) {
        const at = decodeCursor(scope, after);
        if (!at) return { ok: false, problem: "badCursor" };
        rows = q.topCommentsAfter.all(feedId, at.createdAt, at.id, size + 1) as CommentRow[];
      } else {
        rows = q.firstTopComments.all(feedId, size + 1) as CommentRow[];
      }
      // Each comment's first replies by the (parent_id, created_at, id) index: one bounded read each.
      const thread = (row: CommentRow): CommentThread => {
        const comment = commentOf(row);
        // The count on the row spares a read for the many comments without replies.
        if (row.reply_count === 0) return { comment, replies: [], moreReplies: null };
        const first = q.firstReplies.all(row.id, shown + 1) as CommentRow[];
        const page = pageOf(first, shown, repliesScope(row.id), commentOf, (c) => c);
        return page.ok
          ? { comment, replies: page.items, moreReplies: page.next }
          : { comment, replies: [], moreReplies: null };
      };
      return pageOf(rows, size, scope, thread, (t) => t.comment);
    },
    async listReplies(parentId, { after, limit }) {
      const size = pageSize(limit);
      const scope = repliesScope(parentId);
      let rows: CommentRow[];
      if (after != null) {
        const at = decodeCursor(scope, after);
        if (!at) return { ok: false, problem: "badCursor" };
        rows = q.repliesAfter.all(parentId, at.createdAt, at.id, size + 1) as CommentRow[];
      } else {
        rows = q.firstReplies.all(parentId, size + 1) as CommentRow[];
      }
      return pageOf(rows, size, scope, commentOf, (c) => c);
    },
    async listByAuthor(uid, { after, limit }) {
      const size = pageSize(limit);
      const scope = byAuthorScope("comments", uid);
      let rows: CommentRow[];
      if (after != null) {
        const at = decodeCursor(scope, after);
        if (!at) return { ok: false, problem: "badCursor" };
        rows = q.commentsByAfter.all(uid, at.createdAt, at.id, size + 1) as CommentRow[];
      } else {
        rows = q.firstCommentsBy.all(uid, size + 1) as CommentRow[];
      }
      return pageOf(rows, size, scope, commentOf, (c) => c);
    },
    async remove(id, uid) {
      return removeComment.immediate(id, uid);
    },
  };
}

/** Likes of feeds (SQLite). */
export function sqliteLikesStore(db: Db): LikesStore {
  const { toggleLike } = community(db);
  return {
    async toggle(feedId, uid, at, notify) {
      return toggleLike.immediate(feedId, uid, at, notify);
    },
    async likedBy(uid, feedIds) {
      if (feedIds.length === 0) return [];
      const wanted = [...new Set(feedIds)].slice(0, 1000);
      const rows = db
        .prepare(`SELECT feed_id FROM likes WHERE uid = ? AND feed_id IN (${wanted.map(() => "?").join(", ")})`)
        .all(uid, ...wanted) as { feed_id: string }[];
      return rows.map((r) => r.feed_id);
    },
  };
}

/** Reports of feeds and comments, and the review queue (SQLite). */
export function sqliteReportsStore(db: Db): ReportsStore {
  const { q, addReport, resolveReports, reviewItemOf } = community(db);
  return {
    async add(report, threshold) {
      return addReport.immediate(report, threshold);
    },
    async queue({ after, limit }) {
      const size = pageSize(limit);
      const scope = REVIEW_QUEUE_SCOPE;
      type QueueRow = { target_kind: "feed" | "comment"; target_id: string; first_at: number; reasons: string };
      let rows: QueueRow[];
      if (after != null) {
        const at = decodeCursor(scope, after);
        if (!at) return { ok: false, problem: "badCursor" };
        rows = q.queueAfter.all(at.createdAt, at.id, size + 1) as QueueRow[];
      } else {
        rows = q.firstQueue.all(size + 1) as QueueRow[];
      }
      const shown = rows.slice(0, size);
      const last = shown[shown.length - 1];
      return {
        ok: true,
        items: shown.map(reviewItemOf).filter((i): i is ReviewItem => i !== null),
        next:
          rows.length > size && last
            ? encodeCursor(scope, { createdAt: last.first_at, id: `${last.target_kind}:${last.target_id}` })
            : null,
      };
    },
    async resolve(target, outcome, notify) {
      return resolveReports.immediate(target, outcome, notify);
    },
    async openReporters(target) {
      return (q.openReporters.all(target.kind, target.id) as { reporter_uid: string }[]).map((r) => r.reporter_uid);
    },
  };
}

/** The records of photo files (SQLite). */
export function sqliteFilesStore(db: Db): FilesStore {
  const { q, addPending, sweep } = community(db);
  return {
    async get(id) {
      const row = q.fileRecord.get(id) as { id: string; owner_uid: string; feed_id: string | null } | undefined;
      return row ? { id: row.id, ownerUid: row.owner_uid, feedId: row.feed_id } : null;
    },
    async addPending(file, quotaBytes) {
      return addPending.immediate(file, quotaBytes);
    },
    async pendingOf(uid, wanted) {
      return [...new Set(wanted)].filter((id) => q.pendingFile.get(id, uid) !== undefined);
    },
    async usage(uid) {
      return (q.usage.get(uid) as { n: number }).n;
    },
    async sweepPending(before) {
      return sweep.immediate(before);
    },
    async removePending(uid, id) {
      return q.deletePending.run(id, uid).changes === 1;
    },
  };
}
