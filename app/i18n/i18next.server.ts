/**
 * Server-side language detection and translation: `?lng=`, then the `lng`
 * cookie, then Accept-Language, then English.
 */
import type { Cookie } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { RemixI18Next } from "remix-i18next/server";
import { appCookie } from "~/infra/cookies.server";
import { processConfig } from "~/infra/config.server";
import { defaultNamespace, fallbackLanguage, languageFromAcceptLanguage, supportedLanguages } from "./config";
import { allResources } from "./resources.server";

let made: { cookie: Cookie; server: RemixI18Next } | undefined;

/** Made on first use, not at import: the configuration is read once the server has started. */
function languageDetection() {
  if (made) return made;
  const cookie = appCookie(processConfig(), "lng", { maxAgeS: 60 * 60 * 24 * 365 });
  const server = new RemixI18Next({
    detection: {
      supportedLanguages: [...supportedLanguages],
      fallbackLanguage,
      cookie,
      // Our own Accept-Language step: it maps zh-Hant/zh-HK to zh-TW and fil to tl,
      // and skips malformed entries instead of failing.
      order: ["searchParams", "cookie", "custom"],
      findLocale: async (request) => languageFromAcceptLanguage(request.headers.get("Accept-Language")),
    },
    i18next: {
      get resources() {
        return allResources();
      },
      fallbackLng: fallbackLanguage,
      defaultNS: defaultNamespace,
      interpolation: { escapeValue: false },
    },
  });
  return (made = { cookie, server });
}

/** The `lng` cookie: the language a visitor chose. */
export const languageCookie = () => languageDetection().cookie;

/**
 * Languages detected, by what detection reads: the address's `?lng=`, the Cookie header and Accept-Language. A page's
 * loaders each ask, and a browser sends the same headers on every page: detecting parses the cookie and the
 * language list again each time.
 */
const detected = new LRUCache<string, string>({
  max: 2_000,
  // Bounded in bytes too: a key holds the whole Cookie header (UTF-16 in memory).
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_lng, key) => key.length * 2 + 64,
});
/** Longer headers are detected, not kept. */
const MAX_KEY = 8192;

/** The language of a request, never throwing: a malformed cookie or header falls back to English. */
export async function languageOf(request: Request) {
  const query = request.url.indexOf("?");
  const named = query < 0 ? "" : (new URL(request.url).searchParams.get("lng") ?? "");
  const key = `${named}\n${request.headers.get("Cookie") ?? ""}\n${request.headers.get("Accept-Language") ?? ""}`;
  const known = detected.get(key);
  if (known) return known;
  let lng: string;
  try {
    lng = await languageDetection().server.getLocale(request);
  } catch {
    lng = fallbackLanguage;
  }
  if (key.length <= MAX_KEY) detected.set(key, lng);
  return lng;
}
