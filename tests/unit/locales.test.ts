/**
 * Every language has a file for exactly the namespaces of config.ts and carries
 * exactly the keys English has in each; no string is left in English,
 * interpolation placeholders survive translation, and each top-level group of keys
 * lives in one namespace only (lookups fall back from a feature to `common`).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namespaces, supportedLanguages } from "~/i18n/config";

const localesDir = path.resolve(__dirname, "../../locales");

/** Keys whose value may equal English: brand names and codes. */
/** The app's name, and "Visa" as a label: the same word in English and Indonesian (Bahasa Indonesia says "Visa"). */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  "common:app.name",
  "common:titles.myVisa",
  "mypage:summary.visa",
  "mypage:entries.visa",
  "mypage:userInfo.visa",
  "notices:notices.categories.visa",
  // "{{amount}} won": the currency's name as Vietnamese, Indonesian, Filipino and Turkish write it too.
  "loan:loan.won",
  "work:work.won",
  // The provinces and cities by their romanised names, as Latin-script languages write them ("Seoul", "Jeju").
  ...["Seoul", "Busan", "Daegu", "Incheon", "Gwangju", "Daejeon", "Ulsan", "Sejong", "Gyeonggi", "Gangwon", "Jeju"].map(
    (region) => `benefit:benefit.regions.${region}`,
  ),
  "common:numbers.won",
]);

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === "object") for (const [k, v] of flatten(child, name)) out.set(k, v);
    else out.set(name, String(child));
  }
  return out;
}

function load(lng: string, ns: string) {
  return flatten(JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), "utf8")));
}

/**
 * Values the code passes for one language's grammar, which the others leave out:
 * Korean's 로/으로 after a code (`ro`, lib/format.ts particleRo; docs/decisions/0041).
 */
const GRAMMAR_VALUES = new Set(["ro"]);

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)]
    .map((m) => m[1]!)
    .filter((name) => !GRAMMAR_VALUES.has(name))
    .sort();

describe("locale files", () => {
  it("exist for exactly the 19 supported languages", () => {
    const dirs = fs.readdirSync(localesDir).filter((d) => fs.statSync(path.join(localesDir, d)).isDirectory());
    expect(dirs.sort()).toEqual([...supportedLanguages].sort());
  });

  it.each([...supportedLanguages])("exist in %s for exactly the namespaces of config.ts", (lng) => {
    // Besides the JSON files, each language keeps its glossary (tests/unit/glossary.test.ts).
    const files = fs.readdirSync(path.join(localesDir, lng));
    expect(files.filter((f) => f.endsWith(".json")).sort()).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    expect(files.filter((f) => !f.endsWith(".json"))).toEqual(["GLOSSARY.md"]);
  });

  it("keep each top-level group of keys in one namespace", () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const ns of namespaces) {
      const groups = Object.keys(JSON.parse(fs.readFileSync(path.join(localesDir, "en", `${ns}.json`), "utf8")));
      for (const group of groups) {
        if (owner.has(group)) shared.push(`${group}: ${owner.get(group)} and ${ns}`);
        owner.set(group, ns);
      }
    }
    expect(shared).toEqual([]);
  });

  for (const ns of namespaces) {
    const english = load("en", ns);
    for (const lng of supportedLanguages.filter((l) => l !== "en")) {
      describe(`${lng}/${ns}.json`, () => {
        const other = load(lng, ns);
        it("has every key English has", () => {
          expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
        });
        it("has no key English lacks (plural forms of the language's own categories aside)", () => {
          const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];
          const pluralOfEnglish = (k: string) => {
            const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(k);
            return match !== null && categories.includes(match[2]!) && english.has(`${match[1]}_other`);
          };
          expect([...other.keys()].filter((k) => !english.has(k) && !pluralOfEnglish(k))).toEqual([]);
        });
        it("leaves no string identical to English", () => {
          const same = [...english].filter(
            ([k, v]) => other.get(k) === v && !SAME_AS_ENGLISH_ALLOWED.has(`${ns}:${k}`),
          );
          expect(same.map(([k]) => k)).toEqual([]);
        });
        it("keeps the interpolation placeholders", () => {
          const broken = [...english].filter(
            ([k, v]) => other.has(k) && placeholders(other.get(k)!).join() !== placeholders(v).join(),
          );
          expect(broken.map(([k]) => k)).toEqual([]);
        });
        it("has no empty strings", () => {
          expect([...other].filter(([, v]) => v.trim() === "").map(([k]) => k)).toEqual([]);
        });
      });
    }
  }
});

describe("the terms checklist", () => {
  // The titles are content now: the shipped versions of the terms documents (docs/decisions/0057).
  const shipped = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../content/terms.json"), "utf8")) as {
    terms: { document: string; version: string; translations: Record<string, { title: string }> }[];
  };
  // The checklist puts "(Required)" or "(Optional)" before each title: a title that says it again reads twice.
  it.each([...supportedLanguages])("in %s, no terms title says itself whether it is required", (lng) => {
    const marker = /[(（][^()（）]*[)）]\s*$/;
    const titles = shipped.terms.map((item) => [`${item.document}@${item.version}`, item.translations[lng]!.title]);
    expect(titles.length).toBeGreaterThanOrEqual(4);
    for (const [key, title] of titles) expect(title, key).not.toMatch(marker);
    const signup = load(lng, "signup");
    expect(signup.get("signup.agree.optional")).toMatch(marker);
  });
});
