/** i18next options shared by the server render and the browser. */
import type { InitOptions } from "i18next";
import { defaultNamespace, fallbackLanguage, supportedLanguages } from "./config";

export const i18nOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  // React escapes already.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} satisfies InitOptions;
