/**
 * Countries for the nationality field: ISO 3166-1 alpha-2 codes (i18n-iso-countries)
 * named in the visitor's language by the runtime's ICU data (Intl.DisplayNames),
 * which covers all 19 languages, sorted the way that language sorts. Below every
 * feature (the nationality field, the phone number's country, a member's card).
 */
import isoCountries from "i18n-iso-countries";

export interface Country {
  code: string;
  name: string;
}

const codes = Object.keys(isoCountries.getAlpha2Codes());
const lists = new Map<string, readonly Country[]>();
const lookups = new Map<string, Map<string, string>>();

const fold = (text: string) => text.normalize("NFKC").trim().toLocaleLowerCase().replace(/\s+/g, " ");

export function countriesIn(lng: string): readonly Country[] {
  let list = lists.get(lng);
  if (!list) {
    const names = new Intl.DisplayNames([lng, "en"], { type: "region", fallback: "code" });
    const collator = new Intl.Collator(lng);
    list = codes
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    lists.set(lng, list);
  }
  return list;
}

const namesByCode = new Map<string, Map<string, string>>();

export function countryName(code: string, lng: string): string {
  let names = namesByCode.get(lng);
  if (!names) {
    names = new Map(countriesIn(lng).map((c) => [c.code, c.name]));
    namesByCode.set(lng, names);
  }
  return names.get(code) ?? code;
}

function lookupIn(lng: string) {
  let lookup = lookups.get(lng);
  if (!lookup) {
    lookup = new Map(countriesIn(lng).map((c) => [fold(c.name), c.code]));
    lookups.set(lng, lookup);
  }
  return lookup;
}

/** The code for what a member typed or picked: a name in their language or English, or a code. */
export function resolveCountry(input: string, lng: string): string | null {
  const folded = fold(input);
  if (!folded) return null;
  if (/^[a-z]{2}$/.test(folded) && codes.includes(folded.toUpperCase())) return folded.toUpperCase();
  return lookupIn(lng).get(folded) ?? lookupIn("en").get(folded) ?? null;
}
