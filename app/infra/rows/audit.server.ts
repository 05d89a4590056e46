/** The audit log's rows (table `audit_log`), the same in SQLite and PostgreSQL. */
import type { AuditActor, AuditEntry, NewAuditEntry } from "~/stores/audit";
import { decodeCursor, pageOf } from "~/stores/cursor.server";

export interface AuditRow {
  id: string;
  actor_kind: AuditActor["kind"];
  /** An admin's uid, an operator command's name; "import" for the content import. */
  actor_uid: string;
  /** An admin's name when the row was written. */
  actor_name: string | null;
  action: string;
  target_kind: string;
  target_id: string;
  summary: string;
  created_at: number;
}

/** The cursors' scope of the log's one list. */
const AUDIT_SCOPE = "audit";

function actorOf(row: AuditRow): AuditActor {
  if (row.actor_kind === "import") return { kind: "import" };
  if (row.actor_kind === "operator") return { kind: "operator", id: row.actor_uid };
  return { kind: "admin", uid: row.actor_uid, name: row.actor_name };
}

/** The columns of an INSERT, in order: id, actor_kind, actor_uid, actor_name, action, target_kind, target_id, summary, created_at. */
export const AUDIT_INSERT_COLUMNS =
  "id, actor_kind, actor_uid, actor_name, action, target_kind, target_id, summary, created_at";

const SUMMARY_MAX = 200;

/** A new entry's values for AUDIT_INSERT_COLUMNS (the summary cut to its bound). */
export function auditValues(id: string, entry: NewAuditEntry): (string | number | null)[] {
  const { actor } = entry;
  const chars = Array.from(entry.summary);
  const summary = chars.length > SUMMARY_MAX ? `${chars.slice(0, SUMMARY_MAX - 1).join("")}…` : entry.summary;
  const [uid, name] =
    actor.kind === "admin" ? [actor.uid, actor.name] : actor.kind === "operator" ? [actor.id, null] : ["import", null];
  return [id, actor.kind, uid, name, entry.action, entry.target.kind, entry.target.id, summary, entry.at];
}

const auditEntryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor: actorOf(row),
  // Written from the typed entry only (auditValues); the admin's log still names an unknown one as such.
  action: row.action as AuditEntry["action"],
  target: { kind: row.target_kind as AuditEntry["target"]["kind"], id: row.target_id },
  summary: row.summary,
  at: row.created_at,
});

/** Where the log (newest first) goes on after a cursor, or null for one it did not make. */
export const auditPosition = (after: string) => decodeCursor(AUDIT_SCOPE, after);

export const auditPage = (rows: AuditRow[], size: number) =>
  pageOf(rows, size, AUDIT_SCOPE, auditEntryOf, (entry) => ({ createdAt: entry.at, id: entry.id }));
