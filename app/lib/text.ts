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

/**
 * What no stored text may hold because the database cannot keep it (decision 0083): a NUL (PostgreSQL's text
 * refuses it, error 22021) and a lone surrogate (no UTF-8 for it). With the `u` flag a surrogate pair is one code
 * point, so only a lone half matches.
 */
const UNSTORABLE = /[\0\uD800-\uDFFF]/u;

/** Whether the database can keep this text as it is. */
export const isStorable = (text: string) => !UNSTORABLE.test(text);

/**
 * The first field of an application/x-www-form-urlencoded text (a query string, a form's body) that does not
 * decode to storable text: a NUL or a lone surrogate, or a percent escape that is not UTF-8 (which a decoder turns
 * into U+FFFD, so the text kept would not be the text sent). Its name ("" when the name is the broken part), or
 * null when every field is good.
 */
export function unstorableField(encoded: string): string | null {
  if (!/%|\0/.test(encoded)) return isStorable(encoded) ? null : "";
  for (const pair of encoded.split("&")) {
    const at = pair.indexOf("=");
    const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    let decodedName: string;
    try {
      decodedName = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      return "";
    }
    if (!isStorable(decodedName)) return "";
    try {
      if (!isStorable(decodeURIComponent(value.replace(/\+/g, " ")))) return decodedName;
    } catch {
      return decodedName;
    }
  }
  return null;
}
