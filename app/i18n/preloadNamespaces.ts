/**
 * Which namespaces a page needs, from its routes' `handle.i18n`, and fetching them
 * for the next page when its navigation starts, alongside its data. Without that,
 * the page's components would suspend once the data is in (i18n.ts: useSuspense)
 * and wait one more round trip. A route Remix has not discovered yet (no <Link> to
 * it on the page) is matched only when its data arrives: that page still waits for
 * its words, it just does not get them early.
 */
import { matchRoutes } from "@remix-run/router";
import type { i18n } from "i18next";
import { namespacesOf } from "./config";

/** Call once the router exists (RemixBrowser makes it while hydrating); returns the unsubscribe. */
export function preloadNamespaces(i18next: i18n): () => void {
  const router = window.__remixRouter;
  return router.subscribe(({ navigation }) => {
    if (navigation.state !== "loading") return;
    for (const { route } of matchRoutes(router.routes, navigation.location) ?? []) {
      const url = window.__remixManifest.routes[route.id]?.module;
      // The URL Remix imports the route module from: the browser loads it once. Remix reports a failure.
      if (url)
        void import(/* webpackIgnore: true */ url).then(
          (m) => i18next.loadNamespaces(namespacesOf(m)),
          () => null,
        );
    }
  });
}
