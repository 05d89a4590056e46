/**
 * Numbers as members type them, in their language's habit, and back in words (issue 40, decision 0092).
 *
 * The app writes every figure in spec §9's one style, comma groups and a decimal point ("1,234,567.5"); members
 * type as they learnt to. Where a language groups with dots (vi, id, tr) or spaces (ru, ky, uz) and writes a
 * decimal comma, "1.000.000", "1 000 000" and "5,5" are read too, and the app's own "1,000,000.50" always is.
 * One rule settles the only ambiguous case, a single dot or comma followed by exactly three digits: a group
 * separator ("1.000" is a thousand in Vietnamese), unless the field takes no groups (a rate in percent).
 *
 * Plain TypeScript for the server (the authority: money.ts reads every amount through it) and for the page's
 * live echo, so the browser shows what the server will understand.
 */

/**
 * Zeros of the decimal digits of the scripts our members write in; full-width and other compatibility digits
 * become ASCII through NFKC first.
 */
const DIGIT_ZEROS = [
  0x0660, // Arabic-Indic
  0x06f0, // Extended Arabic-Indic (Urdu, Persian)
  0x0966, // Devanagari (Nepali)
  0x09e6, // Bengali
  0x0de6, // Sinhala Lith
  0x0e50, // Thai
  0x1040, // Myanmar
  0x17e0, // Khmer
  0x1810, // Mongolian
];

/**
 * `text` with every digit of those scripts as its ASCII digit, the Arabic thousands and decimal marks as "," and
 * ".", the minus sign as "-", and NFKC's plain space for a no-break, narrow or thin one: a member typing ۱۲۳۴ or
 * १,००० is read (and said back) as 1234 and 1,000. Anything else is left for the reader to refuse.
 */
export function latinDigits(text: string): string {
  let out = "";
  for (const char of text.normalize("NFKC")) {
    const code = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    out += zero === undefined ? char : String(code - zero);
  }
  return out
    .replace(/\u066c/g, ",")
    .replace(/\u066b/g, ".")
    .replace(/\u2212/g, "-");
}

/** A run of digits (of any script) and group or decimal marks: a too long one is a number too large, not garbage. */
export const LONG_RUN = /^[-\u2212]?[\p{Nd},.\s\u066b\u066c]+$/u;

/** A language's way of writing numbers, beside the app's own (comma groups, decimal point). */
export type NumberHabit = "comma" | "dot" | "space";

const HABITS: Record<string, NumberHabit> = { vi: "dot", id: "dot", tr: "dot", ru: "space", ky: "space", uz: "space" };

export function numberHabit(lng: string | null | undefined): NumberHabit {
  return HABITS[lng ?? ""] ?? "comma";
}

/**
 * The group separators and decimal marks a language's members may use. Spaces group everywhere (as before);
 * a decimal comma only where the language writes one; dot groups only where the language groups that way.
 */
function marks(habit: NumberHabit): { groups: string; decimals: string } {
  if (habit === "dot") return { groups: ". ,", decimals: ".," };
  if (habit === "space") return { groups: " ,", decimals: ".," };
  return { groups: ", ", decimals: "." };
}

/**
 * `text` (trimmed; digits of any script in DIGIT_ZEROS) as plain "-?digits(.digits)?" in ASCII, or null when it is
 * not a number in `lng`'s habit or the app's style. `groups: false`: a field that never needs groups (a rate below 100), whose
 * one dot or comma is its decimal mark.
 */
export function canonicalNumber(text: string, lng?: string | null, options: { groups?: boolean } = {}): string | null {
  const match = /^(-?)(\d[\d., ]*)$/.exec(latinDigits(text));
  if (!match) return null;
  const [, sign = "", body = ""] = match;
  if (/[., ]$/.test(body) || /[., ]{2}/.test(body)) return null;
  const { groups, decimals } = marks(numberHabit(lng));
  let whole = body;
  let fraction = "";
  const at = Math.max(body.lastIndexOf("."), body.lastIndexOf(","));
  if (at > 0) {
    const mark = body[at] as string;
    const after = body.slice(at + 1);
    const before = body.slice(0, at);
    const once = !before.includes(mark);
    const grouped = /[., ]/.test(before);
    const canGroup = groups.includes(mark) && options.groups !== false;
    if (decimals.includes(mark) && once && !after.includes(" ") && (!canGroup || grouped || after.length !== 3)) {
      whole = before;
      fraction = after;
    }
  }
  if (/[., ]/.test(whole)) {
    const separator = /[., ]/.exec(whole)![0];
    if (!groups.includes(separator) || options.groups === false) return null;
    const parts = whole.split(separator);
    if (!/^\d{1,3}$/.test(parts[0]!) || parts.slice(1).some((part) => !/^\d{3}$/.test(part))) return null;
    whole = parts.join("");
  }
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** "1234567.5" → "1,234,567.5": the app's style (spec §9), on digit strings. */
export function groupDigits(canonical: string): string {
  const [whole = "", fraction] = canonical.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * How much of a number field a page keeps to show again: everything typed (a request line is bounded long
 * before this), so a refusal of 10,000 digits still shows them.
 */
export const TYPED_MAX = 20_000;

/** What was read in a number field: the value in the app's style, or how many digits a too long one has. */
export type ReadBack = { value: string } | { digits: number };

/**
 * What the app read in a number field, to repeat beside a refusal: the value in the app's style, or (for a
 * run of digits too long to be an amount) how many digits it has; null when nothing was read as a number.
 */
export function readBack(text: string, lng?: string | null, options: { groups?: boolean } = {}): ReadBack | null {
  const trimmed = latinDigits(text).trim();
  if (trimmed.length > 40 && LONG_RUN.test(trimmed)) return { digits: trimmed.replace(/\D/g, "").length };
  const canonical = canonicalNumber(trimmed, lng, options);
  return canonical === null ? null : { value: groupDigits(canonical) };
}

/**
 * Live grouping as a member types: digits (with the app's commas, and a decimal point) regrouped, the caret
 * kept after the same digit. Anything else is left as typed: a member's own dots or spaces, and where `lng`
 * writes a decimal comma, a comma followed by fewer than three digits (a decimal being typed) or a dot.
 */
export function regroupAsTyped(
  value: string,
  caret: number,
  lng?: string | null,
): { value: string; caret: number } | null {
  if (!/^[\d,]*(\.\d*)?$/.test(value) || !/\d/.test(value)) return null;
  if (numberHabit(lng) !== "comma" && (/,\d{0,2}(?!\d)/.test(value) || value.includes("."))) return null;
  const [whole = "", fraction] = value.split(".");
  const digits = whole.replace(/,/g, "").replace(/^0+(?=\d)/, "");
  const regrouped = groupDigits(digits) + (fraction === undefined ? "" : `.${fraction}`);
  // The caret goes after as many digits (and the point) as were before it.
  const wanted = value.slice(0, caret).replace(/,/g, "").length;
  let seen = 0;
  let position = 0;
  while (position < regrouped.length && seen < wanted) {
    if (regrouped[position] !== ",") seen += 1;
    position += 1;
  }
  return { value: regrouped, caret: position };
}

/** The myriad units of Korean, Japanese and Chinese (10^4, 10^8, 10^12) and whether words take a space. */
const MYRIADS: Record<string, { units: [string, string, string]; spaced: boolean }> = {
  ko: { units: ["만", "억", "조"], spaced: true },
  ja: { units: ["万", "億", "兆"], spaced: false },
  "zh-CN": { units: ["万", "亿", "万亿"], spaced: false },
  "zh-TW": { units: ["萬", "億", "兆"], spaced: false },
};

/** Nepali's lakh and crore (CLDR's compact forms for ne are off by ten from a million up). */
const NEPALI: [bigint, string][] = [
  [10n ** 11n, "खरब"],
  [10n ** 9n, "अरब"],
  [10n ** 7n, "करोड"],
  [10n ** 5n, "लाख"],
  [10n ** 3n, "हजार"],
];

function myriadWords(whole: bigint, lng: string): string {
  const { units, spaced } = MYRIADS[lng]!;
  const words: string[] = [];
  let rest = whole;
  for (let index = 2; index >= 0; index--) {
    const scale = 10n ** BigInt(4 * (index + 1));
    const count = rest / scale;
    if (count > 0n) words.push(`${groupDigits(String(count))}${units[index]}`);
    rest %= scale;
  }
  if (rest > 0n) words.push(groupDigits(String(rest)));
  return words.join(spaced ? " " : "");
}

/** `units / 10^scale` to four significant digits, in the app's style, marked "≈ " when not exact. */
function shortFigure(whole: bigint, scale: bigint): string {
  const rounded = Number((Number(whole) / Number(scale)).toPrecision(4));
  return `${fourDigits(whole) ? "" : "≈ "}${groupDigits(String(rounded))}`;
}

/** Whether four significant digits say the whole number exactly. */
const fourDigits = (whole: bigint) => String(whole).replace(/0+$/, "").length <= 4;

/** Each language's long compact format, made once (its first costs ICU's data; an unknown tag has none). */
const compactFormats = new Map<string, Intl.NumberFormat | null>();

function compactFormat(lng: string): Intl.NumberFormat | null {
  let format = compactFormats.get(lng);
  if (format !== undefined) return format;
  try {
    format = new Intl.NumberFormat(lng, {
      notation: "compact",
      compactDisplay: "long",
      maximumSignificantDigits: 4,
      numberingSystem: "latn",
    });
  } catch {
    format = null;
  }
  // The app's languages: a few dozen at most, kept for the life of the page (or the process).
  if (compactFormats.size < 64) compactFormats.set(lng, format);
  return format;
}

/**
 * An amount in words, for the echo under a money field: "1,234만 5,678" in Korean (exact, in 만/억/조, the same
 * in Japanese and Chinese with their units), "≈ 12.35 million" elsewhere (CLDR's long compact forms through
 * Intl, figures in the app's style). Null below 10,000 (the digits say it) or when `canonical` is no amount.
 */
export function amountInWords(canonical: string | null, lng: string): string | null {
  if (!canonical || !/^\d{1,19}(\.\d+)?$/.test(canonical)) return null;
  const whole = BigInt(canonical.split(".")[0]!);
  if (whole < 10_000n) return null;
  if (MYRIADS[lng]) return myriadWords(whole, lng);
  if (lng === "ne") {
    const [scale, word] = NEPALI.find(([size]) => whole >= size)!;
    return `${shortFigure(whole, scale)} ${word}`;
  }
  const format = compactFormat(lng);
  if (!format) return null;
  const parts = format.formatToParts(Number(whole));
  const text = parts
    .map((part) => (part.type === "decimal" ? "." : part.type === "group" ? "," : part.value))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return `${fourDigits(whole) ? "" : "≈ "}${text}`;
}
