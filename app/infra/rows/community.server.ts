/**
 * What the community stores of every database share (SQLite's and PostgreSQL's
 * tables have the same columns): the rows, their records, pages and the scopes
 * of their cursors, so both give back the same data for the same rows.
 */
import {
  MAX_REPLY_PREVIEW,
  type Author,
  type CommentRecord,
  type FeedRecord,
  type ItemStatus,
  type PhotoRef,
} from "~/stores/community";

export interface FeedRow {
  id: string;
  author_uid: string;
  author_label: string;
  author_nationality: string | null;
  category: FeedRecord["category"];
  text: string;
  photos: string;
  like_count: number;
  comment_count: number;
  report_count: number;
  status: ItemStatus;
  created_at: number;
  updated_at: number;
}

export interface CommentRow {
  id: string;
  feed_id: string;
  parent_id: string | null;
  author_uid: string;
  author_label: string;
  author_nationality: string | null;
  text: string;
  report_count: number;
  reply_count: number;
  status: ItemStatus;
  created_at: number;
}

export const authorOf = (row: {
  author_uid: string;
  author_label: string;
  author_nationality: string | null;
}): Author => ({
  uid: row.author_uid,
  label: row.author_label,
  nationality: row.author_nationality,
});

export const feedOf = (row: FeedRow): FeedRecord => ({
  id: row.id,
  author: authorOf(row),
  category: row.category,
  text: row.text,
  photos: JSON.parse(row.photos) as PhotoRef[],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  likeCount: row.like_count,
  commentCount: row.comment_count,
  reportCount: row.report_count,
  status: row.status,
});

export const commentOf = (row: CommentRow): CommentRecord => ({
  id: row.id,
  feedId: row.feed_id,
  parentId: row.parent_id,
  author: authorOf(row),
  text: row.text,
  createdAt: row.created_at,
  reportCount: row.report_count,
  status: row.status,
  replyCount: row.reply_count,
});

export const FEED_COLUMNS =
  "id, author_uid, author_label, author_nationality, category, text, photos, like_count, comment_count, report_count, status, created_at, updated_at";
export const COMMENT_COLUMNS =
  "id, feed_id, parent_id, author_uid, author_label, author_nationality, text, report_count, reply_count, status, created_at";

/** The scopes of the lists' cursors: a cursor of one list is refused by another. */
export const feedScope = (category?: string) => `feeds:${category ?? "*"}`;
export const byAuthorScope = (kind: string, uid: string) => `${kind}-by:${uid}`;
export const repliesScope = (parentId: string) => `replies:${parentId}`;
export const commentsScope = (feedId: string) => `comments:${feedId}`;
export const REVIEW_QUEUE_SCOPE = "review-queue";

/** How many replies come with each comment of a feed page (CommentListQuery.replies, clamped). */
export const replyPreview = (replies: number) =>
  Math.min(Math.max(Math.trunc(Number.isFinite(replies) ? replies : 1), 1), MAX_REPLY_PREVIEW);
