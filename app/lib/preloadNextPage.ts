/**
 * What the next page needs besides its data, fetched when its navigation starts,
 * alongside the data: the translations of the namespaces its routes declare
 * (`handle.i18n`) and the stylesheets they declare (`handle.styles`). Without that,
 * the page would suspend once its data is in (i18n/useTranslation.ts; inlineAssets.tsx:
 * InlineStylesheets) and wait one more round trip. A route Remix has not discovered
 * yet (no <Link> to it on the page) is matched only when its data arrives: that page
 * still waits, it just does not get its words and styles early.
 */
import { matchRoutes } from "@remix-run/router";
import type { Catalog } from "~/i18n/catalog";
import { namespacesOf } from "~/i18n/config";
import { loadStylesheet, stylesOf } from "./stylesheets";

/** Call once the router exists (RemixBrowser makes it while hydrating); returns the unsubscribe. */
export function preloadNextPage(catalog: Catalog): () => void {
  const router = window.__remixRouter;
  return router.subscribe(({ navigation }) => {
    if (navigation.state !== "loading") return;
    for (const { route } of matchRoutes(router.routes, navigation.location) ?? []) {
      const url = window.__remixManifest.routes[route.id]?.module;
      // The URL Remix imports the route module from: the browser loads it once. Remix reports a failure.
      if (url)
        void import(/* webpackIgnore: true */ url).then(
          (m: { handle?: unknown }) => {
            for (const href of stylesOf(m)) void loadStylesheet(href);
            return catalog.load(namespacesOf(m));
          },
          () => null,
        );
    }
  });
}
