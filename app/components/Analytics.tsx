/**
 * The analytics tag and social pixel, started only when the root loader decided
 * the request came to the production host with ids configured, and only once the
 * page is hydrated and the browser idle: their code (lib/trackers.ts) is loaded
 * then, not with the page. Each navigation reports a page view under the spec's label.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { AnalyticsSettings } from "~/lib/analytics";
import { whenIdle } from "~/lib/hydration";
import type { TrackerHost } from "~/lib/trackers";
import { useNonce } from "~/nonce";

const trackers = () => import("~/lib/trackers");
const host = () => window as unknown as TrackerHost;

export function Analytics({ settings }: { settings: AnalyticsSettings }) {
  const nonce = useNonce();
  const location = useLocation();

  // The module loads once: the page view waits for the same promise, after the trackers started.
  useEffect(
    () => whenIdle(() => void trackers().then((m) => m.startTrackers(host(), settings, nonce), ignore)),
    [settings, nonce],
  );
  useEffect(
    () => whenIdle(() => void trackers().then((m) => m.trackPageView(host(), location.pathname), ignore)),
    [location.pathname],
  );

  return null;
}

/** A tracker that cannot load (offline, blocked) is not the page's problem. */
function ignore() {}
