/**
 * Browser start: the page's catalog is created from the translations the HTML
 * brought (no request before hydrating), then React hydrates the server's HTML. Namespaces
 * that later pages need come from the cached /locales route, their stylesheets
 * from /build (lib/preloadNextPage.ts).
 */
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { Catalog, type Bundle } from "./i18n/catalog";
import { fetchBundle } from "./i18n/fetchBundle";
import { CatalogProvider, useCatalog } from "./i18n/useTranslation";
import { preloadNextPage } from "./lib/preloadNextPage";
import { InlineAssetsContext, NonceContext, readInlineAssets, reloadForChunkError } from "./pageKit";

function onChunkError(error: unknown) {
  reloadForChunkError(error, {
    storage: window.sessionStorage,
    now: Date.now(),
    reload: () => window.location.reload(),
  });
}
window.addEventListener("error", (event) => onChunkError(event.error ?? event.message));
window.addEventListener("unhandledrejection", (event) => onChunkError(event.reason));

/** Fetches each next page's translations and stylesheets alongside its data (started once the router exists). */
function NextPagePreloader() {
  const { catalog } = useCatalog();
  useEffect(() => preloadNextPage(catalog), [catalog]);
  return null;
}

const { nonce, ...inline } = readInlineAssets(document);
const language = document.documentElement.lang;
const loadBundle = fetchBundle((lng, ns) => `/locales/${lng}/${ns}.json?v=${window.__remixManifest.version}`);
const catalog = new Catalog(language, JSON.parse(inline.translations) as Record<string, Bundle>, loadBundle);

// Hydrated at the default priority, in one task: inside startTransition React would slice it into 5 ms
// tasks, and on a slow phone the hops between them cost 0.05–0.3 s before the page answers a tap
// (decision 0117). A component that suspends still keeps the server's HTML until it can go on.
hydrateRoot(
  document,
  <NonceContext.Provider value={nonce}>
    <InlineAssetsContext.Provider value={inline}>
      <CatalogProvider catalog={catalog} loadBundle={loadBundle}>
        <StrictMode>
          <RemixBrowser />
          <NextPagePreloader />
        </StrictMode>
      </CatalogProvider>
    </InlineAssetsContext.Provider>
  </NonceContext.Provider>,
);
