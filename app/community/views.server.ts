/**
 * What the community's pages show, made on the server from store records: plain
 * data with times already worded in the reader's language (a render never reads
 * the clock), text as safe segments, and nothing of an author but their label and
 * country.
 */
import { LRUCache } from "lru-cache";
import { formatDate, formatTime, relativeTime } from "~/lib/format";
import { countryName } from "~/countries/countries.server";
import type { CommentRecord, FeedRecord, PhotoRef } from "~/stores/stores";
import { excerpt, linkSegments, type TextSegment } from "./text";

export interface When {
  /** ISO instant, for <time dateTime>. */
  iso: string;
  /** "3 minutes ago". */
  relative: string;
  /** "2026-11-24 14:05" (Korea), on hover or long press. */
  full: string;
}

export const whenOf = (at: number, now: number, lng: string): When => ({
  iso: new Date(at).toISOString(),
  relative: relativeTime(at, now, lng),
  full: `${formatDate(at)} ${formatTime(at)}`,
});

export interface AuthorView {
  label: string;
  country: string | null;
}

const authorView = (author: FeedRecord["author"], lng: string): AuthorView => ({
  label: author.label,
  country: author.nationality ? countryName(author.nationality, lng) : null,
});

export interface PhotoView extends PhotoRef {
  src: string;
  thumb: string;
}

export const photoView = (photo: PhotoRef): PhotoView => ({
  ...photo,
  src: `/files/${photo.id}.webp`,
  thumb: `/files/${photo.id}-s.webp`,
});

export interface FeedCard {
  id: string;
  category: FeedRecord["category"];
  author: AuthorView;
  when: When;
  preview: string;
  photos: Omit<PhotoView, "src">[];
  photoCount: number;
  likeCount: number;
  commentCount: number;
  status: FeedRecord["status"];
}

export const PREVIEW_CHARS = 140;

/**
 * What a card shows that changes only when the feed is edited: kept for the list's
 * next readers (a list page is 20 cards, read far more often than feeds change).
 */
const cardParts = new LRUCache<string, Pick<FeedCard, "author" | "preview" | "photos"> & { iso: string; full: string }>(
  {
    max: 5000,
  },
);

export function feedCard(feed: FeedRecord, lng: string, now: number): FeedCard {
  const key = `${feed.id}:${feed.updatedAt}:${lng}`;
  let parts = cardParts.get(key);
  if (!parts) {
    const when = whenOf(feed.createdAt, now, lng);
    parts = {
      author: authorView(feed.author, lng),
      preview: excerpt(feed.text, PREVIEW_CHARS),
      // A card shows thumbnails only.
      photos: feed.photos
        .slice(0, 3)
        .map(({ id, width, height }) => ({ id, width, height, thumb: `/files/${id}-s.webp` })),
      iso: when.iso,
      full: when.full,
    };
    cardParts.set(key, parts);
  }
  return {
    id: feed.id,
    category: feed.category,
    author: parts.author,
    when: { iso: parts.iso, full: parts.full, relative: relativeTime(feed.createdAt, now, lng) },
    preview: parts.preview,
    photos: parts.photos,
    photoCount: feed.photos.length,
    likeCount: feed.likeCount,
    commentCount: feed.commentCount,
    status: feed.status,
  };
}

export interface FeedView extends Omit<FeedCard, "preview" | "photos"> {
  segments: TextSegment[];
  photos: PhotoView[];
  edited: boolean;
}

export function feedView(feed: FeedRecord, lng: string, now: number): FeedView {
  const { preview: _preview, photos: _photos, ...card } = feedCard(feed, lng, now);
  return {
    ...card,
    segments: linkSegments(feed.text),
    photos: feed.photos.map(photoView),
    edited: feed.updatedAt > feed.createdAt,
  };
}

export interface CommentView {
  id: string;
  parentId: string | null;
  author: AuthorView;
  when: When;
  segments: TextSegment[];
  mine: boolean;
  /** Shown as "this comment was hidden" (reported or hidden), or as written. */
  hidden: boolean;
}

export function commentView(comment: CommentRecord, lng: string, now: number, viewer: string | null): CommentView {
  const mine = viewer !== null && comment.author.uid === viewer;
  const hidden = comment.status !== "visible";
  return {
    id: comment.id,
    parentId: comment.parentId,
    author: authorView(comment.author, lng),
    when: whenOf(comment.createdAt, now, lng),
    // A hidden comment's words reach only its author.
    segments: hidden && !mine ? [] : linkSegments(comment.text),
    mine,
    hidden,
  };
}
