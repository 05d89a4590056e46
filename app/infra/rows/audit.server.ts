/** The audit log's rows (table `audit_log`), the same in SQLite and PostgreSQL. */
import type { AuditEntry } from "~/stores/audit";
import { decodeCursor, pageOf } from "~/stores/cursor.server";

export interface AuditRow {
  id: string;
  actor_uid: string;
  action: string;
  target_kind: string;
  target_id: string;
  summary: string;
  created_at: number;
}

/** The cursors' scope of the log's one list. */
const AUDIT_SCOPE = "audit";

const auditEntryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actorUid: row.actor_uid,
  action: row.action,
  target: { kind: row.target_kind, id: row.target_id },
  summary: row.summary,
  at: row.created_at,
});

/** Where the log (newest first) goes on after a cursor, or null for one it did not make. */
export const auditPosition = (after: string) => decodeCursor(AUDIT_SCOPE, after);

export const auditPage = (rows: AuditRow[], size: number) =>
  pageOf(rows, size, AUDIT_SCOPE, auditEntryOf, (entry) => ({ createdAt: entry.at, id: entry.id }));
