/** i18next options shared by the server render and the browser. */
import type { InitOptions } from "i18next";
import { defaultNamespace, fallbackLanguage, supportedLanguages } from "./config";

export const i18nOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  // A feature's words are looked up in its namespace, then in the shell's.
  fallbackNS: defaultNamespace,
  // React escapes already.
  interpolation: { escapeValue: false },
  react: {
    // useTranslation(["signup", "auth"]) looks a key up in each, in order.
    nsMode: "fallback",
    // A page whose namespace is not loaded yet suspends instead of showing raw keys.
    // Remix renders navigations in a transition, so the current page stays on screen
    // until the next page's words have arrived (the server and hydration have them all).
    useSuspense: true,
  },
} satisfies InitOptions;
