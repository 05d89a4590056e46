/**
 * The one scheduler of periodic jobs (app/server/scheduler.server.ts): one run of
 * a job at a time, stop waits for runs under way, a failing job stops no other,
 * and a lease refused skips the run (the seam for several processes, issue 29).
 */
import { describe, expect, it, vi } from "vitest";
import { LEASE_INTERVALS, startScheduler, type JobLease, type PeriodicJob } from "~/server/scheduler.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A job that counts its runs and how many of them overlap. */
function countingJob(name: string, intervalMs: number, body: () => Promise<void> = async () => undefined) {
  const job = {
    name,
    intervalMs,
    started: 0,
    finished: 0,
    running: 0,
    mostAtOnce: 0,
    async run() {
      job.started++;
      job.running++;
      job.mostAtOnce = Math.max(job.mostAtOnce, job.running);
      try {
        await body();
      } finally {
        job.running--;
        job.finished++;
      }
    },
  };
  return job;
}

const quietLog = () => ({ error: vi.fn() });

describe("scheduler", () => {
  it("runs each job at start and on every interval", async () => {
    const hourly = countingJob("hourly", 60 * 60_000);
    const often = countingJob("often", 10);
    const scheduler = startScheduler([hourly, often], { log: quietLog() });
    await vi.waitFor(() => expect(hourly.finished).toBe(1));
    await vi.waitFor(() => expect(often.finished).toBeGreaterThanOrEqual(3));
    await scheduler.stop();
    expect(hourly.started).toBe(1);
  });

  it("never runs one job twice at once: a tick during a run is skipped", async () => {
    const slow = gate();
    const job = countingJob("slow", 5, () => slow.opened);
    const scheduler = startScheduler([job], { log: quietLog() });
    // Many intervals pass while the first run waits.
    await sleep(60);
    expect(job.started).toBe(1);
    slow.open();
    await vi.waitFor(() => expect(job.started).toBeGreaterThanOrEqual(2));
    await scheduler.stop();
    expect(job.mostAtOnce).toBe(1);
  });

  it("stops only once the runs under way have ended, and starts none after", async () => {
    const slow = gate();
    const job = countingJob("slow", 5, () => slow.opened);
    const scheduler = startScheduler([job], { log: quietLog() });
    await vi.waitFor(() => expect(job.started).toBe(1));
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false);
    expect(job.finished).toBe(0);
    slow.open();
    await stopping;
    expect(job.finished).toBe(1);
    await sleep(30);
    expect(job.started).toBe(1);
  });

  it("logs a job that throws under its name, and it and the other jobs go on", async () => {
    const log = quietLog();
    const failing = countingJob("failing", 5, async () => {
      throw new Error("storage unavailable");
    });
    const steady = countingJob("steady", 5);
    const scheduler = startScheduler([failing, steady], { log });
    await vi.waitFor(() => {
      expect(failing.started).toBeGreaterThanOrEqual(3);
      expect(steady.finished).toBeGreaterThanOrEqual(3);
    });
    await scheduler.stop();
    expect(log.error).toHaveBeenCalledWith("failing", expect.objectContaining({ message: "storage unavailable" }));
    expect(log.error).not.toHaveBeenCalledWith("steady", expect.anything());
  });

  it("skips a run whose lease another process holds, and runs once it is given", async () => {
    const asked: [string, number][] = [];
    let othersHold = true;
    const lease: JobLease = {
      async acquire(name, ttlMs) {
        asked.push([name, ttlMs]);
        return name === "leased" ? !othersHold : true;
      },
    };
    const leased = countingJob("leased", 10);
    const free = countingJob("free", 10);
    const scheduler = startScheduler([leased, free], { lease, log: quietLog() });
    await vi.waitFor(() => expect(free.finished).toBeGreaterThanOrEqual(3));
    expect(leased.started).toBe(0);
    expect(asked.filter(([name]) => name === "leased").length).toBeGreaterThanOrEqual(3);
    othersHold = false;
    await vi.waitFor(() => expect(leased.finished).toBeGreaterThanOrEqual(1));
    await scheduler.stop();
    // The lease is asked for long enough to outlive one late tick.
    expect(asked).toContainEqual(["leased", 10 * LEASE_INTERVALS]);
  });

  it("does not start a run whose lease came after stop", async () => {
    const answer = gate();
    const lease: JobLease = { acquire: () => answer.opened.then(() => true) };
    const job = countingJob("late", 5);
    const scheduler = startScheduler([job], { lease, log: quietLog() });
    const stopping = scheduler.stop();
    answer.open();
    await stopping;
    expect(job.started).toBe(0);
  });

  it("logs a lease that fails and tries it again on the next tick", async () => {
    const log = quietLog();
    let calls = 0;
    const lease: JobLease = {
      async acquire() {
        if (++calls === 1) throw new Error("database unavailable");
        return true;
      },
    };
    const job = countingJob("leased", 5);
    const scheduler = startScheduler([job], { lease, log });
    await vi.waitFor(() => expect(job.finished).toBeGreaterThanOrEqual(1));
    await scheduler.stop();
    expect(log.error).toHaveBeenCalledWith("leased", expect.objectContaining({ message: "database unavailable" }));
  });

  it("refuses two jobs of one name (the name is the lease's key)", () => {
    const jobs: PeriodicJob[] = [countingJob("same", 10), countingJob("same", 20)];
    expect(() => startScheduler(jobs, { log: quietLog() })).toThrow(/share a name/);
  });
});
