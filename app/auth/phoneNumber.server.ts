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
