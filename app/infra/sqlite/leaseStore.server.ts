/** Job leases in SQLite (table `job_leases`): processes sharing one database file take turns at the jobs. */
import type { LeasesStore } from "~/stores/leases";
import type { Db } from "./database.server";

export function sqliteLeaseStore(db: Db): LeasesStore {
  // Insert, or take over when the lease expired or is the holder's own: decided inside the one statement, so no
  // other writer comes between the read and the write. No row back means another holds it.
  const acquire = db.prepare(
    `INSERT INTO job_leases (name, holder, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= ?
     RETURNING holder`,
  );
  const release = db.prepare("DELETE FROM job_leases WHERE name = ? AND holder = ?");
  const holderOf = db.prepare("SELECT holder FROM job_leases WHERE name = ?");
  return {
    async acquire(name, holder, ttlMs, now) {
      return acquire.get(name, holder, now + ttlMs, now) !== undefined;
    },
    async release(name, holder) {
      release.run(name, holder);
    },
    async holderOf(name) {
      return (holderOf.get(name) as { holder: string } | undefined)?.holder ?? null;
    },
  };
}
