/**
 * How components get their words: `useTranslation(namespaces)` returns `t` bound to
 * the page's catalog (catalog.ts). The server renders with the request's language,
 * every namespace present; the browser starts from the translations the HTML brought
 * and fetches a namespace a later page declares. A component whose namespace is not
 * here yet suspends: Remix renders navigations in a transition, so the previous page
 * stays on screen until the words have arrived (lib/preloadNextPage.ts fetches them
 * alongside the page's data, so that is rarely a wait).
 */
import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { Catalog, type LoadBundle, type TFunction } from "./catalog";
import { defaultNamespace } from "./config";

interface CatalogState {
  catalog: Catalog;
  /**
   * The catalog of `language`: the current one, or one made once per language with
   * everything the current page has, loading (the language page's choice).
   */
  catalogFor: (language: string) => Catalog;
  /** Keeps `language`'s catalog as the current one (what later pages preload into). */
  switchLanguage: (language: string) => void;
}

const CatalogContext = createContext<CatalogState | null>(null);

/**
 * The page's language, as the root loader says (the `lng` cookie, `?lng=`, the
 * browser's language). Components read their words in it: when the language page's
 * choice changes it, the next page suspends until that language's words are here,
 * and its first render is in the chosen language (never a frame, nor a dialog's
 * words captured then, in the language the visitor left).
 */
const PageLanguageContext = createContext<string | null>(null);

export function PageLanguage({ language, children }: { language: string; children: ReactNode }) {
  return createElement(PageLanguageContext.Provider, { value: language }, children);
}

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
  const others = useRef(new Map<string, Catalog>());
  const state = useMemo<CatalogState>(() => {
    const catalogFor = (language: string) => {
      if (language === catalog.language) return catalog;
      let next = others.current.get(language);
      if (!next) {
        next = new Catalog(language, {}, loadBundle);
        // Everything the current page has, in the new language, at once (not one namespace per suspension).
        void next.load(catalog.namespaces());
        others.current.set(language, next);
      }
      return next;
    };
    return {
      catalog,
      catalogFor,
      switchLanguage(language) {
        if (language === catalog.language) return;
        const next = catalogFor(language);
        startTransition(() => setCatalog(next));
      },
    };
  }, [catalog, loadBundle]);
  return createElement(CatalogContext.Provider, { value: state }, children);
}

export function useCatalog(): CatalogState {
  const state = useContext(CatalogContext);
  if (!state) throw new Error("useTranslation needs a CatalogProvider (entry.server, entry.client)");
  return state;
}

export function useTranslation(ns?: string | readonly string[]): { t: TFunction; language: string } {
  const state = useCatalog();
  const pageLanguage = useContext(PageLanguageContext);
  const catalog = pageLanguage ? state.catalogFor(pageLanguage) : state.catalog;
  const list = ns === undefined ? defaultNamespace : typeof ns === "string" ? ns : ns.join(",");
  const t = useMemo(() => catalog.fixedT(list.split(",")), [catalog, list]);
  const namespaces = list.split(",");
  if (!catalog.has(namespaces)) throw catalog.load(namespaces);
  return { t, language: catalog.language };
}

export type { TFunction } from "./catalog";
