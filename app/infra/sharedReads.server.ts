/**
 * The reads that most pages make and no member owns, kept for the whole process a few seconds (issue 45, decision
 * 0114): the rates in force, the remittance corridors and the published notices' pages. Home alone asks for all
 * three on every view, a member's included, and on PostgreSQL each is a round trip; they change a few times a
 * day. What is kept:
 * - for at most `seconds` (the server's PAGE_CACHE_SECONDS, the shared pages' cache's bound: nothing is older
 *   than a page that cache would answer);
 * - forgotten at once by a write to the same store through these stores (an admin's save, the rates job), and
 *   when the storage's change mark moves (another process committed: the content import, a second server), the
 *   mark being read at most once per request (the request memo keeps it);
 * - a published notices' page only for a `now` within `seconds` of the one it was read for (a notice scheduled
 *   for later shows at most that late, as on the shared pages; a test's or a job's other clock reads afresh);
 * - frozen, so a caller that would change what it was given fails loudly instead of changing it for everyone;
 * - at most `MAX_KEPT` answers: a notices' page is keyed by its cursor, which comes from the address, so a flood
 *   of made-up cursors pushes out the oldest instead of growing the process.
 * Nothing of one member's is here: each of these answers is the same for every reader (the notices' per language).
 */
import { LRUCache } from "lru-cache";
import type { Stores } from "~/stores/stores";

type Role = "kept" | "write" | "passed";
type SharedStore = "rates" | "corridors" | "notices";

/**
 * Every method of the three stores: a read kept, a write that forgets what is kept, or a read passed through (an
 * admin's list, a fetch's state). The type requires each method the store has, so a new one must be declared.
 */
export const SHARED_READS = {
  rates: {
    current: "kept",
    list: "passed",
    replaceSnapshot: "write",
    dropSnapshot: "write",
    saveOperatorRate: "write",
    recordFetch: "passed",
    fetchState: "passed",
  },
  corridors: { list: "kept", get: "passed", put: "write" },
  notices: { listPublished: "kept", save: "write", change: "write", get: "passed", listAll: "passed" },
} as const satisfies { [K in SharedStore]: Record<keyof Stores[K], Role> };

/** The most answers kept at once (the rates, the corridors, and a few pages of notices in each language). */
const MAX_KEPT = 256;

interface Kept {
  /** The wall clock when it was read. */
  at: number;
  /** The `now` it was read for (the notices' pages), else null. */
  queryNow: number | null;
  value: Promise<unknown>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

type Method = (...args: unknown[]) => Promise<unknown>;

/** `stores` with the reads above kept across requests for `seconds` (0: as they are). */
export function withSharedReads(stores: Stores, seconds: number, clock: () => number = Date.now): Stores {
  if (seconds <= 0) return stores;
  const ttl = seconds * 1000;
  const kept = new LRUCache<string, Kept>({ max: MAX_KEPT });
  let seenMark: number | null = null;
  // Bumped by every write: a read that began before it is not kept after it.
  let generation = 0;
  const forget = () => {
    generation++;
    kept.clear();
  };

  async function read(store: string, method: string, call: Method, args: unknown[]): Promise<unknown> {
    const mark = await stores.changeMark();
    if (mark !== seenMark) {
      kept.clear();
      seenMark = mark;
    }
    const query = (args[0] ?? {}) as { now?: unknown };
    const queryNow = typeof query.now === "number" ? query.now : null;
    const key = `${store}.${method}\0${JSON.stringify(args, (k, v: unknown) => (k === "now" ? undefined : v))}`;
    const now = clock();
    const entry = kept.get(key);
    if (
      entry &&
      now - entry.at < ttl &&
      (queryNow === null || (entry.queryNow !== null && Math.abs(queryNow - entry.queryNow) < ttl))
    ) {
      return entry.value;
    }
    const began = generation;
    const value = call(...args).then(deepFreeze);
    if (began === generation) {
      kept.set(key, { at: now, queryNow, value });
      // A failed read is not kept.
      value.catch(() => {
        if (kept.get(key)?.value === value) kept.delete(key);
      });
    }
    return value;
  }

  const wrapped: Record<string, unknown> = { ...stores };
  for (const [store, methods] of Object.entries(SHARED_READS)) {
    const inner = stores[store as SharedStore] as unknown as Record<string, Method>;
    const outer: Record<string, Method> = { ...inner };
    for (const [method, role] of Object.entries(methods) as [string, Role][]) {
      if (role === "kept") outer[method] = (...args) => read(store, method, inner[method]!.bind(inner), args);
      if (role !== "write") continue;
      outer[method] = async (...args) => {
        forget();
        try {
          return await inner[method]!.apply(inner, args);
        } finally {
          // A read that ran during the write may hold what was there before it.
          forget();
        }
      };
    }
    wrapped[store] = outer;
  }
  return wrapped as unknown as Stores;
}
