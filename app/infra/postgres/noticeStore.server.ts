/**
 * Notices in PostgreSQL (tables `notices`, `notice_translations`), each change one serializable transaction with
 * the notice's broadcast (app/infra/rows/notices.server.ts): one `broadcasts` row per published notice, read by
 * every member's inbox (the notifications store, decision 0052), never a row per member.
 */
import { randomUUID } from "node:crypto";
import type { NoticeInput, NoticeRecord, NoticesStore } from "~/stores/notices";
import { pageSize } from "~/stores/page";
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
import type { Pg, Sql } from "./database.server";
import { valuesOf } from "./values.server";

const SUMMARY = `SELECT ${NOTICE_SUMMARY_COLUMNS} FROM notices n`;
const PUBLISHED = "n.published_at IS NOT NULL AND n.published_at <= $1";
const PUBLISHED_ORDER = "ORDER BY n.pinned DESC, n.published_at DESC, n.item_cd DESC";
const ALL_ORDER = "ORDER BY n.updated_at DESC, n.item_cd DESC";

/** The notice with its translations, in one statement (Korean first, as the row of titles has it). */
async function read(sql: Sql, itemCd: string): Promise<NoticeRecord | null> {
  const rows = await sql.rows<NoticeRow & NoticeTranslationRow>(
    `SELECT n.item_cd, n.category, n.pinned, n.published_at, n.created_at, n.updated_at, t.language, t.title, t.body
     FROM notices n JOIN notice_translations t ON t.item_cd = n.item_cd
     WHERE n.item_cd = $1 ORDER BY t.language <> 'ko', t.language`,
    [itemCd],
  );
  return rows[0] ? noticeRecordOf(rows[0], rows) : null;
}

/**
 * The broadcast follows the notice: there while it is published, with its titles; gone (with every member's
 * reads of it, by broadcast_reads' ON DELETE CASCADE) when it is not. A made broadcast keeps its id and time on
 * edits. Read then written inside the notice's transaction: no ON CONFLICT on dedupe_key, which is not the key.
 */
async function syncBroadcast(sql: Sql, notice: NoticeInput, at: number) {
  const broadcast = noticeBroadcastOf(notice, at);
  if (!broadcast) {
    await sql.run("DELETE FROM broadcasts WHERE dedupe_key = $1", [noticeBroadcastKey(notice.itemCd)]);
    return;
  }
  const data = JSON.stringify(broadcast.data);
  const stored = await sql.row<{ data: string; subject: string | null }>(
    "SELECT data, subject FROM broadcasts WHERE dedupe_key = $1",
    [broadcast.dedupeKey],
  );
  if (!stored) {
    await sql.run(
      "INSERT INTO broadcasts (id, kind, dedupe_key, data, subject, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [randomUUID(), broadcast.kind, broadcast.dedupeKey, data, broadcast.subject, broadcast.createdAt],
    );
  } else if (stored.data !== data || stored.subject !== broadcast.subject) {
    await sql.run("UPDATE broadcasts SET data = $2, subject = $3 WHERE dedupe_key = $1", [
      broadcast.dedupeKey,
      data,
      broadcast.subject,
    ]);
  }
}

async function writeTranslations(sql: Sql, notice: NoticeInput) {
  const values = valuesOf(
    orderedTranslations(notice.translations).map(([language, text]) => [
      notice.itemCd,
      language,
      text.title,
      text.body,
    ]),
  );
  await sql.run(`INSERT INTO notice_translations (item_cd, language, title, body) ${values.text}`, values.params);
}

export function pgNoticeStore(db: Pg): NoticesStore {
  return {
    async save(notice, at) {
      // Read-decide-write as one serializable transaction (retried on 40001 when two saves of a notice collide).
      return db.tx(async (sql) => {
        const stored = await read(sql, notice.itemCd);
        if (stored && sameNotice(stored, notice)) {
          // The broadcast may still be missing (a store that stopped between the two): put it back, no other write.
          if (notice.publishedAt !== null) await syncBroadcast(sql, notice, at);
          return "unchanged" as const;
        }
        const titles = noticeTitlesColumn(notice.translations);
        if (stored) {
          await sql.run(
            `UPDATE notices SET category = $2, pinned = $3, published_at = $4, titles = $5, updated_at = $6
             WHERE item_cd = $1`,
            [notice.itemCd, notice.category, notice.pinned, notice.publishedAt, titles, at],
          );
          await sql.run("DELETE FROM notice_translations WHERE item_cd = $1", [notice.itemCd]);
        } else {
          await sql.run(
            `INSERT INTO notices (item_cd, category, pinned, published_at, titles, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6)`,
            [notice.itemCd, notice.category, notice.pinned, notice.publishedAt, titles, at],
          );
        }
        await writeTranslations(sql, notice);
        await syncBroadcast(sql, notice, at);
        return stored ? ("updated" as const) : ("created" as const);
      });
    },

    async change(itemCd, changes, at) {
      return db.tx(async (sql) => {
        const stored = await read(sql, itemCd);
        if (!stored) return null;
        const next = noticeAfter(stored, changes);
        if (!next) return stored;
        await sql.run("UPDATE notices SET pinned = $2, published_at = $3, updated_at = $4 WHERE item_cd = $1", [
          itemCd,
          next.pinned,
          next.publishedAt,
          at,
        ]);
        await syncBroadcast(sql, next, at);
        return { ...stored, pinned: next.pinned, publishedAt: next.publishedAt, updatedAt: at };
      });
    },

    async get(itemCd) {
      return read(db, itemCd);
    },

    async listPublished({ after, limit, now, language }) {
      const size = pageSize(limit);
      let rows: NoticeSummaryRow[];
      if (after !== undefined && after !== null) {
        const position = publishedPosition(language, after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = await db.rows<NoticeSummaryRow>(
          `${SUMMARY} WHERE ${PUBLISHED} AND (n.pinned, n.published_at, n.item_cd) < ($2, $3, $4)
           ${PUBLISHED_ORDER} LIMIT $5`,
          [now, position.pinned, position.publishedAt, position.itemCd, size + 1],
        );
      } else {
        rows = await db.rows<NoticeSummaryRow>(`${SUMMARY} WHERE ${PUBLISHED} ${PUBLISHED_ORDER} LIMIT $2`, [
          now,
          size + 1,
        ]);
      }
      return publishedPage(rows, size, language);
    },

    async listAll({ after, limit, language }) {
      const size = pageSize(limit);
      let rows: NoticeSummaryRow[];
      if (after !== undefined && after !== null) {
        const position = allPosition(language, after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = await db.rows<NoticeSummaryRow>(
          `${SUMMARY} WHERE (n.updated_at, n.item_cd) < ($1, $2) ${ALL_ORDER} LIMIT $3`,
          [position.updatedAt, position.itemCd, size + 1],
        );
      } else {
        rows = await db.rows<NoticeSummaryRow>(`${SUMMARY} ${ALL_ORDER} LIMIT $1`, [size + 1]);
      }
      return allPage(rows, size, language);
    },
  };
}
