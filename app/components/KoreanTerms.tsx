import { useTranslation } from "~/i18n/useTranslation";
import { isolatesKoreanTerms, koreanTermClass, koreanTermRuns } from "~/lib/koreanTerms";

/**
 * A text that may quote a Korean term, as the bank or the form writes it ("بنیادی شرح (매매기준율)"): outside Korean
 * text each term is its own left-to-right isolate in Korean (`ko-term`, lib/koreanTerms.ts), brackets included,
 * which the line never breaks inside. In right-to-left text the term then reads as written, its brackets the right
 * way round, and never splits across lines; elsewhere it only keeps together and is read out in Korean. A Korean
 * text is drawn as it is. No character is added.
 *
 * `lang`: the text's language when it is not the page's (content shown in English or in the Korean original on
 * another page); UI strings leave it out.
 */
export function KoreanTerms({ children: text, lang }: { children: string; lang?: string | null }) {
  const { language } = useTranslation();
  if (!isolatesKoreanTerms(lang ?? language)) return text;
  const runs = koreanTermRuns(text);
  if (!runs.some((run) => run.term)) return text;
  return runs.map((run, i) =>
    run.term ? (
      <bdi key={i} lang="ko" dir="ltr" className={koreanTermClass(run.term)}>
        {run.text}
      </bdi>
    ) : (
      run.text
    ),
  );
}
