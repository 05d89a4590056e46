/**
 * Local mode's counters (app/infra/memoryCounters.server.ts) hold no key past its window for long: the
 * contract suite checks what they count; this checks that a stream of new addresses does not grow them
 * without bound.
 */
import { describe, expect, it } from "vitest";
import { memoryCounters } from "~/infra/memoryCounters.server";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const WINDOW = 60_000;

describe("memoryCounters", () => {
  it("drops the keys of ended windows as new hits arrive", async () => {
    const counters = memoryCounters();
    for (let i = 0; i < 10_000; i++) await counters.increment(`all:10.0.${i >> 8}.${i & 255}`, WINDOW, T0);
    expect(counters.size).toBe(10_000);
    // One window later, 1000 other addresses: the 10 000 ended windows are swept as they come.
    for (let i = 0; i < 1000; i++) await counters.increment(`all:192.0.${i >> 8}.${i & 255}`, WINDOW, T0 + WINDOW);
    expect(counters.size).toBe(1000);
  });

  it("sweeps windows in the order they end, and counts a restarted key anew", async () => {
    const counters = memoryCounters();
    await counters.increment("a", WINDOW, T0);
    await counters.increment("b", WINDOW, T0 + 10);
    // a's window ends and restarts behind b's; b's end then sweeps b, not the restarted a.
    await counters.increment("a", WINDOW, T0 + WINDOW);
    await counters.increment("c", WINDOW, T0 + WINDOW + 10);
    expect(counters.size).toBe(2);
    expect(await counters.increment("a", WINDOW, T0 + WINDOW + 20)).toEqual({
      totalHits: 2,
      resetTime: T0 + 2 * WINDOW,
    });
  });
});
