/**
 * Language facts shared by the server and the browser. Kept free of i18next so the
 * server, the client and unit tests can all import it cheaply.
 */
export const supportedLanguages = [
  "bn",
  "en",
  "id",
  "ja",
  "km",
  "ko",
  "ky",
  "mn",
  "my",
  "ne",
  "ru",
  "si",
  "tl",
  "tr",
  "ur",
  "uz",
  "vi",
  "zh-CN",
  "zh-TW",
] as const;

export type Language = (typeof supportedLanguages)[number];

export const fallbackLanguage: Language = "en";

/**
 * Every translation namespace; one JSON file per language and namespace in `locales/`.
 * `common` is the app shell (layouts, titles, navigation, dialogs, the language
 * choice, error pages and the form messages every form shows): the root route
 * declares it, so every page loads it. Each feature has its own namespace, declared
 * in its routes' `handle.i18n` and loaded on those pages only (sign-up pages load
 * `auth` too: they reuse sign-in's ID, password and phone-code fields). `visa` is
 * translated on the server only: loaders send the words (and `terms` where a page
 * without it shows its words: the notice in every layout, the sign-up sheet).
 */
export const namespaces = [
  "common",
  "home",
  "auth",
  "signup",
  "visaFinder",
  "dev",
  "shop",
  "visa",
  "terms",
  "mypage",
  "community",
  "inbox",
  "notices",
  "admin",
  "benefit",
  "exchange",
  "remittance",
  "loan",
  "work",
  "sso",
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace: Namespace = "common";

/** The namespaces a route module's `handle.i18n` names. */
export function namespacesOf(module: { handle?: unknown } | undefined): string[] {
  const declared = (module?.handle as { i18n?: unknown } | undefined)?.i18n;
  if (typeof declared === "string") return [declared];
  return Array.isArray(declared) ? declared.filter((ns): ns is string => typeof ns === "string") : [];
}

const rightToLeft = new Set<Language>(["ur"]);

/**
 * Each language named in its own script. These are names, not translations: they
 * read the same whatever language the page is in, so they live here rather than
 * in the locale files.
 */

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (namespaces as readonly string[]).includes(value);
}

export function directionOf(language: string): "ltr" | "rtl" {
  return rightToLeft.has(language as Language) ? "rtl" : "ltr";
}

/**
 * Maps one BCP 47 tag onto a supported language, or null. Handles what browsers
 * really send: regional variants (ko-KR), Chinese scripts and regions
 * (zh-Hant, zh-HK → zh-TW; zh, zh-Hans, zh-SG → zh-CN) and Filipino (fil → tl).
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const parts = tag.trim().replace(/_/g, "-").toLowerCase().split("-");
  const [primary, ...rest] = parts;
  if (!primary || !/^[a-z]{2,3}$/.test(primary)) return null;
  if (primary === "zh") {
    const traditional = rest.some((p) => p === "hant" || p === "tw" || p === "hk" || p === "mo");
    return traditional ? "zh-TW" : "zh-CN";
  }
  if (primary === "fil") return "tl";
  return isSupportedLanguage(primary) ? primary : null;
}

/**
 * Picks the best supported language from an Accept-Language header. Malformed
 * entries are skipped rather than rejected: a bad header must never break a page.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const entries = header
    .slice(0, 1024)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of entries) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return null;
}
