/**
 * New-build check: the browser asks the server for the current build id now and
 * then; once it differs from the build the page runs, the next navigation is a
 * full page load so the visitor gets the new code.
 */
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
