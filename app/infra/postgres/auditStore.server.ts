/** The admin audit log in PostgreSQL (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditStore } from "~/stores/audit";
import { decodeCursor } from "~/stores/cursor.server";
import { pageSize } from "~/stores/page";
import { AUDIT_SCOPE, auditEntryOf, auditPosition, type AuditRow } from "~/infra/rows/audit.server";
import { pageOf } from "~/infra/rows/page.server";
import type { Sql } from "./database.server";

export function pgAuditStore(db: Sql): AuditStore {
  return {
    async record(entry) {
      await db.run(
        `INSERT INTO audit_log (id, actor_uid, action, target_kind, target_id, summary, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), entry.actorUid, entry.action, entry.target.kind, entry.target.id, entry.summary, entry.at],
      );
    },
    async list({ after, limit }) {
      const size = pageSize(limit);
      let rows: AuditRow[];
      if (after !== undefined && after !== null) {
        const position = decodeCursor(AUDIT_SCOPE, after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = await db.rows<AuditRow>(
          `SELECT * FROM audit_log WHERE (created_at, id) < ($1, $2) ORDER BY created_at DESC, id DESC LIMIT $3`,
          [position.createdAt, position.id, size + 1],
        );
      } else {
        rows = await db.rows<AuditRow>("SELECT * FROM audit_log ORDER BY created_at DESC, id DESC LIMIT $1", [
          size + 1,
        ]);
      }
      return pageOf(rows, size, auditEntryOf, AUDIT_SCOPE, auditPosition);
    },
  };
}
