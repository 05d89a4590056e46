/**
 * Phone numbers as members type them ("010-1234-5678", "+84 90 123 4567"),
 * normalised to E.164 with libphonenumber's full metadata. Korean numbers are
 * the default; numbers of other countries are accepted when written with their
 * country code. Only numbers that can receive SMS (mobile) are accepted.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export type PhoneProblem = "malformed" | "notMobile";

export function normalizePhoneNumber(
  input: string,
  defaultCountry: "KR" = "KR",
): { ok: true; e164: string; country: string | undefined } | { ok: false; problem: PhoneProblem } {
  const cleaned = input.trim();
  if (cleaned.length === 0 || cleaned.length > 32 || !/^[+\d\s().-]+$/.test(cleaned)) {
    return { ok: false, problem: "malformed" };
  }
  const parsed = parsePhoneNumberFromString(cleaned, defaultCountry);
  if (!parsed || !parsed.isValid()) return { ok: false, problem: "malformed" };
  const type = parsed.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return { ok: false, problem: "notMobile" };
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/**
 * A number as its owner writes it, with the middle hidden: enough to recognise,
 * not to copy. Korean numbers in national format ("010-****-5678"), others in
 * international format with the country code kept ("+977 ***-***5678").
 */
export function maskPhoneNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164.length > 8 ? `${e164.slice(0, 3)}${"*".repeat(e164.length - 7)}${e164.slice(-4)}` : e164;
  const national = parsed.country === "KR";
  const written = national ? parsed.formatNational() : parsed.formatInternational();
  // Digits shown at the start: Korea's "010"; elsewhere the country code.
  const keepFirst = national ? 3 : parsed.countryCallingCode.length;
  const digits = written.replace(/\D/g, "").length;
  let seen = 0;
  return written.replace(/\d/g, (digit) => {
    seen += 1;
    return seen <= keepFirst || seen > digits - 4 ? digit : "*";
  });
}
