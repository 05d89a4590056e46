/**
 * Server-side language detection and translation: `?lng=`, then the `lng`
 * cookie, then Accept-Language, then English.
 */
import type { Cookie } from "@remix-run/node";
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

/** The language of a request, never throwing: a malformed cookie or header falls back to English. */
export async function languageOf(request: Request) {
  try {
    return await languageDetection().server.getLocale(request);
  } catch {
    return fallbackLanguage;
  }
}
