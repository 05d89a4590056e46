/**
 * The per-language text rules every content kind shares: an item's texts are kept by language code, Korean (the
 * original) always there; a page shows the text in its own language, else English, else the Korean original,
 * marked with its language. The one fallback chain of every translated piece of content: benefits, offers, loan
 * products, notices (list, page, the home page's pinned line) and the inbox's notice lines.
 */
import { languagesNamedIn } from "~/i18n/displayNames.server";

/** The languages a text is looked for in, in order: the page's, then English, then the Korean original. */
export function textLanguages(lng: string): string[] {
  return [...new Set([lng, "en", "ko"])];
}

/** The language a text is shown in when it is not the page's: its code and its name in the page's language. */
export interface ShownIn {
  code: string;
  name: string;
}

/**
 * The item's text in the first of those languages it has, and that language (null when it is the page's). Works
 * on whole texts (`{ title, body }` by language) and on single strings (a notice's titles by language) alike.
 */
export function textIn<Text>(
  translations: Record<string, Text>,
  lng: string,
): { text: Text; lang: ShownIn | null } | null {
  for (const code of textLanguages(lng)) {
    const text = translations[code];
    if (text) return { text, lang: code === lng ? null : { code, name: languagesNamedIn([code], lng) ?? code } };
  }
  return null;
}

/** The check a kind adds to its schema (ContentKind.check): the Korean original is there. */
export function koreanProblem(item: { translations: Record<string, unknown> }): string | null {
  return item.translations.ko ? null : "errors.form.koreanOriginal";
}
