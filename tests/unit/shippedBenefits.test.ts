/**
 * The benefits shipped with the app (content/benefits.json): valid in the import's
 * format, the 18 services of the research notes in every language, with only the
 * facts the notes give and their unverified marks, and the importer's schema
 * refusing what the issue calls bad input.
 */
import { describe, expect, it } from "vitest";
import { shippedBenefits } from "~/benefits/benefitsKind.server";
import { benefitItem, offerItem } from "~/benefits/schemas.server";
import { benefitsKind } from "~/benefits/benefitsKind.server";
import { offersKind } from "~/benefits/offersKind.server";
import { supportedLanguages } from "~/i18n/config";

const shipped = shippedBenefits();
const byId = new Map(shipped.map((b) => [b.itemCd, b]));

describe("the shipped benefits", () => {
  it("are the 18 services of the research notes, in its order, each in every language of the app", () => {
    expect(shipped.map((b) => b.itemCd)).toEqual([
      "immigration-contact-center",
      "hikorea",
      "national-health-insurance",
      "kiip",
      "danuri",
      "family-center-interpretation",
      "hrd-foreign-worker-center",
      "labour-helpline-1350",
      "departure-guarantee-insurance",
      "return-cost-insurance",
      "wage-arrears-guarantee-insurance",
      "accident-insurance",
      "employment-insurance",
      "police-112-interpretation",
      "fire-119-interpretation",
      "legal-aid-132",
      "dasan-120",
      "eps",
    ]);
    for (const benefit of shipped) {
      expect(Object.keys(benefit.translations).sort(), benefit.itemCd).toEqual([...supportedLanguages].sort());
      // Checked against the research notes (2026-11-22), or against the agency's page found on 2026-12-02 or
      // 2026-12-03 (decisions 0096, 0103): then named and linked.
      expect(["2026-11-22", "2026-12-02", "2026-12-03"], benefit.itemCd).toContain(benefit.source.checkedOn);
      if (benefit.source.checkedOn !== "2026-11-22") {
        expect(benefit.source.url, benefit.itemCd).toMatch(/^https:\/\//);
        expect(benefit.source.name, benefit.itemCd).toBeTruthy();
      }
    }
    const orders = shipped.map((b) => b.order!);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("carry the numbers, sites and hours the notes give, and mark what they mark unverified", () => {
    expect(byId.get("immigration-contact-center")).toMatchObject({
      phones: ["1345", "+82-1345"],
      hours: { days: "weekdays", opens: "09:00", closes: "22:00" },
      languages: { count: 20 },
    });
    expect(byId.get("hikorea")?.link).toBe("https://www.hikorea.go.kr");
    expect(byId.get("hrd-foreign-worker-center")).toMatchObject({
      phones: ["1577-0071"],
      hours: { days: "everyDay", opens: "09:00", closes: "18:00" },
      languages: { count: 15 },
    });
    expect(byId.get("danuri")).toMatchObject({ phones: ["1577-1366"], hours: { days: "always" } });
    expect(byId.get("dasan-120")?.phones).toEqual(["02-120"]);
    expect(byId.get("police-112-interpretation")?.languages).toEqual({ codes: ["en", "zh"] });
    const unverified = Object.fromEntries(shipped.flatMap((b) => (b.unverified ? [[b.itemCd, b.unverified]] : [])));
    expect(unverified).toEqual({
      "national-health-insurance": ["phones"],
      "labour-helpline-1350": ["phones"],
      "departure-guarantee-insurance": ["apply"],
      "wage-arrears-guarantee-insurance": ["gives"],
      "fire-119-interpretation": ["gives"],
      "legal-aid-132": ["eligible", "phones"],
    });
    // The notes give no site for these: none is made up.
    for (const id of ["immigration-contact-center", "danuri", "labour-helpline-1350", "legal-aid-132", "dasan-120"]) {
      expect(byId.get(id)?.link, id).toBeUndefined();
    }
  });

  it("name in every language only the phone numbers the service lists", () => {
    for (const benefit of shipped) {
      const numbers = new Set(benefit.phones ?? []);
      for (const [lng, text] of Object.entries(benefit.translations)) {
        const named = `${text.gives} ${text.apply}`.match(/\+?\d[\d-]*\d/g) ?? [];
        for (const number of named.filter((n) => /^\+?\d{2,4}(-\d{3,4})+$|^1\d{2,3}$/.test(n))) {
          // 1577-0071 in the accident insurance's text is the counseling center's, listed there.
          const elsewhere = shipped.some((other) => other.phones?.includes(number));
          expect(numbers.has(number) || elsewhere, `${benefit.itemCd} ${lng}: ${number}`).toBe(true);
        }
      }
    }
  });

  it("name the departure-guarantee insurer in every language, with its Korean name, still marked unverified", () => {
    // Named as news reports stored for the search tool say it pays the claims (decision 0103); the card's source,
    // the EPS guide, does not name it, so the fact keeps its mark.
    const card = byId.get("departure-guarantee-insurance")!;
    for (const [lng, text] of Object.entries(card.translations)) {
      expect(text.apply, lng).toContain("삼성화재");
    }
    expect(card.unverified).toContain("apply");
  });

  it("put the services for E-9 workers apart from those for everyone", () => {
    const forE9 = shipped.filter((b) => b.visas.includes("E-9")).map((b) => b.itemCd);
    expect(forE9).toEqual([
      "hrd-foreign-worker-center",
      "departure-guarantee-insurance",
      "return-cost-insurance",
      "wage-arrears-guarantee-insurance",
      "accident-insurance",
      "employment-insurance",
      "eps",
    ]);
  });
});

describe("the import's item formats", () => {
  const valid = structuredClone(shipped[0]!);
  const issues = (item: unknown) =>
    (benefitItem.safeParse(item).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

  it("accept a shipped benefit, and an offer with one price, a range or none", () => {
    expect(issues(valid)).toEqual([]);
    const offer = {
      itemCd: "sim-30",
      partner: "Example Mobile",
      link: "https://example.com/sim",
      checkedOn: "2026-11-20",
      translations: { ko: { title: "선불 유심", description: "30일 데이터" } },
    };
    for (const priceKrw of [undefined, { min: 33000 }, { min: 33000, max: 55000 }]) {
      expect(offerItem.safeParse({ ...offer, priceKrw }).success).toBe(true);
    }
    expect(offerItem.safeParse({ ...offer, priceKrw: { min: 5, max: 4 } }).error?.issues[0]?.message).toBe(
      "benefitContent.price",
    );
    expect(offerItem.safeParse({ ...offer, priceKrw: { min: 1.5 } }).success).toBe(false);
    expect(offerItem.safeParse({ ...offer, link: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      "benefitContent.link",
    );
  });

  it("refuse item codes with SQL or path characters", () => {
    for (const itemCd of [
      "x'; DROP TABLE benefits;--",
      "../../etc/passwd",
      "a/b",
      "",
      "-lead",
      "a".repeat(65),
      "한글",
    ]) {
      expect(issues({ ...valid, itemCd }), itemCd).toEqual(["itemCd: benefitContent.itemCd"]);
    }
  });

  it("refuse bidirectional overrides and control characters in titles, and a title on two lines", () => {
    const named = (name: string) => ({
      ...valid,
      translations: { ...valid.translations, en: { ...valid.translations.en!, name } },
    });
    expect(issues(named("Safe\u202Eevil"))).toEqual(["translations.en.name: errors.form.textCharacters"]);
    expect(issues(named("Bell\u0007"))).toEqual(["translations.en.name: errors.form.textCharacters"]);
    expect(issues(named("Isolated \u2067text\u2069"))).toEqual(["translations.en.name: errors.form.textCharacters"]);
    expect(issues(named("Two\nlines"))).toEqual(["translations.en.name: benefitContent.oneLine"]);
    expect(issues(named("   "))).toEqual(["translations.en.name: errors.form.textRequired"]);
    // Joiners Sinhala needs (ප්‍ර) stay.
    expect(issues(named("ප්\u200Dරතිලාභ"))).toEqual([]);
  });

  it("refuse a 1 MB text with a message, not by failing", () => {
    const long = {
      ...valid,
      translations: { ...valid.translations, en: { ...valid.translations.en!, gives: "x".repeat(1 << 20) } },
    };
    expect(issues(long)).toEqual(['translations.en.gives: errors.form.textTooLong::{"max":1000}']);
  });

  it("refuse a language the app does not have, unknown fields and visas, and keep the Korean original required", () => {
    const klingon = { ...valid, translations: { ...valid.translations, tlh: valid.translations.en } };
    expect(issues(klingon)).toEqual(["translations.tlh: errors.form.languageUnknown"]);
    expect(issues({ ...valid, price: 3 })).toEqual([": errors.form.unknownField"]);
    expect(issues({ ...valid, visas: ["E-99"] })).toEqual(["visas: benefitContent.visa"]);
    expect(issues({ ...valid, visas: ["all", "E-9"] })).toEqual(["visas: benefitContent.visa"]);
    expect(issues({ ...valid, phones: ["tel:1345"] })).toEqual(["phones.0: benefitContent.phone"]);
    expect(issues({ ...valid, hours: { days: "weekdays", opens: "9", closes: "18:00" } })).toEqual([
      "hours.opens: benefitContent.time",
    ]);
    expect(issues({ ...valid, source: { ...valid.source, checkedOn: "2026-02-30" } })).toEqual([
      "source.checkedOn: errors.form.invalidDate",
    ]);
    const { ko: _korean, ...withoutKorean } = valid.translations;
    const noKorean = benefitItem.parse({ ...valid, translations: withoutKorean });
    expect(benefitsKind.check!(noKorean)).toBe("errors.form.koreanOriginal");
    expect(benefitsKind.check!(benefitItem.parse(valid))).toBeNull();
    expect(
      offersKind.check!({
        ...offerItem.parse({
          itemCd: "x",
          partner: "P",
          link: "https://p.example",
          checkedOn: "2026-01-01",
          translations: { en: { title: "T", description: "D" } },
        }),
      }),
    ).toBe("errors.form.koreanOriginal");
  });
});
