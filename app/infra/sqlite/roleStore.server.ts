/** The admin role as the operator set it, in SQLite (table `admin_roles`). */
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import type { RolesStore } from "~/stores/roles";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";
import { ROLES } from "~/infra/rows/statements.server";

export function sqliteRoleStore(db: Db): RolesStore {
  const upsert = db.prepare(ROLES.set);
  const select = db.prepare(ROLES.admin);
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
