/**
 * The shared hit counters in PostgreSQL (table `counters`): every process of a deployment counts the
 * rate-limit tiers and form attempts together (app/stores/counters.ts, decision 0046's shared case).
 */
import type { CountersStore } from "~/stores/counters";
import type { Sql } from "./database.server";

/** Every this many hits a client deletes (at most PRUNE_BATCH of) the windows that have ended. */
const PRUNE_EVERY = 1000;
const PRUNE_BATCH = 500;

export function pgCounterStore(db: Sql): CountersStore {
  let hitsSincePrune = 0;
  /** The last statement queued on each key with one in flight. */
  const queues = new Map<string, Promise<unknown>>();

  /**
   * Runs one key's statements in the order this process made them. The pool would otherwise send hits made
   * at once on different connections, and a later hit could reach the row first and start the window at its
   * time instead of the first hit's. They wait on the row's lock in the database anyway, so the queue costs
   * no throughput; it holds only keys with a statement in flight.
   */
  function inOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
    const mine = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = mine.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return mine;
  }

  /**
   * Ended windows do no harm (the key's next hit overwrites its row), but keys not seen again would stay:
   * this deletes a bounded batch of them, off the request's path. The outer `reset_time <= $1` is checked
   * again on a row another hit just renewed, so a live window is never deleted.
   */
  function pruneEnded(now: number) {
    db.run(
      `DELETE FROM counters WHERE reset_time <= $1::bigint
         AND key IN (SELECT key FROM counters WHERE reset_time <= $1::bigint LIMIT ${PRUNE_BATCH})`,
      [now],
    ).catch(() => undefined);
  }

  return {
    async increment(key, windowMs, now) {
      // One statement, exact across processes: the row's lock orders concurrent hits, and each sees the
      // one before it. A window that ended (its end belongs to the next) starts again at this hit.
      const row = await inOrder(key, () =>
        db.row<{ hits: number; reset_time: number }>(
          `INSERT INTO counters (key, hits, reset_time) VALUES ($1, 1, $2::bigint + $3::bigint)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN counters.reset_time <= $2::bigint THEN 1 ELSE counters.hits + 1 END,
           reset_time = CASE WHEN counters.reset_time <= $2::bigint THEN excluded.reset_time ELSE counters.reset_time END
         RETURNING hits, reset_time`,
          [key, now, windowMs],
        ),
      );
      if (++hitsSincePrune >= PRUNE_EVERY) {
        hitsSincePrune = 0;
        pruneEnded(now);
      }
      return { totalHits: row!.hits, resetTime: row!.reset_time };
    },
    async decrement(key) {
      await inOrder(key, () => db.run("UPDATE counters SET hits = hits - 1 WHERE key = $1 AND hits > 0", [key]));
    },
    async reset(key) {
      await inOrder(key, () => db.run("DELETE FROM counters WHERE key = $1", [key]));
    },
  };
}
