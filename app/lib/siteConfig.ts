/**
 * The site configuration the browser keeps in local storage (spec §3), with the
 * spec's defaults. Reading never throws: malformed or partial JSON falls back to
 * the defaults field by field. Its code is loaded when it is used (a tap, an idle
 * moment), not with the page: callers pass today's date (lib/format.ts
 * `formatDate`), so this module needs nothing the page's own chunks hold.
 */
import footerLogo from "~/assets/logo-footer.svg";
import mainLogo from "~/assets/logo.svg";

export interface LogoImage {
  logoData: string;
  date: string;
}

export interface SiteConfig {
  mainLogoImg: LogoImage;
  footerLogoImg: LogoImage;
  langCd: string;
  isLangSelect: boolean;
  isLangReload: boolean;
  /** yyyy-mm-dd of the day the today-popup was hidden, or "". */
  toDayPopup: string;
  isToDayPopup: boolean;
  visaList: unknown[];
  visaSubList: unknown[];
}

export const SITE_CONFIG_KEY = "siteConfig";

export function defaultSiteConfig(): SiteConfig {
  return {
    mainLogoImg: { logoData: mainLogo, date: "" },
    footerLogoImg: { logoData: footerLogo, date: "" },
    langCd: "en",
    isLangSelect: false,
    isLangReload: false,
    toDayPopup: "",
    isToDayPopup: false,
    visaList: [],
    visaSubList: [],
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function logo(value: unknown, fallback: LogoImage): LogoImage {
  if (!isRecord(value)) return fallback;
  return {
    logoData: typeof value.logoData === "string" ? value.logoData : fallback.logoData,
    date: typeof value.date === "string" ? value.date : fallback.date,
  };
}

export function parseSiteConfig(raw: string | null | undefined): SiteConfig {
  const defaults = defaultSiteConfig();
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    return defaults;
  }
  if (!isRecord(stored)) return defaults;
  const str = (key: "langCd" | "toDayPopup") =>
    typeof stored[key] === "string" ? (stored[key] as string) : defaults[key];
  const bool = (key: "isLangSelect" | "isLangReload" | "isToDayPopup") =>
    typeof stored[key] === "boolean" ? (stored[key] as boolean) : defaults[key];
  const list = (key: "visaList" | "visaSubList") => (Array.isArray(stored[key]) ? (stored[key] as unknown[]) : []);
  return {
    mainLogoImg: logo(stored.mainLogoImg, defaults.mainLogoImg),
    footerLogoImg: logo(stored.footerLogoImg, defaults.footerLogoImg),
    langCd: str("langCd"),
    isLangSelect: bool("isLangSelect"),
    isLangReload: bool("isLangReload"),
    toDayPopup: /^\d{4}-\d{2}-\d{2}$/.test(str("toDayPopup")) ? str("toDayPopup") : "",
    isToDayPopup: bool("isToDayPopup"),
    visaList: list("visaList"),
    visaSubList: list("visaSubList"),
  };
}

/** The today-popup flag only holds on the day it was set: a new day brings the popup back. */
export function withTodayPopupChecked(config: SiteConfig, today: string): SiteConfig {
  return config.isToDayPopup && config.toDayPopup !== today ? { ...config, isToDayPopup: false } : config;
}

/** On: remember today and mark the popup hidden. Off: clear both. */
export function setTodayPopup(config: SiteConfig, on: boolean, today: string): SiteConfig {
  return on ? { ...config, toDayPopup: today, isToDayPopup: true } : { ...config, toDayPopup: "", isToDayPopup: false };
}

export function selectLanguage(config: SiteConfig, language: string): SiteConfig {
  return { ...config, langCd: language, isLangSelect: true };
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/** The stored configuration as of `today` (yyyy-mm-dd in Korea). */
export function readSiteConfig(storage: KeyValueStorage, today: string): SiteConfig {
  let raw: string | null = null;
  try {
    raw = storage.getItem(SITE_CONFIG_KEY);
  } catch {
    // Storage can be disabled (private mode, policies): behave as on a first visit.
  }
  return withTodayPopupChecked(parseSiteConfig(raw), today);
}

export function writeSiteConfig(storage: KeyValueStorage, config: SiteConfig): boolean {
  try {
    storage.setItem(SITE_CONFIG_KEY, JSON.stringify(config));
    return true;
  } catch {
    return false;
  }
}

export function updateSiteConfig(storage: KeyValueStorage, change: (config: SiteConfig) => SiteConfig, today: string) {
  const next = change(readSiteConfig(storage, today));
  writeSiteConfig(storage, next);
  return next;
}
