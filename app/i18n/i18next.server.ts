/**
 * Server-side language detection and translation: `?lng=`, then the `lng`
 * cookie, then Accept-Language, then English.
 */
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { defaultNamespace, fallbackLanguage, languageFromAcceptLanguage, supportedLanguages } from "./config";
import { allResources } from "./resources.server";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: Boolean(process.env.PUBLIC_ORIGIN),
  maxAge: 60 * 60 * 24 * 365,
});

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
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

/** The language of a request, never throwing: a malformed cookie or header falls back to English. */
export async function languageOf(request: Request) {
  try {
    return await i18nServer.getLocale(request);
  } catch {
    return fallbackLanguage;
  }
}
