/** The admin audit log in SQLite (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditStore, NewAuditEntry } from "~/stores/audit";
import { keysetPage } from "~/infra/rows/page.server";
import { AUDIT_INSERT_COLUMNS, auditPage, auditPosition, auditValues, type AuditRow } from "~/infra/rows/audit.server";
import type { Db } from "./database.server";

/**
 * Writes one audit entry: a store calls it inside the transaction of the change it records (AuditNote), so both
 * are committed or neither is.
 */
export function sqliteAuditWriter(db: Db): (entry: NewAuditEntry) => void {
  const insert = db.prepare(`INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  return (entry) => {
    insert.run(...auditValues(randomUUID(), entry));
  };
}

export function sqliteAuditStore(db: Db): AuditStore {
  const write = sqliteAuditWriter(db);
  const firstPage = db.prepare("SELECT * FROM audit_log ORDER BY created_at DESC, id DESC LIMIT ?");
  const pageAfter = db.prepare(
    "SELECT * FROM audit_log WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?",
  );
  return {
    async record(entry) {
      write(entry);
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
