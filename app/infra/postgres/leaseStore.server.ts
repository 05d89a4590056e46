/** Job leases in PostgreSQL (table `job_leases`): the processes of a deployment take turns at the periodic jobs. */
import type { LeasesStore } from "~/stores/leases";
import type { Pg } from "./database.server";

export function pgLeaseStore(db: Pg): LeasesStore {
  // No page shows a lease: its writes leave the change mark alone (db.unmarked).
  const sql = db.unmarked;
  return {
    async acquire(name, holder, ttlMs, now) {
      // INSERT … ON CONFLICT DO UPDATE is atomic in PostgreSQL: a racer that finds the row another just inserted
      // waits for it, then evaluates the WHERE on that row; when the WHERE is false no row comes back.
      const row = await sql.row<{ holder: string }>(
        `INSERT INTO job_leases (name, holder, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= $4
         RETURNING holder`,
        [name, holder, now + ttlMs, now],
      );
      return row !== undefined;
    },
    async release(name, holder) {
      await sql.run("DELETE FROM job_leases WHERE name = $1 AND holder = $2", [name, holder]);
    },
    async holderOf(name) {
      return (
        (await sql.row<{ holder: string }>("SELECT holder FROM job_leases WHERE name = $1", [name]))?.holder ?? null
      );
    },
  };
}
