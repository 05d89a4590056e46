/**
 * Wrong passwords per typed ID (a keyed hash). The rule that turns one more
 * failure into the next state is the caller's (auth/passwordAttempts.server.ts);
 * the store applies it to the stored state inside one transaction, so no
 * failure is lost however many arrive at once.
 */
export interface PasswordFailureState {
  /** Failures in a row since the last lock. */
  failures: number;
  /** Locks so far without a success in between. */
  locks: number;
  lastFailureAt: number;
  /** ms; 0 or past when the ID may try now. */
  lockedUntil: number;
}

/**
 * The next state after one more failure at `now`. Pure and synchronous: a store
 * may call it more than once when it retries its transaction.
 */
export type FailurePolicy = (previous: PasswordFailureState | null, now: number) => PasswordFailureState;

export interface PasswordFailureStore {
  /** Applies `policy` to the stored state and stores the result as one step; resolves with the new state. */
  recordFailure(key: string, now: number, policy: FailurePolicy): Promise<PasswordFailureState>;
  /** The stored end of the wait (ms), or null when the ID has no failures on record. */
  lockedUntil(key: string): Promise<number | null>;
  /** Forgets the ID's failures (a success). */
  clear(key: string): Promise<void>;
}
