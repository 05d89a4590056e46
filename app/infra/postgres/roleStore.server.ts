/** The admin role as the operator set it, in PostgreSQL (table `admin_roles`). */
import { auditEntryFor } from "~/stores/audit";
import type { RolesStore } from "~/stores/roles";
import { writeAudit } from "./auditStore.server";
import type { Pg } from "./database.server";

export function pgRoleStore(db: Pg): RolesStore {
  return {
    async setAdmin(uid, admin, at, audit) {
      // The later change wins in the statement itself: no read before the write.
      await db.tx(async (sql) => {
        const changed = await sql.run(
          `INSERT INTO admin_roles (uid, admin, changed_at) VALUES ($1, $2, $3)
         ON CONFLICT (uid) DO UPDATE SET admin = excluded.admin, changed_at = excluded.changed_at
         WHERE excluded.changed_at >= admin_roles.changed_at`,
          [uid, admin, at],
        );
        if (changed === 1 && audit) await writeAudit(sql, auditEntryFor(audit, "changed"));
      });
    },
    async admin(uid) {
      const row = await db.row<{ admin: boolean }>("SELECT admin FROM admin_roles WHERE uid = $1", [uid]);
      return row ? row.admin : null;
    },
  };
}
