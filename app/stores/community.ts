/**
 * The community: feeds, their comments (replies one level deep), likes, reports
 * and the photos' file records. Shaped for a document store as much as for
 * SQLite: a feed carries its author's public label, its photos and its counters
 * (likes, comments, reporters), so a card needs no second read; every list pages
 * newest first by an opaque (createdAt, id) cursor; a write that changes a
 * counter or tells someone (a notification) does it in the same call, so it is
 * one transaction in every implementation.
 */
import type { NewNotification, NotificationData, NotificationRecord } from "./notifications";
import type { PageQuery, PageResult } from "./page";

export const FEED_CATEGORIES = ["daily", "visa", "jobs", "housing", "questions", "market"] as const;
export type FeedCategory = (typeof FEED_CATEGORIES)[number];

/**
 * `visible`: everyone sees it. `reported`: hidden by reporters reaching the
 * threshold, waiting for a moderator. `hidden`: hidden by a moderator. Deleted
 * items are gone (removed, with their files and notifications). A comment that
 * stops being visible loses its notifications (the ones keyed `comment:{id}`,
 * which quote it) in the same step; a restore does not bring them back.
 */
export type ItemStatus = "visible" | "reported" | "hidden";

/** Who wrote something, as others see it: a label kept when it was written, and a country code. */
export interface Author {
  uid: string;
  label: string;
  nationality: string | null;
}

export interface PhotoRef {
  /** The file id (FilesStore); served at /files/{id}.webp, its thumbnail at /files/{id}-s.webp. */
  id: string;
  width: number;
  height: number;
}

/**
 * The names a photo's file id is stored under in the file storage: the photo and its thumbnail. Part of
 * the port because a store that keeps the bytes beside the records (PostgreSQL) deletes them with the record.
 */
export const photoNames = (id: string) => [`${id}.webp`, `${id}-s.webp`];

export interface NewFeed {
  id: string;
  author: Author;
  category: FeedCategory;
  text: string;
  photos: PhotoRef[];
  createdAt: number;
}

export interface FeedRecord extends NewFeed {
  updatedAt: number;
  likeCount: number;
  commentCount: number;
  /** Distinct members who reported it since it was last reviewed. */
  reportCount: number;
  status: ItemStatus;
}

export interface FeedChanges {
  category: FeedCategory;
  text: string;
  photos: PhotoRef[];
}

export interface FeedListQuery extends PageQuery {
  /** Only this category; absent for every category. */
  category?: FeedCategory;
}

export interface FeedsStore {
  /** Stores a new feed; its photos' pending files become the feed's in the same step. */
  create(feed: NewFeed): Promise<void>;
  get(id: string): Promise<FeedRecord | null>;
  /** Visible feeds, newest first; a cursor is valid for the list (category) it came from. */
  list(query: FeedListQuery): Promise<PageResult<FeedRecord>>;
  /** One member's feeds in every status, newest first. */
  listByAuthor(uid: string, query: PageQuery): Promise<PageResult<FeedRecord>>;
  /**
   * Changes the author's own feed; files of photos it no longer has are released (their ids returned,
   * for the caller to delete their bytes), new ones attached. `notAuthor` when `uid` did not write it.
   */
  update(
    id: string,
    uid: string,
    changes: FeedChanges,
    now: number,
  ): Promise<{ ok: true; releasedFiles: string[] } | { ok: false; problem: "notFound" | "notAuthor" }>;
  /**
   * Deletes a feed with its comments, likes, reports, its files' records and every notification about
   * it. `uid` null: a moderator's deletion. The file ids, for the caller to delete their bytes.
   */
  remove(
    id: string,
    uid: string | null,
  ): Promise<{ ok: true; releasedFiles: string[] } | { ok: false; problem: "notFound" | "notAuthor" }>;
  /**
   * Withdrawal: deletes everything the member wrote or did in the community (feeds as `remove` does,
   * comments on others' feeds, likes and reports, counted off) and forgets their files. In the same step
   * no notification to another member names them any more: those whose actor they are go, except like
   * notifications (kind `like`, subject `feed:{id}`), which take the data `unnamed(notification, likeCount)`
   * gives (likeCount: the feed's likes once theirs is counted off), keeping their time and read state, and
   * go when it gives null or no likes are left. Their file ids.
   */
  removeMember(
    uid: string,
    unnamed: (notification: NotificationRecord, likeCount: number) => NotificationData | null,
  ): Promise<{ releasedFiles: string[] }>;
}

export interface NewComment {
  id: string;
  feedId: string;
  /** The comment this one answers (a top-level one); null for a top-level comment. */
  parentId: string | null;
  author: Author;
  text: string;
  createdAt: number;
}

export interface CommentRecord extends NewComment {
  reportCount: number;
  status: ItemStatus;
  /** Replies it has, in every status (kept on its row); 0 for a reply. */
  replyCount: number;
}

/** At most this many replies come with each comment of a feed page (`CommentListQuery.replies`). */
export const MAX_REPLY_PREVIEW = 20;

export interface CommentListQuery extends PageQuery {
  /** How many of each comment's first replies come with it (clamped to 1…MAX_REPLY_PREVIEW). */
  replies: number;
}

/** A top-level comment as a feed page shows it: with its first replies, not all of them. */
export interface CommentThread {
  comment: CommentRecord;
  /** Its first replies, oldest first, at most the query's `replies`; every status. */
  replies: CommentRecord[];
  /** The `listReplies` cursor of the replies after these; null when these are all of them. */
  moreReplies: string | null;
}

export interface CommentsStore {
  /**
   * Adds a comment to a visible feed and counts it on the feed (a reply on its comment too); `notify` (for the feed's author, or the
   * answered comment's) is stored in the same step. `noParent` when the answered comment is not a
   * top-level comment of that feed.
   */
  add(
    comment: NewComment,
    notify: NewNotification[],
  ): Promise<{ ok: true } | { ok: false; problem: "noFeed" | "noParent" }>;
  get(id: string): Promise<CommentRecord | null>;
  /**
   * A feed's top-level comments in the order they were written (oldest first), a page at a time, each
   * with at most `query.replies` of its first replies (oldest first) and a cursor for the rest; every
   * status (the page decides what to show). A page costs the same however many replies a comment has.
   */
  listForFeed(feedId: string, query: CommentListQuery): Promise<PageResult<CommentThread>>;
  /**
   * One comment's replies in the order they were written (oldest first), a page at a time; every status.
   * A cursor is valid for that comment's replies only (`CommentThread.moreReplies` is one). Empty for an
   * unknown comment or a reply.
   */
  listReplies(parentId: string, query: PageQuery): Promise<PageResult<CommentRecord>>;
  /** One member's comments, newest first. */
  listByAuthor(uid: string, query: PageQuery): Promise<PageResult<CommentRecord>>;
  /**
   * Deletes a comment and its replies (and their notifications), counting them off the feed (and a reply
   * off its comment). `uid` null: a moderator.
   */
  remove(id: string, uid: string | null): Promise<{ ok: true } | { ok: false; problem: "notFound" | "notAuthor" }>;
}

export interface LikesStore {
  /**
   * Likes the feed if the member does not, else takes the like back, counting it on the feed in the same
   * step; `notify(likeCount)` gives the notification a new like stores (refreshing the feed's one), or null.
   */
  toggle(
    feedId: string,
    uid: string,
    at: number,
    notify: (likeCount: number) => NewNotification | null,
  ): Promise<{ ok: true; liked: boolean; likeCount: number } | { ok: false; problem: "noFeed" }>;
  /** Which of these feeds the member likes. */
  likedBy(uid: string, feedIds: string[]): Promise<string[]>;
}

export const REPORT_REASONS = ["spam", "abuse", "fraud", "personal", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export type ReportTarget = { kind: "feed"; id: string } | { kind: "comment"; id: string };

export interface NewReport {
  target: ReportTarget;
  reporterUid: string;
  reason: ReportReason;
  text: string | null;
  createdAt: number;
}

export type ReviewOutcome = "restored" | "hidden" | "deleted";

/** An item with open reports, as the review queue lists it. */
export interface ReviewItem {
  target: ReportTarget;
  /** The feed the item is (or is under). */
  feedId: string;
  text: string;
  author: Author;
  status: ItemStatus;
  reportCount: number;
  reasons: ReportReason[];
  /** When its first open report came: the queue is oldest first. */
  firstReportedAt: number;
}

export interface ReportsStore {
  /**
   * One report per member per item; the reporter count on the item goes up, and at `threshold` distinct
   * reporters a visible item becomes `reported` (hidden pending review); a comment's notifications go then.
   */
  add(
    report: NewReport,
    threshold: number,
  ): Promise<
    | { ok: true; reportCount: number; status: ItemStatus }
    | { ok: false; problem: "alreadyReported" | "notFound" | "ownItem" }
  >;
  /** Items with open reports, oldest report first. */
  queue(query: PageQuery): Promise<PageResult<ReviewItem>>;
  /**
   * A moderator's decision on an item's open reports: the item is restored (visible), hidden (a comment's
   * notifications go), or deleted (as FeedsStore.remove / CommentsStore.remove). The reports are closed
   * and each reporter gets `notify(reporterUid)` in the same step. The released file ids (deletion of a feed).
   */
  resolve(
    target: ReportTarget,
    outcome: ReviewOutcome,
    notify: (reporterUid: string) => NewNotification | null,
  ): Promise<{ ok: true; releasedFiles: string[] } | { ok: false; problem: "notFound" }>;
  /** The members whose reports on the item are open. */
  openReporters(target: ReportTarget): Promise<string[]>;
}

export interface NewFile {
  id: string;
  ownerUid: string;
  /** Bytes on storage, every size together (for the quota). */
  bytes: number;
  createdAt: number;
}

/** Who may see a stored file: its owner, and the feed it belongs to (null while pending). */
export interface FileRecord {
  id: string;
  ownerUid: string;
  feedId: string | null;
}

export interface FilesStore {
  /** A file's record, or null when there is none (never uploaded, swept, or deleted with its feed or member). */
  get(id: string): Promise<FileRecord | null>;
  /**
   * Records an uploaded file as pending (not yet part of a feed) if the owner's files stay within
   * `quotaBytes`; `overQuota` leaves nothing recorded.
   */
  addPending(file: NewFile, quotaBytes: number): Promise<{ ok: true } | { ok: false; problem: "overQuota" }>;
  /** Of these ids, the ones that are this member's pending files. */
  pendingOf(uid: string, ids: string[]): Promise<string[]>;
  /** Bytes the member's files take. */
  usage(uid: string): Promise<number>;
  /** Forgets pending files made before `before` (abandoned forms); their ids, for the caller to delete their bytes. */
  sweepPending(before: number): Promise<string[]>;
  /** Forgets one member's pending file; false when it is not theirs or not pending. */
  removePending(uid: string, id: string): Promise<boolean>;
}
