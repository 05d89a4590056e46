/** The server's i18next options (pages render through catalog.ts, which reads the same resources the same way). */
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
} satisfies InitOptions;
