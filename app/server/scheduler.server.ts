/**
 * The one scheduler of a server process: every periodic job (visa reminders, the
 * pending-photo sweep, any later one) is registered here by name and interval,
 * started together when the services start and stopped together before the stores
 * close (app/server/services.server.ts lists them).
 *
 * Each job runs once at start, then every interval; never two runs of one job at
 * once (a tick that finds the last run still going is skipped); a run that throws
 * is logged under the job's name and the next one runs as planned, as do the other
 * jobs; stopping waits for the runs under way.
 *
 * The lease (several processes on one database, issue 29): before each run the
 * scheduler asks `lease.acquire(name, ttlMs)` and skips the run when it is refused.
 * The server gives it a lease row per job name in the stores (`jobLease` below,
 * app/stores/leases.ts): held for LEASE_INTERVALS intervals, renewed
 * by each run of its holder, taken over by another process when the holder stops
 * renewing (it died; at once when it was a process of the same machine that is
 * gone), handed over at once when it stops cleanly. Without a lease
 * (unit tests) every run is the process's own (`everyRunIsMine`). The jobs stay
 * idempotent, so a run doubled at a takeover does no harm.
 */
import crypto from "node:crypto";
import os from "node:os";
import { log as defaultLog } from "~/infra/log.server";
import type { Stores } from "~/stores/stores";

type Log = Pick<typeof defaultLog, "error">;

/** What one run of a job did, by name (`created`, `sent`, …): what `npm run jobs -- run` prints. */
export type JobCounts = Record<string, number | string>;

export interface PeriodicJob {
  /** Unique among the jobs: the lease's key and the name its failures are logged under. */
  name: string;
  intervalMs: number;
  /** One run, at `now` (ms since the epoch; the clock's time when not given: an operator's replay gives one). */
  run(now?: number): Promise<JobCounts | void>;
}

export interface JobLease {
  /** True when this process may run the job `name` now; it then holds the job for `ttlMs` (a holder's call renews). */
  acquire(name: string, ttlMs: number): Promise<boolean>;
}

/** One process alone: every run is its own. */
export const everyRunIsMine: JobLease = { acquire: async () => true };

/** A lease outlives one late tick of its holder, and passes to another process after two missed ones. */
export const LEASE_INTERVALS = 2;

/** A lease holder's name: this machine, this process and a random part (a restarted process with a reused pid differs). */
export function holderName(host = os.hostname(), pid = process.pid): string {
  return `${host}:${pid}:${crypto.randomBytes(4).toString("hex")}`;
}

/** Whether `holder` (a holderName) was a process of this machine that is gone: its lease need not run out. */
export function diedOnThisMachine(holder: string, host = os.hostname()): boolean {
  const [holderHost, pid] = holder.split(":");
  if (holderHost !== host || !/^\d+$/.test(pid ?? "") || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * The scheduler's lease on the stores' lease rows, held by `holder` (one per started server, `holderName`). A lease
 * still held by a process of this machine that died (a crash, then a restart) is taken at once rather than after
 * its time: a server restarted after SIGKILL runs its jobs at start, as one alone always did.
 */
export function jobLease(stores: Pick<Stores, "leases">, holder: string): JobLease & { release(): Promise<void> } {
  const held = new Set<string>();
  const take = (name: string, ttlMs: number) => stores.leases.acquire(name, holder, ttlMs, Date.now());
  return {
    async acquire(name, ttlMs) {
      let mine = await take(name, ttlMs);
      if (!mine) {
        const current = await stores.leases.holderOf(name);
        if (current && diedOnThisMachine(current)) {
          // Only that holder's row is deleted: if another process took the lease meanwhile, nothing happens.
          await stores.leases.release(name, current);
          mine = await take(name, ttlMs);
        }
      }
      if (mine) held.add(name);
      else held.delete(name);
      return mine;
    },
    /** A clean stop hands the jobs over at once instead of after the lease's time. */
    async release() {
      for (const name of held) await stores.leases.release(name, holder);
      held.clear();
    },
  };
}

export interface Scheduler {
  /** No run starts after this; resolves when the runs under way have ended. */
  stop(): Promise<void>;
}

export function startScheduler(jobs: readonly PeriodicJob[], options: { lease?: JobLease; log?: Log } = {}): Scheduler {
  const { lease = everyRunIsMine, log = defaultLog } = options;
  const names = new Set(jobs.map((job) => job.name));
  if (names.size !== jobs.length) throw new Error("two periodic jobs share a name (it is their lease's key)");
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const tick = (job: PeriodicJob) => {
    if (stopped || running.has(job.name)) return;
    const run = (async () => {
      if (!(await lease.acquire(job.name, job.intervalMs * LEASE_INTERVALS))) return;
      // Stopped while the lease was asked: a run started now could outlive the stores.
      if (stopped) return;
      await job.run();
    })()
      .catch((error: unknown) => log.error(job.name, error))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  const timers = jobs.map((job) => {
    const timer = setInterval(() => tick(job), job.intervalMs);
    // A job never keeps the process alive.
    timer.unref();
    return timer;
  });
  for (const job of jobs) tick(job);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
