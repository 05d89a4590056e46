/**
 * The analytics tag and the social pixel in the browser, loaded only when they are
 * configured and the page is hydrated and idle (components/Analytics.tsx), and
 * the helper that adds a third-party script with the page's nonce.
 */
import { GA_SCRIPT, PIXEL_SCRIPT, pageViewLabel, type AnalyticsSettings } from "./analytics";

type Tracker = (...args: unknown[]) => void;

/** What loading the trackers touches: the window and its document (a stand-in in unit tests). */
export interface TrackerHost {
  dataLayer?: unknown[];
  gtag?: Tracker;
  fbq?: Tracker & { callMethod?: Tracker; queue?: unknown[]; push?: unknown; loaded?: boolean; version?: string };
  _fbq?: unknown;
  document: {
    createElement(tag: "script"): { async: boolean; src: string; nonce?: string };
    head: { appendChild(node: unknown): unknown };
  };
}

/** Adds `<script async src>` with the page's nonce (allowed by 'strict-dynamic': a trusted script adds it). */
export function addScript(host: Pick<TrackerHost, "document">, src: string, nonce: string) {
  const script = host.document.createElement("script");
  script.async = true;
  script.src = src;
  script.nonce = nonce;
  host.document.head.appendChild(script);
}

/**
 * Starts the analytics tag and the pixel the settings name, as their official
 * snippets do (a queue first, then the library), but from our bundle once the page
 * is hydrated and idle instead of from inline scripts in the HTML: nothing
 * third-party competes with the page's own scripts on a slow phone. Page views are
 * sent by `trackPageView`; the tag's automatic one is off.
 */
export function startTrackers(host: TrackerHost, settings: AnalyticsSettings, nonce: string) {
  if (settings.gaId && !host.gtag) {
    const dataLayer = (host.dataLayer ??= []);
    // gtag.js reads `arguments` objects from the data layer, exactly as its snippet pushes them.
    host.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    host.gtag("js", new Date());
    host.gtag("config", settings.gaId, { send_page_view: false });
    addScript(host, `${GA_SCRIPT}?id=${encodeURIComponent(settings.gaId)}`, nonce);
  }
  if (settings.pixelId && !host.fbq) {
    const fbq: NonNullable<TrackerHost["fbq"]> = Object.assign(
      (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args)),
      { queue: [] as unknown[], loaded: true, version: "2.0" },
    );
    fbq.push = fbq;
    host.fbq = fbq;
    host._fbq ??= fbq;
    fbq("init", settings.pixelId);
    addScript(host, PIXEL_SCRIPT, nonce);
  }
}

/** Reports a page view under the spec's label to the trackers that were started. */
export function trackPageView(host: Pick<TrackerHost, "gtag" | "fbq">, pathname: string) {
  host.gtag?.("event", "page_view", { page_title: pageViewLabel(pathname), page_path: pathname });
  host.fbq?.("track", "PageView");
}
