/**
 * Notices' rows (tables `notices`, `notice_translations`) and their broadcast, the same in SQLite and PostgreSQL:
 * a published notice has one broadcast, `notice:{itemCd}`, made the first time it is published (dated then, or at
 * its publication time when that is later), its words refreshed by edits, and dropped when it is unpublished.
 */
import { decodeCursor, pageOf } from "~/stores/cursor.server";
import type {
  NoticeCategory,
  NoticeInput,
  NoticeRecord,
  NoticeStateChange,
  NoticeSummary,
  NoticeText,
  NoticeTitles,
  NoticeTranslations,
} from "~/stores/notices";
import type { NotificationData, NotificationKind } from "~/stores/notifications";
import type { PageResult } from "~/stores/page";

export interface NoticeRow {
  item_cd: string;
  category: NoticeCategory;
  /** SQLite's 0/1, PostgreSQL's boolean. */
  pinned: number | boolean;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface NoticeSummaryRow extends NoticeRow {
  /** JSON: the title by language, Korean first. */
  titles: string;
}

export interface NoticeTranslationRow {
  language: string;
  title: string;
  body: string;
}

export const NOTICE_SUMMARY_COLUMNS = "item_cd, category, pinned, published_at, created_at, updated_at, titles";

/** The broadcast of a notice: what the inbox shows (its titles) and where it leads (its code). */
export const noticeBroadcastKey = (itemCd: string) => `notice:${itemCd}`;

/** Korean first, then the others in code order: one order for comparing and listing. */
export const orderedTranslations = (translations: NoticeTranslations): [string, NoticeText][] =>
  Object.entries(translations)
    .map(([language, text]): [string, NoticeText] => [language, { title: text.title, body: text.body }])
    .sort(([a], [b]) => (a === "ko" ? -1 : b === "ko" ? 1 : a < b ? -1 : a > b ? 1 : 0));

export const sameNotice = (stored: NoticeRecord, next: NoticeInput) =>
  stored.category === next.category &&
  stored.pinned === next.pinned &&
  stored.publishedAt === next.publishedAt &&
  JSON.stringify(orderedTranslations(stored.translations)) === JSON.stringify(orderedTranslations(next.translations));

/** The titles by language (Korean first), kept on the notice's row in step with its translations. */
const titlesByLanguage = (translations: NoticeTranslations) =>
  Object.fromEntries(orderedTranslations(translations).map(([language, text]) => [language, text.title]));

export const noticeTitlesColumn = (translations: NoticeTranslations) => JSON.stringify(titlesByLanguage(translations));

export function noticeRecordOf(row: NoticeRow, translations: readonly NoticeTranslationRow[]): NoticeRecord {
  return {
    itemCd: row.item_cd,
    category: row.category,
    pinned: Boolean(row.pinned),
    publishedAt: row.published_at,
    translations: Object.fromEntries(
      translations.map((t) => [t.language, { title: t.title, body: t.body }]),
    ) as NoticeTranslations,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The notice after a change of pin or publication (a field left out stays), or null when nothing changes. */
export function noticeAfter(stored: NoticeRecord, change: NoticeStateChange): NoticeInput | null {
  const next: NoticeInput = {
    ...stored,
    pinned: change.pinned ?? stored.pinned,
    publishedAt: change.publishedAt === undefined ? stored.publishedAt : change.publishedAt,
  };
  return next.pinned === stored.pinned && next.publishedAt === stored.publishedAt ? null : next;
}

/** A notice's broadcast as it should be: null while the notice is not published (there is none then). */
export function noticeBroadcastOf(notice: NoticeInput, at: number) {
  if (notice.publishedAt === null) return null;
  const key = noticeBroadcastKey(notice.itemCd);
  return {
    kind: "notice" as NotificationKind,
    dedupeKey: key,
    data: { itemCd: notice.itemCd, titles: titlesByLanguage(notice.translations) } as NotificationData,
    subject: key,
    // Used only when it is made (an edit keeps it): published now, or later when scheduled; never back-dated
    // behind what members have read already.
    createdAt: Math.max(notice.publishedAt, at),
  };
}

const noticeSummaryOf = (row: NoticeSummaryRow): NoticeSummary => {
  const titles = JSON.parse(row.titles) as NoticeTitles;
  return {
    itemCd: row.item_cd,
    category: row.category,
    pinned: Boolean(row.pinned),
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    titles: { ...titles, ko: titles.ko ?? "" },
    languages: Object.keys(titles),
  };
};

// The published list's order is (pinned, published_at, item_cd), newest first: a cursor's position carries the
// pin in its id ("1:2026-001"), which the cursor module keeps as an opaque string.
const publishedScope = (language: string) => `notices:published:${language}`;
const allScope = (language: string) => `notices:all:${language}`;

/** Where the published list goes on after a cursor, or null for a cursor this list did not make. */
export function publishedPosition(language: string, after: string) {
  const position = decodeCursor(publishedScope(language), after);
  const [pin, itemCd] = position ? [position.id.slice(0, 1), position.id.slice(2)] : [];
  if (!position || (pin !== "0" && pin !== "1") || !itemCd) return null;
  return { pinned: pin === "1", publishedAt: position.createdAt, itemCd };
}

/** Where the admin list (last changed first) goes on after a cursor, or null. */
export function allPosition(language: string, after: string) {
  const position = decodeCursor(allScope(language), after);
  return position && { updatedAt: position.createdAt, itemCd: position.id };
}

export const publishedPage = (rows: NoticeSummaryRow[], size: number, language: string): PageResult<NoticeSummary> =>
  pageOf(rows, size, publishedScope(language), noticeSummaryOf, (last) => ({
    createdAt: last.publishedAt!,
    id: `${last.pinned ? 1 : 0}:${last.itemCd}`,
  }));

export const allPage = (rows: NoticeSummaryRow[], size: number, language: string): PageResult<NoticeSummary> =>
  pageOf(rows, size, allScope(language), noticeSummaryOf, (last) => ({ createdAt: last.updatedAt, id: last.itemCd }));
