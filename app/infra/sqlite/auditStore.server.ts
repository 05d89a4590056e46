/** The admin audit log in SQLite (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditStore } from "~/stores/audit";
import { keysetPage } from "~/infra/rows/page.server";
import { auditPage, auditPosition, type AuditRow } from "~/infra/rows/audit.server";
import type { Db } from "./database.server";

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
    async list(query) {
      return keysetPage(
        query,
        auditPosition,
        (position, limit) =>
          (position ? pageAfter.all(position.createdAt, position.id, limit) : firstPage.all(limit)) as AuditRow[],
        auditPage,
      );
    },
  };
}
