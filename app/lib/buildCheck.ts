/**
 * New-build check: the browser asks the server for the current build id now and
 * then; once it differs from the build the page runs, the next navigation is a
 * full page load so the visitor gets the new code.
 */
import type { fetchWithTimeout } from "./fetchWithTimeout";
export interface BuildWatcherOptions {
  currentVersion: string;
  fetchVersion: () => Promise<string | null>;
  intervalMs: number;
  timers?: { setInterval(cb: () => void, ms: number): unknown; clearInterval(handle: unknown): void };
}

export function createBuildWatcher({
  currentVersion,
  fetchVersion,
  intervalMs,
  timers = globalThis,
}: BuildWatcherOptions) {
  let stale = false;
  let handle: unknown = null;
  const check = async () => {
    if (stale) return true;
    try {
      const version = await fetchVersion();
      if (version && version !== currentVersion) stale = true;
    } catch {
      // Offline or a server restart: try again at the next tick.
    }
    return stale;
  };
  return {
    check,
    get stale() {
      return stale;
    },
    start() {
      if (handle === null) handle = timers.setInterval(() => void check(), intervalMs);
    },
    stop() {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
    },
  };
}

/**
 * The page's watcher: asks `/__version` every `intervalMs` and when the page comes
 * back into view. Loaded after hydration (components/BuildCheck.tsx), so none of
 * this is in the page's first download; the page passes its `fetch` with the
 * spec's time-outs (a module of the page's own chunks, not imported here).
 */
export function watchThisPage(intervalMs: number, fetchPage: typeof fetchWithTimeout) {
  const watcher = createBuildWatcher({
    currentVersion: window.__remixManifest.version,
    intervalMs,
    fetchVersion: async () => {
      const res = await fetchPage("/__version", { cache: "no-store" });
      if (!res.ok) return null;
      return ((await res.json()) as { version?: string }).version ?? null;
    },
  });
  watcher.start();
  const onVisible = () => document.visibilityState === "visible" && void watcher.check();
  document.addEventListener("visibilitychange", onVisible);
  return {
    get stale() {
      return watcher.stale;
    },
    stop() {
      watcher.stop();
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
}
