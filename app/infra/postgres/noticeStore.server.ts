/**
 * Notices in PostgreSQL (tables `notices`, `notice_translations`), each change one serializable transaction with
 * the notice's broadcast (`noticeRows`: app/infra/rows/notices.server.ts): one `broadcasts` row per published
 * notice, read by every member's inbox (the notifications store, decision 0052), never a row per member.
 */
import { randomUUID } from "node:crypto";
import type { NoticeInput, NoticeRecord, NoticesStore } from "~/stores/notices";
import * as noticeRows from "~/infra/rows/notices.server";
import { keysetPage } from "~/infra/rows/page.server";
import { auditEntryFor } from "~/stores/audit";
import { writeAudit } from "./auditStore.server";
import type { Pg, Sql } from "./database.server";
import { valuesOf } from "./values.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { NOTICES } from "~/infra/rows/statements.server";

const SQL = numberedAll(NOTICES);

const SUMMARY = `SELECT ${noticeRows.NOTICE_SUMMARY_COLUMNS} FROM notices n`;
const PUBLISHED = "n.published_at IS NOT NULL AND n.published_at <= $1";
const PUBLISHED_ORDER = "ORDER BY n.pinned DESC, n.published_at DESC, n.item_cd DESC";
const ALL_ORDER = "ORDER BY n.updated_at DESC, n.item_cd DESC";

/** The notice with its translations, in one statement (Korean first, as the row of titles has it). */
async function read(sql: Sql, itemCd: string): Promise<NoticeRecord | null> {
  const found = await sql.rows<noticeRows.NoticeRow & noticeRows.NoticeTranslationRow>(
    `SELECT n.item_cd, n.category, n.pinned, n.published_at, n.created_at, n.updated_at, t.language, t.title, t.body
     FROM notices n JOIN notice_translations t ON t.item_cd = n.item_cd
     WHERE n.item_cd = $1 ORDER BY t.language <> 'ko', t.language`,
    [itemCd],
  );
  return found[0] ? noticeRows.noticeRecordOf(found[0], found) : null;
}

/**
 * The broadcast follows the notice: there while it is published, with its titles; gone (with every member's
 * reads of it, by broadcast_reads' ON DELETE CASCADE) when it is not. A made broadcast keeps its id and time on
 * edits. Read then written inside the notice's transaction: no ON CONFLICT on dedupe_key, which is not the key.
 */
async function syncBroadcast(sql: Sql, notice: NoticeInput, at: number) {
  const broadcast = noticeRows.noticeBroadcastOf(notice, at);
  if (!broadcast) {
    await sql.run("DELETE FROM broadcasts WHERE dedupe_key = $1", [noticeRows.noticeBroadcastKey(notice.itemCd)]);
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
    noticeRows
      .orderedTranslations(notice.translations)
      .map(([language, text]) => [notice.itemCd, language, text.title, text.body]),
  );
  await sql.run(`INSERT INTO notice_translations (item_cd, language, title, body) ${values.text}`, values.params);
}

export function pgNoticeStore(db: Pg): NoticesStore {
  return {
    async save(notice, at, audit) {
      // Read-decide-write as one serializable transaction (retried on 40001 when two saves of a notice collide).
      return db.tx(async (sql) => {
        const stored = await read(sql, notice.itemCd);
        if (stored && noticeRows.sameNotice(stored, notice)) {
          // The broadcast may still be missing (data copied from a store that stopped between the two): put it
          // back, no other write.
          if (notice.publishedAt !== null) await syncBroadcast(sql, notice, at);
          return "unchanged" as const;
        }
        const titles = noticeRows.noticeTitlesColumn(notice.translations);
        if (stored) {
          await sql.run(SQL.update, [notice.category, notice.pinned, notice.publishedAt, titles, at, notice.itemCd]);
          await sql.run(SQL.removeTranslations, [notice.itemCd]);
        } else {
          await sql.run(SQL.insert, [
            notice.itemCd,
            notice.category,
            notice.pinned,
            notice.publishedAt,
            titles,
            at,
            at,
          ]);
        }
        await writeTranslations(sql, notice);
        await syncBroadcast(sql, notice, at);
        const outcome = stored ? ("updated" as const) : ("created" as const);
        if (audit) await writeAudit(sql, auditEntryFor(audit, outcome));
        return outcome;
      });
    },

    async change(itemCd, changes, at, audit) {
      return db.tx(async (sql) => {
        const stored = await read(sql, itemCd);
        if (!stored) return null;
        const next = noticeRows.noticeAfter(stored, changes);
        if (!next) return stored;
        await sql.run(SQL.changeState, [next.pinned, next.publishedAt, at, itemCd]);
        await syncBroadcast(sql, next, at);
        if (audit) await writeAudit(sql, auditEntryFor(audit, "changed"));
        return { ...stored, pinned: next.pinned, publishedAt: next.publishedAt, updatedAt: at };
      });
    },

    async get(itemCd) {
      return read(db, itemCd);
    },

    async listPublished({ now, language, ...query }) {
      return keysetPage(
        query,
        (after) => noticeRows.publishedPosition(language, after),
        (position, limit) =>
          position
            ? db.rows<noticeRows.NoticeSummaryRow>(
                `${SUMMARY} WHERE ${PUBLISHED} AND (n.pinned, n.published_at, n.item_cd) < ($2, $3, $4)
                 ${PUBLISHED_ORDER} LIMIT $5`,
                [now, position.pinned, position.publishedAt, position.itemCd, limit],
              )
            : db.rows<noticeRows.NoticeSummaryRow>(`${SUMMARY} WHERE ${PUBLISHED} ${PUBLISHED_ORDER} LIMIT $2`, [
                now,
                limit,
              ]),
        (found, size) => noticeRows.publishedPage(found, size, language),
      );
    },

    async listAll({ language, ...query }) {
      return keysetPage(
        query,
        (after) => noticeRows.allPosition(language, after),
        (position, limit) =>
          position
            ? db.rows<noticeRows.NoticeSummaryRow>(
                `${SUMMARY} WHERE (n.updated_at, n.item_cd) < ($1, $2) ${ALL_ORDER} LIMIT $3`,
                [position.updatedAt, position.itemCd, limit],
              )
            : db.rows<noticeRows.NoticeSummaryRow>(`${SUMMARY} ${ALL_ORDER} LIMIT $1`, [limit]),
        (found, size) => noticeRows.allPage(found, size, language),
      );
    },
  };
}
