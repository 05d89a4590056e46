/** The admin audit log in PostgreSQL (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditStore, NewAuditEntry } from "~/stores/audit";
import { auditPage, auditPosition, auditValues, type AuditRow } from "~/infra/rows/audit.server";
import { keysetPage } from "~/infra/rows/page.server";
import type { Sql } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { AUDIT } from "~/infra/rows/statements.server";

const SQL = numberedAll(AUDIT);

/**
 * Writes one audit entry on `sql`: a store calls it with its transaction's client, inside the transaction of the
 * change it records (AuditNote), so both are committed or neither is.
 */
export async function writeAudit(sql: Sql, entry: NewAuditEntry): Promise<void> {
  await sql.run(SQL.insert, auditValues(randomUUID(), entry));
}

export function pgAuditStore(db: Sql): AuditStore {
  return {
    async record(entry) {
      await writeAudit(db, entry);
    },
    async list(query) {
      return keysetPage(
        query,
        auditPosition,
        (position, limit) =>
          position
            ? db.rows<AuditRow>(SQL.pageAfter, [position.createdAt, position.id, limit])
            : db.rows<AuditRow>(SQL.firstPage, [limit]),
        auditPage,
      );
    },
  };
}
