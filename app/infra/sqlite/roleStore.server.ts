/** The admin role as the operator set it, in SQLite (table `admin_roles`). */
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import type { RolesStore } from "~/stores/roles";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";

export function sqliteRoleStore(db: Db): RolesStore {
  // The later change wins in the statement itself: no read before the write.
  const upsert = db.prepare(
    `INSERT INTO admin_roles (uid, admin, changed_at) VALUES (?, ?, ?)
     ON CONFLICT (uid) DO UPDATE SET admin = excluded.admin, changed_at = excluded.changed_at
     WHERE excluded.changed_at >= admin_roles.changed_at`,
  );
  const select = db.prepare("SELECT admin FROM admin_roles WHERE uid = ?");
  const writeAudit = sqliteAuditWriter(db);
  const set = db.transaction((uid: string, admin: boolean, at: number, audit?: AuditNote) => {
    if (upsert.run(uid, admin ? 1 : 0, at).changes === 1 && audit) writeAudit(auditEntryFor(audit, "changed"));
  });
  return {
    async setAdmin(uid, admin, at, audit) {
      set.immediate(uid, admin, at, audit);
    },
    async admin(uid) {
      const row = select.get(uid) as { admin: number } | undefined;
      return row ? row.admin === 1 : null;
    },
  };
}
