/**
 * The analytics tag and social pixel, rendered only when the root loader decided
 * the request came to the production host with ids configured. Each navigation
 * reports a page view under the spec's label.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { GA_SCRIPT, PIXEL_SCRIPT, pageViewLabel, type AnalyticsSettings } from "~/lib/analytics";
import { useNonce } from "~/nonce";

type Tracker = (...args: unknown[]) => void;

export function Analytics({ settings }: { settings: AnalyticsSettings }) {
  const nonce = useNonce();
  const location = useLocation();

  useEffect(() => {
    const label = pageViewLabel(location.pathname);
    const w = window as unknown as { gtag?: Tracker; fbq?: Tracker };
    w.gtag?.("event", "page_view", { page_title: label, page_path: location.pathname });
    w.fbq?.("track", "PageView");
  }, [location.pathname]);

  // Page views are sent by the effect above, so the tag's automatic one is off.
  const gaInit = settings.gaId
    ? `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(settings.gaId)},{send_page_view:false});`
    : "";
  const pixelInit = settings.pixelId
    ? `!function(f){if(f.fbq)return;var n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[]}(window);fbq('init',${JSON.stringify(settings.pixelId)});`
    : "";

  return (
    <>
      {settings.gaId ? (
        <>
          <script
            async
            nonce={nonce}
            src={`${GA_SCRIPT}?id=${encodeURIComponent(settings.gaId)}`}
            suppressHydrationWarning
          />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: gaInit }} suppressHydrationWarning />
        </>
      ) : null}
      {settings.pixelId ? (
        <>
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: pixelInit }} suppressHydrationWarning />
          <script async nonce={nonce} src={PIXEL_SCRIPT} suppressHydrationWarning />
        </>
      ) : null}
    </>
  );
}
