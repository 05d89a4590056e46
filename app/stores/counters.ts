/**
 * Hit counters in fixed windows, keyed by string: the rate-limit tiers of the
 * server (an express-rate-limit store on this port, server/limits.ts) and the
 * per-number/ID attempts of the sign-in and joining forms
 * (forms/attempts.server.ts). A key's window starts at its first hit after the
 * last window ended and lasts the `windowMs` of that hit; callers prefix their
 * keys (`mutations:`, `attempt:`) so they never share counts.
 *
 * Whether counts are shared between processes is the implementation's: local
 * mode (one process) keeps them in memory, a shared database would count every
 * hit in one statement (docs/decisions/0046).
 */
export interface CounterHits {
  /** Hits in the key's current window, this one included (1 for a new window). */
  totalHits: number;
  /** When the current window ends (ms): the next hit at or after it starts a new one. */
  resetTime: number;
}

export interface CountersStore {
  /** Counts one hit on `key` at `now`; hits made at once are each counted exactly once. */
  increment(key: string, windowMs: number, now: number): Promise<CounterHits>;
  /** Takes back one hit of the key's window (never below zero); nothing for an unknown key. */
  decrement(key: string): Promise<void>;
  /** Forgets the key: its next hit starts a new window. */
  reset(key: string): Promise<void>;
}
