/**
 * Content shown in another language than the page's, because it has no translation
 * in the page's language yet (notices and terms show their Korean original; benefits
 * and offers English, else Korean): one note saying so, the same on every feature,
 * and the marks every block of that content carries (its language and direction),
 * so that screen readers, fonts and line direction treat it as what it is.
 */
import { directionOf } from "~/i18n/config";
import { useTranslation } from "~/i18n/useTranslation";

/** `lang` and `dir` of a block in `code`; nothing for content in the page's own language (null). */
export function languageMarks(code: string | null | undefined): { lang?: string; dir?: "ltr" | "rtl" } {
  return code ? { lang: code, dir: directionOf(code) } : {};
}

/** "Not yet translated into your language. Shown in {{language}}.": `language` named in the page's language. */
export function UntranslatedNote({ language }: { language: string }) {
  const { t } = useTranslation("common");
  return <p className="untranslated">{t("content.untranslated", { language })}</p>;
}
