/**
 * Notices in SQLite (tables `notices`, `notice_translations`), each change one
 * immediate transaction with the notice's broadcast (notificationStore.server.ts):
 * a published notice has one broadcast, `notice:{itemCd}`, made the first time it is
 * published (dated then, or at its publication time when that is later), its words
 * refreshed by edits, and dropped when the notice is unpublished.
 */
import type { NoticeInput, NoticeRecord, NoticesStore } from "~/stores/notices";
import { keysetPage } from "~/infra/rows/page.server";
import {
  NOTICE_SUMMARY_COLUMNS,
  allPage,
  allPosition,
  noticeAfter,
  noticeBroadcastKey,
  noticeBroadcastOf,
  noticeRecordOf,
  noticeTitlesColumn,
  orderedTranslations,
  publishedPage,
  publishedPosition,
  sameNotice,
  type NoticeRow,
  type NoticeSummaryRow,
  type NoticeTranslationRow,
} from "~/infra/rows/notices.server";
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";
import { dropBroadcast, hasBroadcast, putBroadcast } from "./notificationStore.server";
import { NOTICES } from "~/infra/rows/statements.server";

const SUMMARY = `${NOTICE_SUMMARY_COLUMNS} FROM notices n`;

export function sqliteNoticeStore(db: Db): NoticesStore {
  const selectNotice = db.prepare("SELECT * FROM notices WHERE item_cd = ?");
  const selectTranslations = db.prepare(
    "SELECT language, title, body FROM notice_translations WHERE item_cd = ? ORDER BY language <> 'ko', language",
  );
  const insertNotice = db.prepare(NOTICES.insert);
  const updateNotice = db.prepare(NOTICES.update);
  const updateState = db.prepare(NOTICES.changeState);
  const deleteTranslations = db.prepare(NOTICES.removeTranslations);
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
    return row ? noticeRecordOf(row, selectTranslations.all(itemCd) as NoticeTranslationRow[]) : null;
  }

  /** The broadcast follows the notice: there while it is published, with its titles; gone when it is not. */
  function syncBroadcast(notice: NoticeInput, at: number) {
    const broadcast = noticeBroadcastOf(notice, at);
    if (broadcast) putBroadcast(db, broadcast);
    else dropBroadcast(db, noticeBroadcastKey(notice.itemCd));
  }

  const writeAudit = sqliteAuditWriter(db);

  const save = db.transaction((notice: NoticeInput, at: number, audit?: AuditNote) => {
    const stored = read(notice.itemCd);
    if (stored && sameNotice(stored, notice)) {
      // The broadcast may still be missing (a store that stopped between the two): put it back, no other write.
      if (notice.publishedAt !== null && !hasBroadcast(db, noticeBroadcastKey(notice.itemCd)))
        syncBroadcast(notice, at);
      return "unchanged" as const;
    }
    const titles = noticeTitlesColumn(notice.translations);
    if (stored) {
      updateNotice.run(notice.category, notice.pinned ? 1 : 0, notice.publishedAt, titles, at, notice.itemCd);
      deleteTranslations.run(notice.itemCd);
    } else {
      insertNotice.run(notice.itemCd, notice.category, notice.pinned ? 1 : 0, notice.publishedAt, titles, at, at);
    }
    for (const [language, text] of orderedTranslations(notice.translations)) {
      insertTranslation.run(notice.itemCd, language, text.title, text.body);
    }
    syncBroadcast(notice, at);
    const outcome = stored ? ("updated" as const) : ("created" as const);
    if (audit) writeAudit(auditEntryFor(audit, outcome));
    return outcome;
  });

  const change = db.transaction(
    (
      itemCd: string,
      changes: Parameters<NoticesStore["change"]>[1],
      at: number,
      audit?: AuditNote,
    ): NoticeRecord | null => {
      const stored = read(itemCd);
      if (!stored) return null;
      const next = noticeAfter(stored, changes);
      if (!next) return stored;
      updateState.run(next.pinned ? 1 : 0, next.publishedAt, at, itemCd);
      syncBroadcast(next, at);
      if (audit) writeAudit(auditEntryFor(audit, "changed"));
      return read(itemCd);
    },
  );

  return {
    async save(notice, at, audit) {
      return save.immediate(notice, at, audit);
    },

    async change(itemCd, changes, at, audit) {
      return change.immediate(itemCd, changes, at, audit);
    },

    async get(itemCd) {
      return read(itemCd);
    },

    async listPublished({ now, language, ...query }) {
      return keysetPage(
        query,
        (after) => publishedPosition(language, after),
        (position, limit) =>
          (position
            ? publishedAfter.all({ ...position, pinned: position.pinned ? 1 : 0, now, limit })
            : publishedFirst.all({ now, limit })) as NoticeSummaryRow[],
        (rows, size) => publishedPage(rows, size, language),
      );
    },

    async listAll({ language, ...query }) {
      return keysetPage(
        query,
        (after) => allPosition(language, after),
        (position, limit) =>
          (position ? allAfter.all({ ...position, limit }) : allFirst.all({ limit })) as NoticeSummaryRow[],
        (rows, size) => allPage(rows, size, language),
      );
    },
  };
}
