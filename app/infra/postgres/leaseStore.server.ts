/** Job leases in PostgreSQL (table `job_leases`): the processes of a deployment take turns at the periodic jobs. */
import type { LeasesStore } from "~/stores/leases";
import type { Pg } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { LEASES } from "~/infra/rows/statements.server";

const SQL = numberedAll(LEASES);

export function pgLeaseStore(db: Pg): LeasesStore {
  // No page shows a lease: its writes leave the change mark alone (db.unmarked).
  const sql = db.unmarked;
  return {
    async acquire(name, holder, ttlMs, now) {
      // INSERT … ON CONFLICT DO UPDATE is atomic in PostgreSQL: a racer that finds the row another just inserted
      // waits for it, then evaluates the WHERE on that row; when the WHERE is false no row comes back.
      const row = await sql.row<{ holder: string }>(SQL.acquire, [name, holder, now + ttlMs, now]);
      return row !== undefined;
    },
    async release(name, holder) {
      await sql.run(SQL.release, [name, holder]);
    },
    async holderOf(name) {
      return (await sql.row<{ holder: string }>(SQL.holderOf, [name]))?.holder ?? null;
    },
  };
}
