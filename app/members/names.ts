/**
 * A member's name as they typed it, made safe to show anywhere: composed (NFC),
 * runs of whitespace of any script turned into one space, and invisible
 * formatting characters removed: bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) and marks, zero-width spaces, word
 * joiners and byte-order marks. Zero-width joiners and non-joiners stay where
 * they join two letters: Sinhala, Devanagari, Urdu and Persian names need them.
 */

/** Unicode "format" characters (Cf) except ZWNJ and ZWJ, which are judged by their neighbours. */
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}/gu;
/** Several joiners in a row say no more than the first. */
const JOINER_RUN = /([\u200c\u200d])[\u200c\u200d]+/gu;
/** A joiner with a letter or mark on both sides is part of the name; anywhere else it is invisible noise. */
const STRAY_JOINER = /(?<![\p{L}\p{M}])[\u200c\u200d]|[\u200c\u200d](?![\p{L}\p{M}])/gu;

export function cleanName(input: string): string {
  return input
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(JOINER_RUN, "$1")
    .replace(STRAY_JOINER, "")
    .replace(/\s+/gu, " ")
    .trim();
}

export type NameProblem = "nameBlank" | "nameLength" | "nameCharacters";

export const NAME_MAX_LENGTH = 50;

/** What is wrong with a cleaned name, if anything. */
export function nameProblem(name: string): NameProblem | null {
  if (name.length === 0) return "nameBlank";
  if ([...name].length > NAME_MAX_LENGTH) return "nameLength";
  // Control characters, private-use and unassigned code points, and markup brackets have no place in a name.
  if (/[\p{Cc}\p{Co}\p{Cn}\p{Cs}<>]/u.test(name)) return "nameCharacters";
  return null;
}
