/**
 * Terms versions as content: the shipped versions, the import item's schema and checks (the bad input of issue
 * 27: control and direction characters, unknown languages, ids with path or SQL characters, huge texts, no Korean
 * original), and which version is in force on a day.
 */
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import type { TermsVersionHead } from "~/stores/terms";
import { allDocuments, statusOf, termsDocuments, versionInForce } from "~/terms/documents";
import { shippedTerms, termsKind, termsItemId, termsItemSchema, type TermsItem } from "~/terms/termsKind.server";

const item = (overrides: Record<string, unknown> = {}) => ({
  document: "privacy",
  version: "2026-12-01",
  effectiveOn: "2026-12-01",
  required: true,
  translations: {
    ko: {
      title: "개인정보 수집 및 이용 동의",
      summary: "보유 기간을 바꿨습니다.",
      sections: [{ heading: "1", body: "본문" }],
    },
  },
  ...overrides,
});

/** The schema's messages for an item, by path; then the importer's check when the schema passed. */
function problems(raw: unknown): string[] {
  const parsed = termsItemSchema.safeParse(raw);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const problem = termsKind.check!(parsed.data);
  return problem ? [problem] : [];
}

const withKo = (ko: Record<string, unknown>) => item({ translations: { ko: { ...item().translations.ko, ...ko } } });

describe("the shipped terms (content/terms.json)", () => {
  const shipped = shippedTerms();

  it("hold a first version of every document, in all 19 languages, each passing the import's checks", () => {
    expect(shipped.map(termsItemId).sort()).toEqual(
      allDocuments.map((d) => `${d.id}@${d.id === "privacyPolicy" ? "2026-11-24" : "2026-11-01"}`).sort(),
    );
    for (const entry of shipped) {
      expect(Object.keys(entry.translations).sort(), termsItemId(entry)).toEqual([...supportedLanguages].sort());
      expect(termsKind.check!(entry)).toBeNull();
    }
  });

  it("make joining need service, privacy and age14, and leave marketing and the policy optional", () => {
    const required = shipped.filter((entry) => entry.required).map((entry) => entry.document);
    expect(required.sort()).toEqual(["age14", "privacy", "service"]);
  });

  it("keep the texts the terms namespace had: every document with a text has sections in every language", () => {
    for (const entry of shipped) {
      const hasText = allDocuments.find((d) => d.id === entry.document)!.hasText;
      for (const [lng, text] of Object.entries(entry.translations)) {
        expect(Boolean(text.sections?.length), `${termsItemId(entry)} ${lng}`).toBe(hasText);
      }
    }
  });
});

describe("a terms item", () => {
  it("passes as given, identified by document and version", () => {
    expect(problems(item())).toEqual([]);
    expect(termsItemId(termsItemSchema.parse(item()))).toBe("privacy@2026-12-01");
  });

  it.each([
    ["an unknown document", item({ document: "cookies" }), "document: errors.form.termsDocument"],
    ["a version with path characters", item({ version: "../../etc/passwd" }), "version: errors.form.termsVersion"],
    ["a version with SQL", item({ version: "1'; DROP TABLE terms_versions;--" }), "version: errors.form.termsVersion"],
    ["a version too long", item({ version: "v".repeat(33) }), "version: errors.form.termsVersion"],
    ["a day that does not exist", item({ effectiveOn: "2026-02-30" }), "effectiveOn: errors.form.invalidDate"],
    ["a day in another form", item({ effectiveOn: "01/12/2026" }), "effectiveOn: errors.form.invalidDate"],
    ["no required flag", item({ required: "yes" }), "required: errors.form.required"],
    [
      "a language the app does not have",
      item({ translations: { ...item().translations, xx: item().translations.ko } }),
      "translations.xx: errors.form.languageUnknown",
    ],
    [
      "a title with a direction override",
      withKo({ title: "약관\u202Eabc" }),
      "translations.ko.title: errors.form.textCharacters",
    ],
    [
      "a title with a line break",
      withKo({ title: "약관\n" + "제목" }),
      "translations.ko.title: errors.form.textCharacters",
    ],
    [
      "a body with a control character",
      withKo({ sections: [{ heading: "1", body: "a\u0007b" }] }),
      "translations.ko.sections.0.body: errors.form.textCharacters",
    ],
    [
      "a summary with a direction isolate",
      withKo({ summary: "\u2067x\u2069" }),
      "translations.ko.summary: errors.form.textCharacters",
    ],
    ["an empty title", withKo({ title: "   " }), "translations.ko.title: errors.form.required"],
    [
      "a 1 MB body",
      withKo({ sections: [{ heading: "1", body: "가".repeat(1_000_000) }] }),
      'translations.ko.sections.0.body: errors.form.textTooLong::{"max":20000}',
    ],
    [
      "a title too long",
      withKo({ title: "가".repeat(201) }),
      'translations.ko.title: errors.form.textTooLong::{"max":200}',
    ],
  ])("refuses %s, naming the field", (_case, raw, message) => {
    expect(problems(raw)).toEqual([message]);
  });

  it("keeps line breaks in bodies and the joiners Sinhala writes with", () => {
    expect(problems(withKo({ sections: [{ heading: "1", body: "첫 줄\n둘째 줄" }] }))).toEqual([]);
    const sinhala = { title: "ප්\u200Dරජාව", sections: [{ heading: "1", body: "ප්\u200Dරජාව" }] };
    expect(problems(item({ translations: { ...item().translations, si: sinhala } }))).toEqual([]);
  });

  it.each([
    [
      "no Korean original",
      item({ translations: { en: { title: "Privacy", sections: [{ heading: "1", body: "x" }] } } }),
      "errors.form.koreanOriginal",
    ],
    ["a required marketing consent", item({ document: "marketing", required: true }), "errors.form.termsNotRequirable"],
    ["a required policy", item({ document: "privacyPolicy", required: true }), "errors.form.termsNotRequirable"],
    ["a document with a text but none given", withKo({ sections: [] }), "errors.form.termsTextMissing"],
    [
      "a translation with a title alone",
      item({ translations: { ...item().translations, en: { title: "Privacy" } } }),
      "errors.form.termsTextMissing",
    ],
  ])("is refused by the import's check with %s", (_case, raw, message) => {
    expect(problems(raw)).toEqual([message]);
  });

  it("may be a statement without sections (age14)", () => {
    expect(problems(item({ document: "age14", translations: { ko: { title: "만 14세 이상이에요" } } }))).toEqual([]);
  });
});

describe("the version in force", () => {
  const head = (version: string, effectiveOn: string, publishedAt: number | null = 1): TermsVersionHead => ({
    document: "privacy",
    version,
    effectiveOn,
    required: true,
    publishedAt,
    createdAt: 1,
    updatedAt: 1,
  });
  const heads = [head("v1", "2026-11-01"), head("v2", "2026-12-01"), head("draft", "2026-11-15", null)];

  it("is the last published version whose day has come in Korea; a future one is announced, a draft unseen", () => {
    expect(versionInForce(heads, "privacy", "2026-10-31")).toBeNull();
    expect(versionInForce(heads, "privacy", "2026-11-20")?.version).toBe("v1");
    expect(versionInForce(heads, "privacy", "2026-12-01")?.version).toBe("v2");
    const inForce = versionInForce(heads, "privacy", "2026-11-20");
    expect(statusOf(heads[0]!, inForce, "2026-11-20")).toBe("inForce");
    expect(statusOf(heads[1]!, inForce, "2026-11-20")).toBe("upcoming");
    expect(statusOf(heads[0]!, versionInForce(heads, "privacy", "2026-12-02"), "2026-12-02")).toBe("earlier");
    expect(versionInForce(heads, "service", "2026-12-02")).toBeNull();
  });

  it("goes to the later publication when two share a day", () => {
    const twice = [head("a", "2026-12-01", 5), head("b", "2026-12-01", 3)];
    expect(versionInForce(twice, "privacy", "2026-12-01")?.version).toBe("a");
  });

  it("covers the consents the joining forms ask for", () => {
    const items: TermsItem[] = shippedTerms();
    expect(termsDocuments.every((d) => items.some((entry) => entry.document === d.id))).toBe(true);
  });
});
