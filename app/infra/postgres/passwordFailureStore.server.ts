/** Failed passwords per ID in PostgreSQL (table `password_failures`); the lock rule is the caller's policy. */
import type { PasswordFailureState, PasswordFailureStore } from "~/stores/passwordFailures";
import type { Sql } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { PASSWORD_FAILURES } from "~/infra/rows/statements.server";

const SQL = numberedAll(PASSWORD_FAILURES);

interface FailureRow {
  failures: number;
  locks: number;
  last_failure_at: number;
  locked_until: number;
}

const stateOf = (row: FailureRow): PasswordFailureState => ({
  failures: row.failures,
  locks: row.locks,
  lastFailureAt: row.last_failure_at,
  lockedUntil: row.locked_until,
});

export function pgPasswordFailureStore(db: Sql): PasswordFailureStore {
  return {
    async recordFailure(key, now, policy) {
      // Compare-and-set instead of a transaction: the state is read, the policy applied, and the result
      // written only if the row still holds what was read (or, for a first failure, is still absent);
      // otherwise another failure came first and this one is applied again on top of it. Each round one
      // writer wins, so none is lost and none waits on a serialization retry budget (50 at once are common
      // in an attack). The policy is pure, so applying it again is safe.
      for (;;) {
        const row = await db.row<FailureRow>(SQL.state, [key]);
        const previous = row ? stateOf(row) : null;
        const next = policy(previous, now);
        const values = [key, next.failures, next.locks, next.lastFailureAt, next.lockedUntil];
        const written = previous
          ? await db.run(
              `UPDATE password_failures SET failures = $2, locks = $3, last_failure_at = $4, locked_until = $5
               WHERE key = $1 AND failures = $6 AND locks = $7 AND last_failure_at = $8 AND locked_until = $9`,
              [...values, previous.failures, previous.locks, previous.lastFailureAt, previous.lockedUntil],
            )
          : await db.run(
              `INSERT INTO password_failures (key, failures, locks, last_failure_at, locked_until)
               VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING`,
              values,
            );
        if (written === 1) return { ...next };
      }
    },
    async lockedUntil(key) {
      return (await db.row<FailureRow>(SQL.state, [key]))?.locked_until ?? null;
    },
    async clear(key) {
      await db.run(SQL.clear, [key]);
    },
  };
}
