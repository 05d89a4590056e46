/**
 * How components get their words: `useTranslation(namespaces)` returns `t` bound to
 * the page's catalog (catalog.ts). The server renders with the request's language,
 * every namespace present; the browser starts from the translations the HTML brought
 * and fetches a namespace a later page declares. A component whose namespace is not
 * here yet suspends: Remix renders navigations in a transition, so the previous page
 * stays on screen until the words have arrived (lib/preloadNextPage.ts fetches them
 * alongside the page's data, so that is rarely a wait).
 */
import { createContext, createElement, startTransition, useContext, useMemo, useState, type ReactNode } from "react";
import { Catalog, type LoadBundle, type TFunction } from "./catalog";
import { defaultNamespace } from "./config";

interface CatalogState {
  catalog: Catalog;
  /** Moves the page to another language once its words have arrived (the language page's choice). */
  switchLanguage: (language: string) => void;
}

const CatalogContext = createContext<CatalogState | null>(null);

export function CatalogProvider({
  catalog: initial,
  loadBundle,
  children,
}: {
  catalog: Catalog;
  loadBundle?: LoadBundle;
  children: ReactNode;
}) {
  const [catalog, setCatalog] = useState(initial);
  const state = useMemo<CatalogState>(
    () => ({
      catalog,
      switchLanguage(language) {
        if (language === catalog.language) return;
        const next = new Catalog(language, {}, loadBundle);
        // Everything the current page has, in the new language, at once (not one namespace per suspension).
        void next.load(catalog.namespaces());
        startTransition(() => setCatalog(next));
      },
    }),
    [catalog, loadBundle],
  );
  return createElement(CatalogContext.Provider, { value: state }, children);
}

export function useCatalog(): CatalogState {
  const state = useContext(CatalogContext);
  if (!state) throw new Error("useTranslation needs a CatalogProvider (entry.server, entry.client)");
  return state;
}

export function useTranslation(ns?: string | readonly string[]): { t: TFunction; language: string } {
  const { catalog } = useCatalog();
  const list = ns === undefined ? defaultNamespace : typeof ns === "string" ? ns : ns.join(",");
  const t = useMemo(() => catalog.fixedT(list.split(",")), [catalog, list]);
  const namespaces = list.split(",");
  if (!catalog.has(namespaces)) throw catalog.load(namespaces);
  return { t, language: catalog.language };
}

export type { TFunction } from "./catalog";
