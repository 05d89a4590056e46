/**
 * Records a chosen language in the site config (langCd, isLangSelect: spec §3-4)
 * when the visitor taps one. The config's code is fetched then, not with the page.
 */
import { formatDate } from "./format";

export function rememberLanguage(language: string) {
  const today = formatDate(new Date());
  void import("./siteConfig").then(
    ({ selectLanguage, updateSiteConfig }) =>
      updateSiteConfig(window.localStorage, (config) => selectLanguage(config, language), today),
    // Offline: the cookie the form sets still carries the choice.
    () => undefined,
  );
}
