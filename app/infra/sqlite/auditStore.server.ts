/** The admin audit log in SQLite (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditStore, NewAuditEntry } from "~/stores/audit";
import { keysetPage } from "~/infra/rows/page.server";
import { auditPage, auditPosition, auditValues, type AuditRow } from "~/infra/rows/audit.server";
import type { Db } from "./database.server";
import { AUDIT } from "~/infra/rows/statements.server";

/**
 * Writes one audit entry: a store calls it inside the transaction of the change it records (AuditNote), so both
 * are committed or neither is.
 */
export function sqliteAuditWriter(db: Db): (entry: NewAuditEntry) => void {
  const insert = db.prepare(AUDIT.insert);
  return (entry) => {
    insert.run(...auditValues(randomUUID(), entry));
  };
}

export function sqliteAuditStore(db: Db): AuditStore {
  const write = sqliteAuditWriter(db);
  const firstPage = db.prepare(AUDIT.firstPage);
  const pageAfter = db.prepare(AUDIT.pageAfter);
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
