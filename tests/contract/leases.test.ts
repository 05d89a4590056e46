/**
 * The job leases' contract (app/stores/leases.ts): of clients asking at once for a free lease exactly one holds
 * it; its holder renews it; another client takes it over once it expired, and at once when its holder let go.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import os from "node:os";
import { holderName, jobLease, startScheduler, type PeriodicJob } from "~/server/scheduler.server";
import { waitFor } from "../support/waitFor";
import { implementations, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 26, 3, 0, 0);
const TTL = 120_000;

describe.each(implementations)("job leases: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("gives a free lease to exactly one of clients racing for it", async () => {
    for (let round = 0; round < 5; round++) {
      const name = `race-${round}`;
      const won = await raced(16, clients, (stores, i) => stores.leases.acquire(name, `holder-${i}`, TTL, T0));
      expect(won.filter(Boolean)).toHaveLength(1);
      // The winner is the holder: it renews, the others still cannot take it.
      const winner = won.indexOf(true);
      expect(await clients.b.leases.acquire(name, `holder-${winner}`, TTL, T0 + 1)).toBe(true);
      expect(await clients.a.leases.acquire(name, `holder-${(winner + 1) % 16}`, TTL, T0 + 2)).toBe(false);
    }
  });

  it("is renewed by its holder, whose renewal moves the end", async () => {
    const { a, b } = clients;
    expect(await a.leases.acquire("visaReminders", "A", TTL, T0)).toBe(true);
    expect(await a.leases.acquire("visaReminders", "A", TTL, T0 + TTL - 1)).toBe(true);
    // Renewed at T0 + TTL - 1: still A's after the first lease's end.
    expect(await b.leases.acquire("visaReminders", "B", TTL, T0 + TTL)).toBe(false);
    expect(await b.leases.acquire("visaReminders", "B", TTL, T0 + 2 * TTL - 2)).toBe(false);
  });

  it("passes to another client once it expired, and the old holder no longer has it", async () => {
    const { a, b } = clients;
    expect(await a.leases.acquire("photoSweep", "A", TTL, T0)).toBe(true);
    expect(await b.leases.acquire("photoSweep", "B", TTL, T0 + TTL - 1)).toBe(false);
    // The end of a lease belongs to the next holder.
    expect(await b.leases.acquire("photoSweep", "B", TTL, T0 + TTL)).toBe(true);
    expect(await a.leases.acquire("photoSweep", "A", TTL, T0 + TTL + 1)).toBe(false);
  });

  it("keeps leases of different jobs apart", async () => {
    const { a, b } = clients;
    expect(await a.leases.acquire("one", "A", TTL, T0)).toBe(true);
    expect(await b.leases.acquire("two", "B", TTL, T0)).toBe(true);
    expect(await b.leases.acquire("one", "B", TTL, T0)).toBe(false);
  });

  it("names its holder, expired or not", async () => {
    const { a, b } = clients;
    expect(await b.leases.holderOf("reminders")).toBeNull();
    await a.leases.acquire("reminders", "A", TTL, T0);
    expect(await b.leases.holderOf("reminders")).toBe("A");
  });

  it("passes at once when its holder lets go, and only its holder can", async () => {
    const { a, b } = clients;
    expect(await a.leases.acquire("rates", "A", TTL, T0)).toBe(true);
    await b.leases.release("rates", "B");
    expect(await b.leases.acquire("rates", "B", TTL, T0 + 1)).toBe(false);
    await a.leases.release("rates", "A");
    expect(await b.leases.acquire("rates", "B", TTL, T0 + 2)).toBe(true);
  });

  it("lets one of two schedulers run a job, and the other take it over when the first stops", async () => {
    const runs: string[] = [];
    const job = (holder: string): PeriodicJob => ({
      name: "everyFewMs",
      intervalMs: 40,
      run: async () => void runs.push(holder),
    });
    const leaseA = jobLease(clients.a, "A");
    const leaseB = jobLease(clients.b, "B");
    const a = startScheduler([job("A")], { lease: leaseA });
    const b = startScheduler([job("B")], { lease: leaseB });
    try {
      await waitFor("a few runs", () => runs.length >= 5, { within: 10_000 });
      // The lease lasts two intervals and its holder renews it at each run: one scheduler ran them all.
      expect(new Set(runs).size).toBe(1);
      const [first] = runs;
      const [stopped, stoppedLease, other] = first === "A" ? [a, leaseA, "B"] : [b, leaseB, "A"];
      await stopped.stop();
      await stoppedLease.release();
      const before = runs.length;
      await waitFor(`${other} running once ${first} let go`, () => runs.slice(before).includes(other), {
        within: 10_000,
      });
      expect(runs.slice(before).every((holder) => holder === other)).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("is taken at once from a process of this machine that is gone, never from a live one or another machine's", async () => {
    const now = Date.now();
    // A process that has ended: its pid names nobody now.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    await clients.a.leases.acquire("afterCrash", `${os.hostname()}:${gone}:dead`, TTL, now);
    await clients.a.leases.acquire("liveHere", `${os.hostname()}:${process.ppid}:live`, TTL, now);
    await clients.a.leases.acquire("elsewhere", `another-machine:${gone}:dead`, TTL, now);
    const lease = jobLease(clients.b, holderName());
    expect(await lease.acquire("afterCrash", TTL)).toBe(true);
    expect(await lease.acquire("liveHere", TTL)).toBe(false);
    expect(await lease.acquire("elsewhere", TTL)).toBe(false);
  });
});
