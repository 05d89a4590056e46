/**
 * Choosing a language: the form on /language and /nLanguage. The choice is kept
 * in the `lng` cookie and the visitor goes back to where they came from
 * (same-origin only).
 */
import { redirect } from "@remix-run/node";
import { readForm, refuseChoice } from "~/forms/form.server";
import { safeRedirectWith } from "~/lib/safeRedirect";
import { directionOf, isSupportedLanguage, type Language } from "./config";
import { languageCookie, languageOf } from "./i18next.server";

/** The page to return to, without a `?lng=` that would override the new choice. */
export function returnPath(target: unknown): string {
  return safeRedirectWith(target, { lng: null });
}

/**
 * Where the choice returns to: the `redirectTo` parameter, else the page the
 * visitor came from when the Referer names a page of this site, else home.
 */
function cameFrom(request: Request): string | null {
  const url = new URL(request.url);
  const explicit = url.searchParams.get("redirectTo");
  if (explicit !== null) return explicit;
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== url.host || /^\/n?[Ll]anguage\/?$/.test(from.pathname)) return null;
    return `${from.pathname}${from.search}`;
  } catch {
    return null;
  }
}

/** Each language's name in its own script. */
export const languageNames: Record<Language, string> = {
  bn: "বাংলা",
  en: "English",
  id: "Bahasa Indonesia",
  ja: "日本語",
  km: "ភាសាខ្មែរ",
  ko: "한국어",
  ky: "Кыргызча",
  mn: "Монгол",
  my: "မြန်မာဘာသာ",
  ne: "नेपाली",
  ru: "Русский",
  si: "සිංහල",
  tl: "Tagalog",
  tr: "Türkçe",
  ur: "اردو",
  uz: "Oʻzbekcha",
  vi: "Tiếng Việt",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
};

/** Each language's name in English, beside its own name in the picker (for helpers and the unsure). */
export const englishNames: Record<Language, string> = {
  bn: "Bengali",
  en: "English",
  id: "Indonesian",
  ja: "Japanese",
  km: "Khmer",
  ko: "Korean",
  ky: "Kyrgyz",
  mn: "Mongolian",
  my: "Burmese",
  ne: "Nepali",
  ru: "Russian",
  si: "Sinhala",
  tl: "Filipino",
  tr: "Turkish",
  ur: "Urdu",
  uz: "Uzbek",
  vi: "Vietnamese",
  "zh-CN": "Chinese (Simplified)",
  "zh-TW": "Chinese (Traditional)",
};

/**
 * The picker's order: the languages of the largest groups of residents first.
 * Approximate, from the Ministry of Justice's monthly statistics on foreign
 * residents by nationality (체류외국인 통계, 2025), mapped to the app's languages:
 * Chinese (China, Korean-Chinese), Vietnamese, Korean (read by many F-4 and F-6
 * residents, and the language of phones bought here), English (the United States,
 * Canada, and a common second language), Russian (Russia, Kazakhstan and much of
 * Central Asia), Uzbek, Nepali, Khmer, Indonesian, Filipino, Mongolian, Burmese,
 * Sinhala, Bengali, Kyrgyz, Japanese, Chinese (Taiwan), Urdu, Turkish. The
 * visitor's detected language goes on top of it (LanguagePicker).
 */
export const pickerOrder: readonly Language[] = [
  "zh-CN",
  "vi",
  "ko",
  "en",
  "ru",
  "uz",
  "ne",
  "km",
  "id",
  "tl",
  "mn",
  "my",
  "si",
  "bn",
  "ky",
  "ja",
  "zh-TW",
  "ur",
  "tr",
];

/** A language as the picker lists it: its own name, its English name, the direction of its script. */
export interface LanguageOption {
  code: Language;
  name: string;
  english: string;
  dir: "ltr" | "rtl";
}

/** The picker's list: `current` (the detected or chosen language) on top, then `pickerOrder`. */
export function languageOptions(current: string): LanguageOption[] {
  const order = [...pickerOrder].sort((a, b) => Number(b === current) - Number(a === current));
  return order.map((code) => ({
    code,
    name: languageNames[code],
    english: englishNames[code],
    dir: directionOf(code),
  }));
}

export async function languagePageData(request: Request) {
  const current = await languageOf(request);
  return {
    current,
    options: languageOptions(current),
    chosen: Boolean(
      await languageCookie()
        .parse(request.headers.get("Cookie"))
        .catch(() => null),
    ),
    redirectTo: returnPath(cameFrom(request)),
  };
}

/**
 * The language pages' action: the chosen language kept in its cookie and the visitor sent back where they came
 * from; a language the app does not have is refused (the page says so and keeps the way back).
 */
export async function languageChoiceAction(request: Request) {
  const form = await readForm(request);
  const lng = form.get("lng");
  const redirectTo = returnPath(form.get("redirectTo"));
  if (!isSupportedLanguage(lng)) return refuseChoice("unknownLanguage", { redirectTo });
  return redirect(redirectTo, { headers: { "Set-Cookie": await languageCookie().serialize(lng) } });
}

/** True when the visitor has chosen a language (cookie) or names one in the URL. */
export async function hasChosenLanguage(request: Request) {
  if (new URL(request.url).searchParams.has("lng")) return true;
  const chosen = await languageCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return isSupportedLanguage(chosen);
}
