/**
 * The characters no content text may hold, one definition for every kind (notices,
 * benefits and offers, terms, and members' text in the community): C0 and C1 control
 * characters but the tab and the line break; the bidirectional marks, embeddings,
 * overrides and isolates (which can disguise a link or reverse a line); the line and
 * paragraph separators; the word joiner and invisible operators; the byte-order mark.
 * Zero-width joiners, non-joiners and spaces are not among them: Sinhala, Urdu, Khmer
 * and Burmese are written with them. The content schemas refuse a text that holds one
 * (benefits, terms); notices and the community remove them (community/text.ts).
 */
const UNWANTED_CLASS =
  "\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF";

/** One of the unwanted characters (test with it; it keeps no state). */
export const UNWANTED_CHARACTER = new RegExp(`[${UNWANTED_CLASS}]`);

/** Every unwanted character, and those `also` names (a character class's contents), to remove them all. */
export const unwantedCharacters = (also = "") => new RegExp(`[${UNWANTED_CLASS}${also}]`, "g");

/** The text as written: NFC, Unix line breaks, trimmed (what every content schema stores or refuses). */
export const normalizedText = (value: string) => value.normalize("NFC").replace(/\r\n?/g, "\n").trim();
