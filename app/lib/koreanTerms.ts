/**
 * Korean terms quoted in another language's text ("بنیادی شرح (매매기준율)"), found in running text (decisions 0097,
 * 0103): each run of Hangul words (spaces and a middle dot between them), with its brackets when it has both. The
 * page draws each run as its own left-to-right isolate in Korean that does not break (`.ko-term`), so that in
 * right-to-left text its brackets read the right way round and it never splits across lines. A long run (a Korean
 * address or sentence quoted whole) stays one isolate but may wrap (`ko-term--long`), so a phone's line holds it.
 * Used by the UI strings' component (components/KoreanTerms.tsx) and the notices' Markdown (notices/markdown.server.ts).
 */

/** Hangul (syllables, jamo, compatibility jamo). */
const H = "\\u1100-\\u11FF\\u3130-\\u318F\\uAC00-\\uD7A3";
const TERM = new RegExp(`\\([${H}](?:[${H} ·]*[${H}])?\\)|[${H}](?:[${H} ·]*[${H}])?`, "gu");

/** A term longer than this (in characters) may wrap inside its isolate. */
export const KOREAN_TERM_UNBROKEN_MAX = 16;

export interface KoreanTermRun {
  text: string;
  /** null: the words around the terms; else the term and whether it is too long to keep on one line. */
  term: null | { long: boolean };
}

/** The text in runs, each a Korean term or the words between terms; joined, they are the text again. */
export function koreanTermRuns(text: string): KoreanTermRun[] {
  const runs: KoreanTermRun[] = [];
  let last = 0;
  for (const match of text.matchAll(TERM)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), term: null });
    runs.push({ text: match[0], term: { long: match[0].length > KOREAN_TERM_UNBROKEN_MAX } });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), term: null });
  return runs;
}

/**
 * Whether a text in `language` has its Korean terms isolated: every language but Korean (a Korean text is Korean
 * throughout and is drawn as it is).
 */
export const isolatesKoreanTerms = (language: string) => language !== "ko";

/** The class of a term's isolate. */
export const koreanTermClass = (run: { long: boolean }) => (run.long ? "ko-term ko-term--long" : "ko-term");
