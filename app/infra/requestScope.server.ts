/**
 * One GET request's scope: the reads that every loader of a page repeats (the root's and the route's: the
 * session's revocation time, the member's profile and settings, the terms versions) are asked of the storage
 * once per request (decision 0077). On PostgreSQL each is a round trip; a signed-in page was 8 to 11 statements where 5 or 6
 * say the same (`npm run bench:postgres` counts them).
 *
 * The first of them in a signed-in GET, the session's revocation time (or its admin role), brings them all at once with the inbox
 * badge's count: the member's screen (`Stores.memberScreen`, decision 0080), one round trip where six would be. It
 * brings the storage's change mark too, which the shared reads ask before they answer (decision 0115).
 *
 * Only a GET or HEAD has a scope, which the server opens around the app's handling of it (createApp through
 * the bootstrap): a post's action may change what a later loader of the same request reads, so a post reads
 * afresh every time. A write to a memoized store inside a scope forgets what the scope kept.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MemberScreen, Stores } from "~/stores/stores";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a request's handling in a scope of its own when it is a GET or HEAD; otherwise just runs it. */
export function inRequestScope<T>(method: string, handle: () => T): T {
  return method === "GET" || method === "HEAD" ? scope.run(new Map(), handle) : handle();
}

const keyOf = (store: string, method: string, args: readonly unknown[]) =>
  `${store}.${method}\0${JSON.stringify(args)}`;

/** Keeps `read` in the scope under `key` (a failed read is not kept). */
function keep<T>(memo: Map<string, Promise<unknown>>, key: string, read: Promise<T>): Promise<T> {
  memo.set(key, read);
  read.catch(() => memo.delete(key));
  return read;
}

/** The read memoized for the scope's request; outside a scope, the read itself. */
function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  return (memo.get(key) as Promise<T> | undefined) ?? keep(memo, key, read());
}

/** The scope's key of the storage's change mark. */
const CHANGE_MARK = "changeMark";

/** Each of the screen's fields that stands for a memoized read: the read's store and method. */
const SCREEN_READS: [store: string, method: string, field: keyof MemberScreen, byMember: boolean][] = [
  ["revocations", "validAfter", "validAfter", true],
  ["roles", "admin", "admin", true],
  ["members", "profile", "profile", true],
  ["members", "settings", "settings", true],
  ["members", "terms", "terms", true],
  ["terms", "heads", "termsHeads", false],
];

/**
 * The member's screen, once per request (as of the request's first asking: its `now`); the reads it stands for
 * are kept for the request from the same answer (unless the request made one already).
 */
function screenOnce(stores: Stores, uid: string, now: number): Promise<MemberScreen> {
  const memo = scope.getStore();
  if (!memo) return stores.memberScreen(uid, now);
  const key = keyOf("memberScreen", "", [uid]);
  const kept = memo.get(key) as Promise<MemberScreen> | undefined;
  if (kept) return kept;
  const screen = keep(memo, key, stores.memberScreen(uid, now));
  for (const [store, method, field, byMember] of SCREEN_READS) {
    const read = keyOf(store, method, byMember ? [uid] : []);
    if (!memo.has(read))
      keep(
        memo,
        read,
        screen.then((s) => s[field]),
      );
  }
  // The change mark as of the screen: the shared reads a page makes after it need no read of their own (0115).
  if (!memo.has(CHANGE_MARK))
    keep(
      memo,
      CHANGE_MARK,
      screen.then((s) => s.changeMark),
    );
  return screen;
}

/**
 * What a session reads of its member (the revocation time, the admin role): in a scope, from the member's screen
 * (the first read of a signed-in page); outside one, the store's own read.
 */
function withScreen<F extends "validAfter" | "admin">(
  stores: Stores,
  store: "revocations" | "roles",
  field: F,
  uid: string,
  read: () => Promise<MemberScreen[F]>,
): Promise<MemberScreen[F]> {
  const memo = scope.getStore();
  if (!memo) return read();
  const own = memo.get(keyOf(store, field, [uid])) as Promise<MemberScreen[F]> | undefined;
  return own ?? screenOnce(stores, uid, Date.now()).then((s) => s[field]);
}

/**
 * What the request scope does with each method of a memoized store: `kept` (a read asked of the storage once per
 * request), `passed` (a read passed through as it is) or `write` (passed through, after forgetting all the scope
 * kept). Every method is declared: the type fails a method the store's interface gains without a line here, and
 * `memoized` refuses a store object with a method of neither (tests/unit/requestScope.test.ts runs it on both
 * engines' stores), so a new read left off cannot silently clear the memo at each call.
 */
export type InScope = "kept" | "passed" | "write";

/** Every method of the memoized stores, by store. */
export const IN_SCOPE = {
  revocations: { validAfter: "kept", revoke: "write" },
  roles: { admin: "kept", setAdmin: "write" },
  members: {
    profile: "kept",
    settings: "kept",
    terms: "kept",
    findByPhone: "passed",
    page: "passed",
    create: "write",
    setNotify: "write",
    setHasPassword: "write",
    withdraw: "write",
    update: "write",
    recordTerms: "write",
  },
  terms: { heads: "kept", version: "passed", textsIn: "passed", save: "write", publish: "write" },
  // None of its reads is kept, but the screen's badge count is: a write forgets it.
  notifications: {
    listFor: "passed",
    unreadCount: "passed",
    find: "passed",
    add: "write",
    markRead: "write",
    markAllRead: "write",
    remove: "write",
    removeAllFor: "write",
    // Records the first day a visa expiry was seen (a write when it is the first).
    firstSeen: "write",
  },
} as const satisfies { [K in MemoizedStore]: Record<keyof Stores[K], InScope> };

export type MemoizedStore = "revocations" | "roles" | "members" | "terms" | "notifications";

type Method = (...args: unknown[]) => Promise<unknown>;

/** A store's methods that `IN_SCOPE` does not declare (none, or `memoized` refuses the store). */
export function undeclaredMethods(name: MemoizedStore, store: object): string[] {
  const declared: Record<string, InScope> = IN_SCOPE[name];
  return Object.entries(store)
    .filter(([method, call]) => typeof call === "function" && !Object.hasOwn(declared, method))
    .map(([method]) => method);
}

function memoized<S extends object>(name: MemoizedStore, store: S): S {
  const declared: Record<string, InScope> = IN_SCOPE[name];
  const undeclared = undeclaredMethods(name, store);
  if (undeclared.length) {
    throw new Error(
      `requestScope: ${name}.${undeclared.join(`, ${name}.`)} not declared kept, passed or write in IN_SCOPE`,
    );
  }
  const wrapped = { ...store } as Record<string, Method>;
  for (const [method, call] of Object.entries(store) as [string, Method][]) {
    if (typeof call !== "function" || declared[method] === "passed") continue;
    wrapped[method] =
      declared[method] === "kept"
        ? (...args) => oncePerRequest(keyOf(name, method, args), () => call.apply(store, args))
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
    revocations: {
      ...memoized("revocations", stores.revocations),
      validAfter: (uid) =>
        withScreen(stores, "revocations", "validAfter", uid, () => stores.revocations.validAfter(uid)),
    },
    roles: {
      ...memoized("roles", stores.roles),
      admin: (uid) => withScreen(stores, "roles", "admin", uid, () => stores.roles.admin(uid)),
    },
    memberScreen: (uid, now) => screenOnce(stores, uid, now),
    // Read before each answer from the shared pages' cache and the shared reads (sharedReads.server.ts): once.
    changeMark: () => oncePerRequest(CHANGE_MARK, () => stores.changeMark()),
    members: memoized("members", stores.members),
    terms: memoized("terms", stores.terms),
    notifications: memoized("notifications", stores.notifications),
  };
}
