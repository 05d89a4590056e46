/**
 * Browser start: i18next loads only the page language's namespaces from the
 * cached /locales route, then React hydrates the server's HTML.
 */
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { fetchBackend } from "./i18n/fetchBackend";
import { i18nOptions } from "./i18n/i18n";
import { initialNamespaces, preloadNamespaces } from "./i18n/preloadNamespaces";
import { reloadForChunkError } from "./lib/chunkReload";

function onChunkError(error: unknown) {
  reloadForChunkError(error, {
    storage: window.sessionStorage,
    now: Date.now(),
    reload: () => window.location.reload(),
  });
}
window.addEventListener("error", (event) => onChunkError(event.error ?? event.message));
window.addEventListener("unhandledrejection", (event) => onChunkError(event.reason));

/** Fetches each next page's translations alongside its data (started once the router exists). */
function NamespacePreloader() {
  useEffect(() => preloadNamespaces(i18next), []);
  return null;
}

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(fetchBackend((lng, ns) => `/locales/${lng}/${ns}.json?v=${window.__remixManifest.version}`))
    .init({
      ...i18nOptions,
      lng: document.documentElement.lang,
      ns: initialNamespaces(),
      // Every locale carries every key (a unit test checks), so the browser never
      // needs a second language: no fallback downloads.
      fallbackLng: false,
      load: "currentOnly",
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
          <NamespacePreloader />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
