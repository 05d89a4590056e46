/**
 * Browser start: i18next is created from the translations the HTML brought (no
 * request before hydrating), then React hydrates the server's HTML. Namespaces
 * that later pages need come from the cached /locales route, their stylesheets
 * from /build (lib/preloadNextPage.ts).
 */
import { RemixBrowser } from "@remix-run/react";
import i18next, { type ResourceLanguage } from "i18next";
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { fetchBackend } from "./i18n/fetchBackend";
import { i18nOptions } from "./i18n/i18n";
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
  useEffect(() => preloadNextPage(i18next), []);
  return null;
}

const { nonce, ...inline } = readInlineAssets(document);
const language = document.documentElement.lang;
const resources = JSON.parse(inline.translations) as ResourceLanguage;

void i18next
  .use(initReactI18next)
  .use(fetchBackend((lng, ns) => `/locales/${lng}/${ns}.json?v=${window.__remixManifest.version}`))
  .init({
    ...i18nOptions,
    lng: language,
    ns: Object.keys(resources),
    resources: { [language]: resources },
    // The page's namespaces are here; the backend loads the ones later pages declare.
    partialBundledLanguages: true,
    // With every namespace present, initialising is synchronous: nothing to wait for.
    initImmediate: false,
    // Every locale carries every key (a unit test checks), so the browser never
    // needs a second language: no fallback downloads.
    fallbackLng: false,
    load: "currentOnly",
  });

startTransition(() => {
  hydrateRoot(
    document,
    <NonceContext.Provider value={nonce}>
      <InlineAssetsContext.Provider value={inline}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
            <NextPagePreloader />
          </StrictMode>
        </I18nextProvider>
      </InlineAssetsContext.Provider>
    </NonceContext.Provider>,
  );
});
