/**
 * Codes that must not break across lines, found in running text: visa codes ("E-9", "G-1-6", "F-2-R", "D-10"),
 * which a browser would otherwise break at their hyphens ("G-1-" / "6"). The page draws each run it finds in an
 * element that does not wrap (`.nowrap`).
 */
const VISA_CODE = /(?<![\p{L}\p{N}-])[A-H]-\d{1,2}(?:-[0-9A-Z]{1,3})*(?![\p{L}\p{N}]|-[\p{L}\p{N}])/gu;
/** What every code starts with: a text without it is one run, without the cost of the Unicode pattern above. */
const MAY_HOLD_A_CODE = /[A-H]-\d/;

/** The text in runs, each a code or the words between codes; joined, they are the text again. */
export function codeRuns(text: string): { text: string; code: boolean }[] {
  if (!MAY_HOLD_A_CODE.test(text)) return text ? [{ text, code: false }] : [];
  const runs: { text: string; code: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(VISA_CODE)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), code: false });
    runs.push({ text: match[0], code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), code: false });
  return runs;
}
