/** Failed passwords per ID in SQLite (table `password_failures`); the lock rule is the caller's policy. */
import type { FailurePolicy, PasswordFailureState, PasswordFailureStore } from "~/stores/passwordFailures";
import type { Db } from "./database.server";
import { PASSWORD_FAILURES } from "~/infra/rows/statements.server";

interface FailureRow {
  failures: number;
  locks: number;
  last_failure_at: number;
  locked_until: number;
}

export function sqlitePasswordFailureStore(db: Db): PasswordFailureStore {
  const select = db.prepare(PASSWORD_FAILURES.state);
  const upsert = db.prepare(
    `INSERT INTO password_failures (key, failures, locks, last_failure_at, locked_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, locks = excluded.locks,
       last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
  );
  const remove = db.prepare(PASSWORD_FAILURES.clear);

  const record = db.transaction((key: string, now: number, policy: FailurePolicy): PasswordFailureState => {
    const row = select.get(key) as FailureRow | undefined;
    const previous = row
      ? { failures: row.failures, locks: row.locks, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until }
      : null;
    const next = policy(previous, now);
    upsert.run(key, next.failures, next.locks, next.lastFailureAt, next.lockedUntil);
    return { ...next };
  });

  return {
    // IMMEDIATE: read and write under one write lock, so concurrent failures are all counted.
    async recordFailure(key, now, policy) {
      return record.immediate(key, now, policy);
    },
    async lockedUntil(key) {
      return (select.get(key) as FailureRow | undefined)?.locked_until ?? null;
    },
    async clear(key) {
      remove.run(key);
    },
  };
}
