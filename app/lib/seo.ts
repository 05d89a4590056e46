/**
 * What a public page tells search engines and link previews, from one set of facts
 * its loader gives (`seo`, made by app/seo/seo.server.ts `pageSeo`) and the root's
 * head renders (components/PageHead.tsx): the canonical address of the page in its
 * language, the same page in every language (`hreflang`) and an `x-default` that
 * lets the visitor's own language be chosen, a description and Open Graph tags.
 *
 * A page's language is in its URL as `?lng=` (app/i18n: the query wins over the
 * cookie and Accept-Language), so each language of a page is its own address, and
 * every link named here is one of those canonical addresses: `x-default` too is the
 * fallback language's (English: what the address without `lng` shows a crawler that
 * names no language, and names as its canonical), never the adapting address, whose
 * canonical is another (decision 0084). The path is the route's own spelling (the
 * server redirects any other). Addresses use the configured public origin, never the
 * request's Host (decision 0053).
 */
import { fallbackLanguage, supportedLanguages } from "~/i18n/config";

export interface PageSeo {
  /** The public origin (https://app.example.com). */
  origin: string;
  path: string;
  /** The query parameters that name the content (itemCd, a page's cursor), in order; never `lng`. */
  query: [string, string][];
  language: string;
  /** Null: the page's title from its handle. */
  title: string | null;
  /** Null: the handle's description (the app's when it has none). */
  description: string | null;
  type: "website" | "article";
  /** Open Graph's locale (language_TERRITORY): looked up by the server, so its table is not in every page's script. */
  ogLocale: string;
}

/** What names a page: where it is, and in which language. */
export type PageAddress = Pick<PageSeo, "origin" | "path" | "query" | "language">;

const href = (seo: PageAddress, language: string) => {
  const params = new URLSearchParams(seo.query);
  params.set("lng", language);
  return `${seo.origin}${seo.path}?${params.toString()}`;
};

export interface SeoLinks {
  canonical: string;
  /** Every language's address, then `x-default`. */
  alternates: { hreflang: string; href: string }[];
}

export function seoLinks(seo: PageAddress): SeoLinks {
  return {
    canonical: href(seo, seo.language),
    alternates: [
      ...supportedLanguages.map((language) => ({ hreflang: language, href: href(seo, language) })),
      { hreflang: "x-default", href: href(seo, fallbackLanguage) },
    ],
  };
}
