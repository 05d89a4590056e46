/**
 * Phone numbers as members type them ("010-1234-5678", "+84 90 123 4567", or a
 * national number with its country chosen beside it), normalised to E.164 with
 * libphonenumber's full metadata. Korean mobiles are the default. Only mobile
 * numbers of the countries we text are accepted: Korea, the 17 countries of the
 * Employment Permit System, and the other countries most residents come from
 * (a short list also keeps SMS-pumping fraud to countries where members live).
 *
 * A low module (docs/decisions/0048): forms, verification, auth, members and
 * signup import it; it imports no feature, only the country names.
 */
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { formMessage } from "~/lib/formMessage";
import { countryName } from "~/countries/countries.server";

/**
 * The countries whose mobile numbers we text: Korea first; the 17 sending
 * countries of the Employment Permit System (고용허가제 MOU: Philippines, Mongolia,
 * Sri Lanka, Vietnam, Thailand, Indonesia, Uzbekistan, Pakistan, Cambodia, China,
 * Bangladesh, Kyrgyzstan, Nepal, Myanmar, Timor-Leste, Laos, Tajikistan); and the
 * countries of the app's other languages and largest other resident groups
 * (Japan, Russia, Kazakhstan, Türkiye, Taiwan, the United States, Canada).
 */
export const SMS_COUNTRIES: readonly CountryCode[] = [
  "KR",
  ...(["PH", "MN", "LK", "VN", "TH", "ID", "UZ", "PK", "KH", "CN", "BD", "KG", "NP", "MM", "TL", "LA", "TJ"] as const),
  ...(["JP", "RU", "KZ", "TR", "TW", "US", "CA"] as const),
];
export const DEFAULT_PHONE_COUNTRY: CountryCode = "KR";

const isSmsCountry = (code: string | undefined): code is CountryCode =>
  code !== undefined && (SMS_COUNTRIES as readonly string[]).includes(code);

export type PhoneProblem = "malformed" | "notMobile" | "country";

/**
 * `input` in E.164, or why not. A number written with "+" names its own country;
 * otherwise it is read as a number of `country` (Korea unless chosen). A valid
 * mobile number of a country we do not text is `country`, with its calling code.
 */
export function normalizePhoneNumber(
  input: string,
  country: string = DEFAULT_PHONE_COUNTRY,
):
  { ok: true; e164: string; country: string | undefined } | { ok: false; problem: PhoneProblem; callingCode?: string } {
  const cleaned = input.normalize("NFKC").trim();
  if (cleaned.length === 0 || cleaned.length > 32 || !/^[+\d\s().-]+$/.test(cleaned)) {
    return { ok: false, problem: "malformed" };
  }
  const parsed = parsePhoneNumberFromString(cleaned, isSmsCountry(country) ? country : DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isValid()) return { ok: false, problem: "malformed" };
  const type = parsed.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return { ok: false, problem: "notMobile" };
  if (!isSmsCountry(parsed.country))
    return { ok: false, problem: "country", callingCode: `+${parsed.countryCallingCode}` };
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/** The choice beside the number field: each country we text, named in `lng`, Korea first. */
export function phoneCountriesIn(lng: string): { code: string; dial: string; name: string }[] {
  const collator = new Intl.Collator(lng);
  const named = SMS_COUNTRIES.map((code) => ({
    code,
    dial: `+${getCountryCallingCode(code)}`,
    name: countryName(code, lng),
  }));
  const [korea, ...rest] = named;
  return [korea!, ...rest.sort((a, b) => collator.compare(a.name, b.name))];
}

/**
 * The number fields of a form: the number and its country. A schema that uses
 * them (`phoneInput`) turns them into one E.164 number, or says at the field what
 * is wrong, together with the form's other messages.
 */
export const phoneFields = {
  phone: z.string({ required_error: "errors.form.required" }).max(40, "errors.form.invalidPhone"),
  country: z.string().max(8).optional(),
};

/**
 * Adds the number's problem to `ctx` at `phone`, if it has one. A refinement, so
 * it runs beside the form's other checks and all their messages show at once
 * (zod skips transforms, not refinements, once a field has failed).
 */
export function checkPhone(value: { phone?: string; country?: string }, ctx: z.RefinementCtx): void {
  if (!value.phone) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["phone"], message: "errors.form.required" });
    return;
  }
  const phone = normalizePhoneNumber(value.phone, value.country);
  if (phone.ok) return;
  const message =
    phone.problem === "notMobile"
      ? "errors.form.notMobile"
      : phone.problem === "country"
        ? formMessage("errors.form.smsCountry", { code: phone.callingCode ?? "" })
        : "errors.form.invalidPhone";
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["phone"], message });
}

/** The number in E.164, for a transform after `checkPhone` passed. */
export function e164Of(value: { phone?: string; country?: string }): string {
  const phone = normalizePhoneNumber(value.phone ?? "", value.country);
  if (!phone.ok) throw new Error("e164Of: the number was not checked");
  return phone.e164;
}

/** A form of just a number: `{ phone }` in E.164 once it parses. */
export const phoneInput = z
  .object(phoneFields)
  .superRefine(checkPhone)
  .transform((value) => ({ phone: e164Of(value) }));

/**
 * A number as its owner writes it, with the middle hidden: enough to recognise,
 * not to copy. Korean numbers in national format ("010-****-5678"), others in
 * international format with the country code kept ("+977 ***-***5678").
 */
export function maskPhoneNumber(e164: string): string {
  let masked = masks.get(e164);
  if (masked === undefined) {
    masked = maskOf(e164);
    masks.set(e164, masked);
  }
  return masked;
}

/** Masks already made: my page shows one on every view, and parsing a number is most of a mask's cost. */
const masks = new LRUCache<string, string>({ max: 5000 });

function maskOf(e164: string): string {
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
