/** Asks the server for its build id now and then; after a deploy the next navigation is a full load. */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { createBuildWatcher } from "~/lib/buildCheck";
import { fetchWithTimeout } from "~/lib/fetchWithTimeout";

export function BuildCheck({ intervalMs }: { intervalMs: number }) {
  const location = useLocation();
  const watcher = useRef<ReturnType<typeof createBuildWatcher> | null>(null);
  const firstLocation = useRef(location.key);

  useEffect(() => {
    const w = createBuildWatcher({
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
    return () => {
      w.stop();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [intervalMs]);

  useEffect(() => {
    if (location.key !== firstLocation.current && watcher.current?.stale) window.location.reload();
  }, [location.key]);

  return null;
}
