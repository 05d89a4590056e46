/**
 * Notices in SQLite (tables `notices`, `notice_translations`), each change one
 * immediate transaction with the notice's broadcast (notificationStore.server.ts):
 * a published notice has one broadcast, `notice:{itemCd}`, made the first time it is
 * published (dated then, or at its publication time when that is later), its words
 * refreshed by edits, and dropped when the notice is unpublished.
 */
import { decodeCursor, encodeCursor } from "~/stores/cursor.server";
import type {
  NoticeCategory,
  NoticeInput,
  NoticeRecord,
  NoticesStore,
  NoticeSummary,
  NoticeText,
  NoticeTranslations,
} from "~/stores/notices";
import { pageSize } from "~/stores/page";
import type { Db } from "./database.server";
import { dropBroadcast, hasBroadcast, putBroadcast } from "./notificationStore.server";

interface NoticeRow {
  item_cd: string;
  category: NoticeCategory;
  pinned: number;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

interface SummaryRow extends NoticeRow {
  /** JSON: the title by language, Korean first. */
  titles: string;
}

interface TranslationRow {
  language: string;
  title: string;
  body: string;
}

/** The broadcast of a notice: what the inbox shows (its titles) and where it leads (its code). */
export const noticeBroadcastKey = (itemCd: string) => `notice:${itemCd}`;

/** Korean first, then the others in code order: one order for comparing and listing. */
const ordered = (translations: NoticeTranslations): [string, NoticeText][] =>
  Object.entries(translations)
    .map(([language, text]): [string, NoticeText] => [language, { title: text.title, body: text.body }])
    .sort(([a], [b]) => (a === "ko" ? -1 : b === "ko" ? 1 : a < b ? -1 : a > b ? 1 : 0));

const sameNotice = (stored: NoticeRecord, next: NoticeInput) =>
  stored.category === next.category &&
  stored.pinned === next.pinned &&
  stored.publishedAt === next.publishedAt &&
  JSON.stringify(ordered(stored.translations)) === JSON.stringify(ordered(next.translations));

// The list's order is (pinned, published_at, item_cd), newest first: a cursor's position carries the pin in
// its id ("1:2026-001"), which the cursor module keeps as an opaque string.
const positionId = (pinned: boolean, itemCd: string) => `${pinned ? 1 : 0}:${itemCd}`;
const publishedScope = (language: string) => `notices:published:${language}`;
const allScope = (language: string) => `notices:all:${language}`;

const SUMMARY = "item_cd, category, pinned, published_at, created_at, updated_at, titles FROM notices n";

/** The titles a list shows, kept on the notice's row in step with its translations. */
const titlesOf = (translations: NoticeTranslations) =>
  JSON.stringify(Object.fromEntries(ordered(translations).map(([language, text]) => [language, text.title])));

const summaryOf = (row: SummaryRow, language: string): NoticeSummary => {
  const titles = JSON.parse(row.titles) as Record<string, string>;
  const own = titles[language];
  return {
    itemCd: row.item_cd,
    category: row.category,
    pinned: row.pinned === 1,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    title: own ?? titles.ko ?? "",
    titleLanguage: own === undefined ? "ko" : language,
    languages: Object.keys(titles),
  };
};

export function sqliteNoticeStore(db: Db): NoticesStore {
  const selectNotice = db.prepare("SELECT * FROM notices WHERE item_cd = ?");
  const selectTranslations = db.prepare(
    "SELECT language, title, body FROM notice_translations WHERE item_cd = ? ORDER BY language <> 'ko', language",
  );
  const insertNotice = db.prepare(
    `INSERT INTO notices (item_cd, category, pinned, published_at, titles, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateNotice = db.prepare(
    "UPDATE notices SET category = ?, pinned = ?, published_at = ?, titles = ?, updated_at = ? WHERE item_cd = ?",
  );
  const updateState = db.prepare("UPDATE notices SET pinned = ?, published_at = ?, updated_at = ? WHERE item_cd = ?");
  const deleteTranslations = db.prepare("DELETE FROM notice_translations WHERE item_cd = ?");
  const insertTranslation = db.prepare(
    "INSERT INTO notice_translations (item_cd, language, title, body) VALUES (?, ?, ?, ?)",
  );
  const publishedFirst = db.prepare(
    `SELECT ${SUMMARY} WHERE n.published_at IS NOT NULL AND n.published_at <= @now
     ORDER BY n.pinned DESC, n.published_at DESC, n.item_cd DESC LIMIT @limit`,
  );
  const publishedAfter = db.prepare(
    `SELECT ${SUMMARY} WHERE n.published_at IS NOT NULL AND n.published_at <= @now
       AND (n.pinned, n.published_at, n.item_cd) < (@pinned, @publishedAt, @itemCd)
     ORDER BY n.pinned DESC, n.published_at DESC, n.item_cd DESC LIMIT @limit`,
  );
  const allFirst = db.prepare(`SELECT ${SUMMARY} ORDER BY n.updated_at DESC, n.item_cd DESC LIMIT @limit`);
  const allAfter = db.prepare(
    `SELECT ${SUMMARY} WHERE (n.updated_at, n.item_cd) < (@updatedAt, @itemCd)
     ORDER BY n.updated_at DESC, n.item_cd DESC LIMIT @limit`,
  );

  function read(itemCd: string): NoticeRecord | null {
    const row = selectNotice.get(itemCd) as NoticeRow | undefined;
    if (!row) return null;
    const translations = Object.fromEntries(
      (selectTranslations.all(itemCd) as TranslationRow[]).map((t) => [t.language, { title: t.title, body: t.body }]),
    ) as NoticeTranslations;
    return {
      itemCd: row.item_cd,
      category: row.category,
      pinned: row.pinned === 1,
      publishedAt: row.published_at,
      translations,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** The broadcast follows the notice: there while it is published, with its titles; gone when it is not. */
  function syncBroadcast(notice: NoticeInput, at: number) {
    const key = noticeBroadcastKey(notice.itemCd);
    if (notice.publishedAt === null) {
      dropBroadcast(db, key);
      return;
    }
    const titles = Object.fromEntries(ordered(notice.translations).map(([language, text]) => [language, text.title]));
    putBroadcast(db, {
      kind: "notice",
      dedupeKey: key,
      data: { itemCd: notice.itemCd, titles },
      subject: key,
      // Used only when it is made (an edit keeps it): published now, or later when scheduled; never back-dated
      // behind what members have read already.
      createdAt: Math.max(notice.publishedAt, at),
    });
  }

  const save = db.transaction((notice: NoticeInput, at: number) => {
    const stored = read(notice.itemCd);
    if (stored && sameNotice(stored, notice)) {
      // The broadcast may still be missing (a store that stopped between the two): put it back, no other write.
      if (notice.publishedAt !== null && !hasBroadcast(db, noticeBroadcastKey(notice.itemCd)))
        syncBroadcast(notice, at);
      return "unchanged" as const;
    }
    const titles = titlesOf(notice.translations);
    if (stored) {
      updateNotice.run(notice.category, notice.pinned ? 1 : 0, notice.publishedAt, titles, at, notice.itemCd);
      deleteTranslations.run(notice.itemCd);
    } else {
      insertNotice.run(notice.itemCd, notice.category, notice.pinned ? 1 : 0, notice.publishedAt, titles, at, at);
    }
    for (const [language, text] of ordered(notice.translations)) {
      insertTranslation.run(notice.itemCd, language, text.title, text.body);
    }
    syncBroadcast(notice, at);
    return stored ? ("updated" as const) : ("created" as const);
  });

  const change = db.transaction(
    (itemCd: string, changes: Parameters<NoticesStore["change"]>[1], at: number): NoticeRecord | null => {
      const stored = read(itemCd);
      if (!stored) return null;
      const next: NoticeInput = {
        ...stored,
        pinned: changes.pinned ?? stored.pinned,
        publishedAt: changes.publishedAt === undefined ? stored.publishedAt : changes.publishedAt,
      };
      if (next.pinned === stored.pinned && next.publishedAt === stored.publishedAt) return stored;
      updateState.run(next.pinned ? 1 : 0, next.publishedAt, at, itemCd);
      syncBroadcast(next, at);
      return read(itemCd);
    },
  );

  return {
    async save(notice, at) {
      return save.immediate(notice, at);
    },

    async change(itemCd, changes, at) {
      return change.immediate(itemCd, changes, at);
    },

    async get(itemCd) {
      return read(itemCd);
    },

    async listPublished({ after, limit, now, language }) {
      const size = pageSize(limit);
      const base = { now, limit: size + 1 };
      let rows: SummaryRow[];
      if (after !== undefined && after !== null) {
        const position = decodeCursor(publishedScope(language), after);
        const [pin, itemCd] = position ? [position.id.slice(0, 1), position.id.slice(2)] : [];
        if (!position || (pin !== "0" && pin !== "1") || !itemCd) return { ok: false, problem: "badCursor" };
        rows = publishedAfter.all({
          ...base,
          pinned: Number(pin),
          publishedAt: position.createdAt,
          itemCd,
        }) as SummaryRow[];
      } else {
        rows = publishedFirst.all(base) as SummaryRow[];
      }
      const items = rows.slice(0, size).map((row) => summaryOf(row, language));
      const last = items[items.length - 1];
      const next =
        rows.length > size && last
          ? encodeCursor(publishedScope(language), {
              createdAt: last.publishedAt!,
              id: positionId(last.pinned, last.itemCd),
            })
          : null;
      return { ok: true, items, next };
    },

    async listAll({ after, limit, language }) {
      const size = pageSize(limit);
      let rows: SummaryRow[];
      if (after !== undefined && after !== null) {
        const position = decodeCursor(allScope(language), after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = allAfter.all({
          updatedAt: position.createdAt,
          itemCd: position.id,
          limit: size + 1,
        }) as SummaryRow[];
      } else {
        rows = allFirst.all({ limit: size + 1 }) as SummaryRow[];
      }
      const items = rows.slice(0, size).map((row) => summaryOf(row, language));
      const last = items[items.length - 1];
      const next =
        rows.length > size && last
          ? encodeCursor(allScope(language), { createdAt: last.updatedAt, id: last.itemCd })
          : null;
      return { ok: true, items, next };
    },
  };
}
