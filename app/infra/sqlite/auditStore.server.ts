/** The admin audit log in SQLite (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditEntry, AuditStore } from "~/stores/audit";
import { decodeCursor, encodeCursor } from "~/stores/cursor.server";
import { pageSize } from "~/stores/page";
import type { Db } from "./database.server";

interface AuditRow {
  id: string;
  actor_uid: string;
  action: string;
  target_kind: string;
  target_id: string;
  summary: string;
  created_at: number;
}

const SCOPE = "audit";

const entryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actorUid: row.actor_uid,
  action: row.action,
  target: { kind: row.target_kind, id: row.target_id },
  summary: row.summary,
  at: row.created_at,
});

export function sqliteAuditStore(db: Db): AuditStore {
  const insert = db.prepare(
    `INSERT INTO audit_log (id, actor_uid, action, target_kind, target_id, summary, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const firstPage = db.prepare("SELECT * FROM audit_log ORDER BY created_at DESC, id DESC LIMIT ?");
  const pageAfter = db.prepare(
    "SELECT * FROM audit_log WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?",
  );
  return {
    async record(entry) {
      insert.run(
        randomUUID(),
        entry.actorUid,
        entry.action,
        entry.target.kind,
        entry.target.id,
        entry.summary,
        entry.at,
      );
    },
    async list({ after, limit }) {
      const size = pageSize(limit);
      let rows: AuditRow[];
      if (after !== undefined && after !== null) {
        const position = decodeCursor(SCOPE, after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = pageAfter.all(position.createdAt, position.id, size + 1) as AuditRow[];
      } else {
        rows = firstPage.all(size + 1) as AuditRow[];
      }
      const items = rows.slice(0, size).map(entryOf);
      const last = items[items.length - 1];
      const next = rows.length > size && last ? encodeCursor(SCOPE, { createdAt: last.at, id: last.id }) : null;
      return { ok: true, items, next };
    },
  };
}
