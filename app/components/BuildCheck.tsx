/** Asks the server for its build id now and then; after a deploy the next navigation is a full load. */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { watchThisPage } from "~/lib/buildCheck";
import { fetchWithTimeout } from "~/lib/fetchWithTimeout";
import { whenIdle } from "~/lib/hydration";

export function BuildCheck({ intervalMs }: { intervalMs: number }) {
  const location = useLocation();
  const watcher = useRef<ReturnType<typeof watchThisPage> | null>(null);
  const firstLocation = useRef(location.key);

  useEffect(() => {
    let cancelled = false;
    // Not before the page is hydrated and the browser idle, and its code not with the page's.
    const cancel = whenIdle(() => {
      void import("~/lib/buildCheck").then(({ watchThisPage }) => {
        if (!cancelled) watcher.current = watchThisPage(intervalMs, fetchWithTimeout);
      }, ignore);
    });
    return () => {
      cancelled = true;
      cancel();
      watcher.current?.stop();
    };
  }, [intervalMs]);

  useEffect(() => {
    if (location.key !== firstLocation.current && watcher.current?.stale) window.location.reload();
  }, [location.key]);

  return null;
}

/** A check that cannot load (offline) is tried again on the next full page load. */
function ignore() {}
