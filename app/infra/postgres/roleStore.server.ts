/** The admin role as the operator set it, in PostgreSQL (table `admin_roles`). */
import { auditEntryFor } from "~/stores/audit";
import type { RolesStore } from "~/stores/roles";
import { writeAudit } from "./auditStore.server";
import type { Pg } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { ROLES } from "~/infra/rows/statements.server";

const SQL = numberedAll(ROLES);

export function pgRoleStore(db: Pg): RolesStore {
  return {
    async setAdmin(uid, admin, at, audit) {
      await db.tx(async (sql) => {
        const changed = await sql.run(SQL.set, [uid, admin, at]);
        if (changed === 1 && audit) await writeAudit(sql, auditEntryFor(audit, "changed"));
      });
    },
    async admin(uid) {
      const row = await db.row<{ admin: boolean }>(SQL.admin, [uid]);
      return row ? row.admin : null;
    },
  };
}
