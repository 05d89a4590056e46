import { useTranslation } from "~/i18n/useTranslation";

/** Hangul (syllables, jamo, compatibility jamo). */
const H = "\\u1100-\\u11FF\\u3130-\\u318F\\uAC00-\\uD7A3";
/** A Korean term: Hangul words (spaces and a middle dot between them), with the brackets around it when it has them. */
const TERM = new RegExp(`(\\([${H}](?:[${H} ·]*[${H}])?\\)|[${H}](?:[${H} ·]*[${H}])?)`, "u");

/**
 * A translated text that may quote a Korean term, as the bank or the form writes it ("بنیادی شرح (매매기준율)"):
 * outside Korean pages each term is its own left-to-right isolate in Korean (`ko-term`), brackets included, which
 * the line never breaks inside. In right-to-left text the term then reads as written, its brackets the right way
 * round, and never splits across lines; elsewhere it only keeps together and is read out in Korean. On a Korean
 * page the text is Korean throughout and is drawn as it is. No character is added.
 */
export function KoreanTerms({ children: text }: { children: string }) {
  const { language } = useTranslation();
  if (language === "ko" || !TERM.test(text)) return text;
  return text.split(TERM).map((part, i) =>
    i % 2 ? (
      <bdi key={i} lang="ko" dir="ltr" className="ko-term">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}
