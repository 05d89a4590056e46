/**
 * Locks page scrolling while an overlay is open. Unlocking waits 200 ms (spec §9)
 * so a closing animation, or an overlay that opens right after, does not make the
 * page jump; nested locks are counted.
 */
export const SCROLL_LOCK_CLEANUP_MS = 200;

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function createScrollLock(body: { style: { overflow: string } }, timers: Timers = globalThis) {
  let count = 0;
  let saved = "";
  let cleanup: unknown = null;
  return {
    lock() {
      if (cleanup !== null) {
        timers.clearTimeout(cleanup);
        cleanup = null;
      } else if (count === 0) {
        saved = body.style.overflow;
      }
      count += 1;
      body.style.overflow = "hidden";
    },
    unlock() {
      if (count === 0) return;
      count -= 1;
      if (count > 0) return;
      cleanup = timers.setTimeout(() => {
        cleanup = null;
        if (count === 0) body.style.overflow = saved;
      }, SCROLL_LOCK_CLEANUP_MS);
    },
    get locked() {
      return count > 0;
    },
  };
}
