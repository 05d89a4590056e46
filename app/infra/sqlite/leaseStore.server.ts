/** Job leases in SQLite (table `job_leases`): processes sharing one database file take turns at the jobs. */
import type { LeasesStore } from "~/stores/leases";
import type { Db } from "./database.server";
import { LEASES } from "~/infra/rows/statements.server";

export function sqliteLeaseStore(db: Db): LeasesStore {
  const acquire = db.prepare(LEASES.acquire);
  const release = db.prepare(LEASES.release);
  const holderOf = db.prepare(LEASES.holderOf);
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
