/**
 * The counters store's contract (app/stores/counters.ts): fixed windows per key, started by a key's first
 * hit and ended `windowMs` later (the clock is the caller's `now`), separate keys, decrement and reset,
 * and hits made at once each counted once. Whether two clients count together is the implementation's
 * declared `sharedCounters` (local mode counts in its one process's memory).
 */
import { describe, expect, it } from "vitest";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const WINDOW = 60_000;

describe.each(implementations)("counters store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("counts a key's hits in a window that its first hit starts", async () => {
    const { counters } = clients.a;
    const first = await counters.increment("tier:192.0.2.1", WINDOW, T0);
    expect(first).toEqual({ totalHits: 1, resetTime: T0 + WINDOW });
    expect(isPlainData(first)).toBe(true);
    expect(await counters.increment("tier:192.0.2.1", WINDOW, T0 + 10)).toEqual({
      totalHits: 2,
      resetTime: T0 + WINDOW,
    });
    expect(await counters.increment("tier:192.0.2.1", WINDOW, T0 + WINDOW - 1)).toEqual({
      totalHits: 3,
      resetTime: T0 + WINDOW,
    });
  });

  it("starts a new window at the first hit once the last one ended", async () => {
    const { counters } = clients.a;
    await counters.increment("k", WINDOW, T0);
    await counters.increment("k", WINDOW, T0 + 1);
    // The end of a window belongs to the next one.
    expect(await counters.increment("k", WINDOW, T0 + WINDOW)).toEqual({
      totalHits: 1,
      resetTime: T0 + 2 * WINDOW,
    });
    // A window starts at its first hit, not on a grid: a late hit gets a whole window.
    expect(await counters.increment("k", WINDOW, T0 + 5 * WINDOW + 123)).toEqual({
      totalHits: 1,
      resetTime: T0 + 6 * WINDOW + 123,
    });
    // A window lasts the length its first hit gave.
    expect(await counters.increment("short", 1000, T0)).toEqual({ totalHits: 1, resetTime: T0 + 1000 });
    expect(await counters.increment("short", 1000, T0 + 999)).toMatchObject({ totalHits: 2 });
    expect(await counters.increment("short", 1000, T0 + 1000)).toEqual({ totalHits: 1, resetTime: T0 + 2000 });
  });

  it("keeps keys apart, prefixes included", async () => {
    const { counters } = clients.a;
    for (let i = 0; i < 3; i++) await counters.increment("mutations:192.0.2.1", WINDOW, T0 + i);
    expect(await counters.increment("auth:192.0.2.1", WINDOW, T0 + 5)).toEqual({
      totalHits: 1,
      resetTime: T0 + 5 + WINDOW,
    });
    expect(await counters.increment("mutations:192.0.2.2", WINDOW, T0 + 6)).toMatchObject({ totalHits: 1 });
    expect(await counters.increment("attempt:phone:+821012345678", WINDOW, T0 + 7)).toMatchObject({ totalHits: 1 });
    expect(await counters.increment("mutations:192.0.2.1", WINDOW, T0 + 8)).toMatchObject({ totalHits: 4 });
  });

  it("takes back hits one at a time, never below zero, within the same window", async () => {
    const { counters } = clients.a;
    await counters.increment("k", WINDOW, T0);
    await counters.increment("k", WINDOW, T0 + 1);
    await counters.decrement("k");
    expect(await counters.increment("k", WINDOW, T0 + 2)).toEqual({ totalHits: 2, resetTime: T0 + WINDOW });
    for (let i = 0; i < 4; i++) await counters.decrement("k");
    expect(await counters.increment("k", WINDOW, T0 + 3)).toEqual({ totalHits: 1, resetTime: T0 + WINDOW });
    // Taking back from a key never counted does nothing, and does not start a window.
    await counters.decrement("never");
    expect(await counters.increment("never", WINDOW, T0 + 4)).toEqual({ totalHits: 1, resetTime: T0 + 4 + WINDOW });
  });

  it("forgets a reset key: its next hit starts a new window", async () => {
    const { counters } = clients.a;
    for (let i = 0; i < 5; i++) await counters.increment("k", WINDOW, T0 + i);
    await counters.increment("other", WINDOW, T0);
    await counters.reset("k");
    await counters.reset("never");
    expect(await counters.increment("k", WINDOW, T0 + 100)).toEqual({ totalHits: 1, resetTime: T0 + 100 + WINDOW });
    expect(await counters.increment("other", WINDOW, T0 + 100)).toMatchObject({ totalHits: 2 });
  });

  it("counts every one of 50 hits made at once on one client", async () => {
    const hits = await Promise.all(
      Array.from({ length: 50 }, (_, i) => clients.a.counters.increment("k", WINDOW, T0 + (i % 5))),
    );
    expect(hits.map((h) => h.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(hits.map((h) => h.resetTime))).toEqual(new Set([T0 + WINDOW]));
    expect(await clients.a.counters.increment("k", WINDOW, T0 + 10)).toMatchObject({ totalHits: 51 });
  });

  it(`counts 50 hits made at once on two clients ${implementation.sharedCounters ? "together" : "apart"}`, async () => {
    const hits = await raced(50, clients, (stores, i) => stores.counters.increment("k", WINDOW, T0 + (i % 5)));
    const counts = hits.map((h) => h.totalHits).sort((x, y) => x - y);
    if (implementation.sharedCounters) {
      expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    } else {
      // Each process counts its own: 25 hits each, 1 to 25 on either.
      expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => Math.floor(i / 2) + 1));
    }
  });
});
