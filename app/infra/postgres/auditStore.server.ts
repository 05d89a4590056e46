/** The admin audit log in PostgreSQL (table `audit_log`): added to, never changed; read newest first. */
import { randomUUID } from "node:crypto";
import type { AuditStore, NewAuditEntry } from "~/stores/audit";
import { AUDIT_INSERT_COLUMNS, auditPage, auditPosition, auditValues, type AuditRow } from "~/infra/rows/audit.server";
import { keysetPage } from "~/infra/rows/page.server";
import type { Sql } from "./database.server";

/**
 * Writes one audit entry on `sql`: a store calls it with its transaction's client, inside the transaction of the
 * change it records (AuditNote), so both are committed or neither is.
 */
export async function writeAudit(sql: Sql, entry: NewAuditEntry): Promise<void> {
  await sql.run(
    `INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    auditValues(randomUUID(), entry),
  );
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
