/** The audit log's rows (table `audit_log`), the same in SQLite and PostgreSQL. */
import type { AuditEntry } from "~/stores/audit";

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
export const AUDIT_SCOPE = "audit";

export const auditEntryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actorUid: row.actor_uid,
  action: row.action,
  target: { kind: row.target_kind, id: row.target_id },
  summary: row.summary,
  at: row.created_at,
});

export const auditPosition = (entry: AuditEntry) => ({ createdAt: entry.at, id: entry.id });
