/** Asks the server for its build id now and then; after a deploy the next navigation is a full load. */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { createBuildWatcher } from "~/lib/buildCheck";
import { fetchWithTimeout } from "~/lib/fetchWithTimeout";
import { whenIdle } from "~/lib/hydration";

export function BuildCheck({ intervalMs }: { intervalMs: number }) {
  const location = useLocation();
  const watcher = useRef<ReturnType<typeof createBuildWatcher> | null>(null);
  const firstLocation = useRef(location.key);

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    // Not before the page is hydrated and the browser idle, and its code not with the page's.
    const cancel = whenIdle(() => {
      void import("~/lib/buildCheck").then(({ createBuildWatcher }) => {
        if (cancelled) return;
        watch(createBuildWatcher);
      }, ignore);
    });
    const watch = (create: typeof createBuildWatcher) => {
      const w = create({
        currentVersion: window.__remixManifest.version,
        intervalMs,
        fetchVersion: async () => {
          const res = await fetchWithTimeout("/__version", { cache: "no-store" });
          if (!res.ok) return null;
          return ((await res.json()) as { version?: string }).version ?? null;
        },
      });
      watcher.current = w;
      w.start();
      const onVisible = () => document.visibilityState === "visible" && void w.check();
      document.addEventListener("visibilitychange", onVisible);
      stop = () => {
        w.stop();
        document.removeEventListener("visibilitychange", onVisible);
      };
    };
    return () => {
      cancelled = true;
      cancel();
      stop();
    };
  }, [intervalMs]);

  useEffect(() => {
    if (location.key !== firstLocation.current && watcher.current?.stale) window.location.reload();
  }, [location.key]);

  return null;
}

/** A check that cannot load (offline) is tried again on the next full page load. */
function ignore() {}
