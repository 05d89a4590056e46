/**
 * The counters store (app/stores/counters.ts) in this process's memory: local
 * mode runs one process, so its rate limits and form attempts count here as they
 * always have, without a write to the database per request (decision 0046).
 *
 * A key whose window restarts is moved to the end of the map, so the map stays in
 * the order windows started; each hit drops at most SWEEP_BUDGET windows that have
 * ended from its front. Memory is bounded by the keys seen within one window (the
 * windows of every caller are the same length, RATE_LIMIT_WINDOW_MS; a longer one
 * at the front only delays the sweep behind it until it ends).
 */
import type { CounterHits, CountersStore } from "~/stores/counters";

const SWEEP_BUDGET = 16;

export interface MemoryCounters extends CountersStore {
  /** Keys held, ended windows not yet swept included (tests). */
  readonly size: number;
}

export function memoryCounters(): MemoryCounters {
  const windows = new Map<string, CounterHits>();

  function sweep(now: number) {
    let budget = SWEEP_BUDGET;
    for (const [key, window] of windows) {
      if (budget-- === 0 || window.resetTime > now) return;
      windows.delete(key);
    }
  }

  return {
    get size() {
      return windows.size;
    },
    async increment(key, windowMs, now) {
      sweep(now);
      let window = windows.get(key);
      if (!window || window.resetTime <= now) {
        windows.delete(key);
        window = { totalHits: 0, resetTime: now + windowMs };
        windows.set(key, window);
      }
      window.totalHits++;
      return { totalHits: window.totalHits, resetTime: window.resetTime };
    },
    async decrement(key) {
      const window = windows.get(key);
      if (window && window.totalHits > 0) window.totalHits--;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
