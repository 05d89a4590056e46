/** The admin audit log in PostgreSQL (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditStore } from "~/stores/audit";
import { auditPage, auditPosition, type AuditRow } from "~/infra/rows/audit.server";
import { keysetPage } from "~/infra/rows/page.server";
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
    async list(query) {
      return keysetPage(
        query,
        auditPosition,
        (position, limit) =>
          position
            ? db.rows<AuditRow>(
                "SELECT * FROM audit_log WHERE (created_at, id) < ($1, $2) ORDER BY created_at DESC, id DESC LIMIT $3",
                [position.createdAt, position.id, limit],
              )
            : db.rows<AuditRow>("SELECT * FROM audit_log ORDER BY created_at DESC, id DESC LIMIT $1", [limit]),
        auditPage,
      );
    },
  };
}
