/**
 * Notices: what the operator tells everyone (/mypage/notice), by the spec's item
 * code. Each has a Korean original and translations per language, a category, a
 * pin, and a publication time (null: a draft; a time still to come: scheduled).
 *
 * A published notice also reaches every member's inbox, as one broadcast read by
 * every inbox (NotificationsStore, decision 0052): the store keeps the broadcast in
 * step in the same call that changes the notice, so publishing writes a constant
 * number of rows however many members there are, an edit never tells anyone again,
 * and unpublishing takes it out of every inbox.
 */
import type { AuditNote } from "./audit";
import type { PageQuery, PageResult } from "./page";

export const NOTICE_CATEGORIES = ["general", "visa", "service", "event", "maintenance"] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

/** One language's text: a plain-text title and a Markdown (CommonMark) body. */
export interface NoticeText {
  title: string;
  body: string;
}

/** By language code (app/i18n/config.ts); Korean, the original, always present. */
export type NoticeTranslations = { ko: NoticeText } & { [language: string]: NoticeText };

export interface NoticeInput {
  itemCd: string;
  category: NoticeCategory;
  pinned: boolean;
  /** ms since the epoch; null while a draft. */
  publishedAt: number | null;
  translations: NoticeTranslations;
}

export interface NoticeRecord extends NoticeInput {
  createdAt: number;
  updatedAt: number;
}

/**
 * A notice as a list shows it: its titles by language (the reader's is chosen by the content kernel's one
 * fallback chain, app/content/texts.server.ts, not here).
 */
export interface NoticeSummary {
  itemCd: string;
  category: NoticeCategory;
  pinned: boolean;
  publishedAt: number | null;
  updatedAt: number;
  /** By language code, Korean (always there) first. */
  titles: NoticeTitles;
  /** The languages the notice has, Korean first. */
  languages: string[];
}

export type NoticeTitles = { ko: string } & { [language: string]: string };

export interface PublishedQuery extends PageQuery {
  /** Only notices published at or before this time (ms). */
  now: number;
  /** The reader's language: the list's cursors are its own (a cursor of another language's list is refused). */
  language: string;
}

export interface AllNoticesQuery extends PageQuery {
  language: string;
}

/** What publishing, unpublishing and pinning change; a field left out stays as it is. */
export interface NoticeStateChange {
  pinned?: boolean;
  publishedAt?: number | null;
}

export type SaveNoticeResult = "created" | "updated" | "unchanged";

export interface NoticesStore {
  /**
   * Stores the notice by its item code, replacing every field and translation (a language left out is
   * deleted): "unchanged" and nothing written when the stored one is the same. Keeps its broadcast in step, and
   * writes `audit`'s record in the same transaction when it changed the notice.
   */
  save(notice: NoticeInput, at: number, audit?: AuditNote): Promise<SaveNoticeResult>;
  /**
   * Changes publication or pin as one read-decide-write; null when there is no such notice. `audit`'s record is
   * written in the same transaction when something changed.
   */
  change(itemCd: string, change: NoticeStateChange, at: number, audit?: AuditNote): Promise<NoticeRecord | null>;
  get(itemCd: string): Promise<NoticeRecord | null>;
  /** Published notices: pinned first, then newest published first; a cursor is valid for its language's list. */
  listPublished(query: PublishedQuery): Promise<PageResult<NoticeSummary>>;
  /** Every notice, drafts included, last changed first (the admin area). */
  listAll(query: AllNoticesQuery): Promise<PageResult<NoticeSummary>>;
}
