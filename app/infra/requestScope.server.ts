/**
 * One GET request's scope: the reads that every loader of a page repeats (the root's and the route's: the
 * session's revocation time, the member's profile and settings, the terms versions) are asked of the storage
 * once per request (decision 0077). On PostgreSQL each is a round trip; a signed-in page was 8 to 11 statements where 5 or 6
 * say the same (`npm run bench:postgres` counts them).
 *
 * Only a GET or HEAD has a scope, which the server opens around the app's handling of it (createApp through
 * the bootstrap): a post's action may change what a later loader of the same request reads, so a post reads
 * afresh every time. A write to a memoized store inside a scope forgets what the scope kept.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Stores } from "~/stores/stores";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a request's handling in a scope of its own when it is a GET or HEAD; otherwise just runs it. */
export function inRequestScope<T>(method: string, handle: () => T): T {
  return method === "GET" || method === "HEAD" ? scope.run(new Map(), handle) : handle();
}

/** The read memoized for the scope's request (a failed read is not kept); outside a scope, the read itself. */
function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  let kept = memo.get(key) as Promise<T> | undefined;
  if (!kept) {
    kept = read();
    memo.set(key, kept);
    kept.catch(() => memo.delete(key));
  }
  return kept;
}

/** The reads kept per request, by store. */
const MEMOIZED = {
  revocations: ["validAfter"],
  members: ["profile", "settings", "terms"],
  terms: ["heads"],
} as const satisfies Partial<Record<keyof Stores, readonly string[]>>;

/** The other reads of those stores, passed through; every method in neither list is a write and forgets the scope. */
const OTHER_READS: Record<keyof typeof MEMOIZED, readonly string[]> = {
  revocations: [],
  members: ["findByPhone", "page"],
  terms: ["version", "textsIn"],
};

type Method = (...args: unknown[]) => Promise<unknown>;

function memoized<S extends object>(name: keyof typeof MEMOIZED, store: S): S {
  const reads: readonly string[] = MEMOIZED[name];
  const wrapped = { ...store } as Record<string, Method>;
  for (const [method, call] of Object.entries(store) as [string, Method][]) {
    if (typeof call !== "function" || OTHER_READS[name].includes(method)) continue;
    wrapped[method] = reads.includes(method)
      ? (...args) => oncePerRequest(`${name}.${method}\0${JSON.stringify(args)}`, () => call.apply(store, args))
      : (...args) => {
          scope.getStore()?.clear();
          return call.apply(store, args);
        };
  }
  return wrapped as S;
}

/** The stores with the repeated reads of a page kept per GET request (the stores themselves stay as they are). */
export function withRequestMemo(stores: Stores): Stores {
  return {
    ...stores,
    revocations: memoized("revocations", stores.revocations),
    members: memoized("members", stores.members),
    terms: memoized("terms", stores.terms),
  };
}
