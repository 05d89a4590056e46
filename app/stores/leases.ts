/**
 * Job leases: which process runs a periodic job (the visa reminders, the photo sweep, the exchange rates) when
 * several share one database. A lease row per job name says who holds it until when; the holder renews it at each
 * run, and another process takes it over once it has expired (its holder died or stopped renewing). The jobs stay
 * idempotent, so a run doubled at a takeover does no harm (app/server/scheduler.server.ts).
 */
export interface LeasesStore {
  /**
   * Takes the lease on `name` for `holder` until `now + ttlMs` when nobody holds it, its lease has expired, or
   * `holder` holds it already (a renewal); true when `holder` holds it now. One atomic statement: of two clients
   * asking at once for a free lease exactly one gets it.
   */
  acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean>;
  /** Lets go of `name` if `holder` holds it (a clean stop): another process takes it at its next try. */
  release(name: string, holder: string): Promise<void>;
  /** Who holds `name`, expired or not; null when nobody does. */
  holderOf(name: string): Promise<string | null>;
}
