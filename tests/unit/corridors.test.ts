/**
 * The shipped corridors (content/corridors.json) through the quote: every one of the issue's 19 countries,
 * each currency, send → receive → send back to the same won within one unit of the currency paid out; the
 * bank counter's tiers in US dollars; and the import format's refusals.
 */
import { describe, expect, it } from "vitest";
import { corridorItem, corridorOf, corridorProblem, recordOf } from "~/finance/corridors.server";
import { shippedCorridors } from "~/finance/corridorsKind.server";
import { type CurrencyCode, type Rate, divide, parseDecimal } from "~/finance/money";
import { sampleSnapshot } from "~/finance/rates.server";
import { appliedRate, feeFor, quote } from "~/finance/remittance";

/** Local mode's sample of published rates (content/sample-rates.json), by currency. */
const SAMPLE = new Map(sampleSnapshot().rates.map((r) => [r.base.currency as string, r.base]));

/**
 * For the currencies the sample leaves out (it has no NPR, UZS, MNT, …): rates shaped like published ones (won per
 * 1 or 100 units), for the arithmetic only, shown nowhere.
 */
const RATES: Record<string, [string, 1 | 100]> = {
  USD: ["1,468.50", 1],
  VND: ["5.58", 100],
  PHP: ["24.97", 1],
  NPR: ["10.47", 1],
  IDR: ["8.78", 100],
  UZS: ["0.1218", 1],
  MNT: ["0.4105", 1],
  KHR: ["0.3651", 1],
  MMK: ["0.6992", 1],
  BDT: ["12.01", 1],
  LKR: ["4.83", 1],
  THB: ["45.36", 1],
  PKR: ["5.22", 1],
  KGS: ["16.79", 1],
  JPY: ["950.12", 100],
  TRY: ["34.61", 1],
  RUB: ["18.12", 1],
  CNY: ["206.33", 1],
  TWD: ["47.25", 1],
};

/** The illustrative rate (the fee tiers' checks need a fixed one). */
const fixedRate = (currency: string): Rate => {
  const [krw, unit] = RATES[currency]!;
  return { currency: currency as CurrencyCode, unit, krw: parseDecimal(krw)! };
};

/** The sample's rate, else the illustrative one. */
const rate = (currency: string): Rate => SAMPLE.get(currency) ?? fixedRate(currency);

const ISSUE_COUNTRIES = "VN PH NP ID UZ MN KH MM BD LK TH PK KG JP TR RU CN TW US".split(" ");

describe("the shipped corridors", () => {
  const shipped = shippedCorridors();

  it("cover the issue's 19 countries, each paying out in its own currency (and US dollars besides)", () => {
    expect(shipped.map((c) => c.country).sort()).toEqual([...ISSUE_COUNTRIES].sort());
    for (const c of shipped) {
      expect(c.offers.length, c.country).toBeGreaterThanOrEqual(1);
      if (c.country !== "US")
        expect(
          c.offers.map((o) => o.currency),
          c.country,
        ).toContain("USD");
      // Nothing invented is shown as fact: the margins are marked as the assumption they are.
      expect(c.unverified, c.country).toContain("margin");
    }
  });

  it.each(ISSUE_COUNTRIES)(
    "%s at the sample rates: send → receive → send gives back the won within one unit paid out",
    (country) => {
      const item = shipped.find((c) => c.country === country)!;
      const corridor = corridorOf(recordOf(item));
      const usd = rate("USD");
      for (const offer of corridor.offers) {
        const base = rate(offer.currency);
        const applied = appliedRate(base, offer.marginBasisPoints);
        // Won one unit of the currency paid out costs at the applied rate, rounded up.
        const minorUnitKrw = divide(applied.krw.units, 10n ** BigInt(applied.krw.scale) * BigInt(applied.unit), "up");
        for (const send of [10_000n, 123_457n, 1_000_000n, 7_000_000n]) {
          const there = quote({ corridor, currency: offer.currency, send }, { base, usd });
          expect(there.ok, `${country} ${offer.currency} ${send}`).toBe(true);
          if (!there.ok) continue;
          const back = quote({ corridor, currency: offer.currency, receive: there.value.receive.minor }, { base, usd });
          expect(back.ok).toBe(true);
          if (!back.ok) continue;
          expect(back.value.receive).toEqual(there.value.receive);
          expect(back.value.send.minor <= send, `${country} ${offer.currency}`).toBe(true);
          expect(send - back.value.send.minor <= minorUnitKrw, `${country} ${offer.currency} ${send}`).toBe(true);
        }
      }
    },
  );

  it("charge the bank counter's tiers by the US dollar value of the won sent", () => {
    const fee = corridorOf(recordOf(shipped[0]!)).fee;
    const usd = fixedRate("USD");
    // USD 500 is 734,250 won at 1,468.50.
    expect(feeFor(fee, 734_250n, usd)).toBe(5_000n);
    expect(feeFor(fee, 734_251n, usd)).toBe(5_000n); // still USD 500.00 rounded down
    expect(feeFor(fee, 734_265n, usd)).toBe(10_000n); // USD 500.01
    expect(feeFor(fee, 2_937_000n, usd)).toBe(10_000n); // USD 2,000
    expect(feeFor(fee, 7_342_500n, usd)).toBe(15_000n); // USD 5,000
    expect(feeFor(fee, 29_370_000n, usd)).toBe(20_000n);
    expect(feeFor(fee, 29_370_015n, usd)).toBe(25_000n);
    expect(() => feeFor(fee, 1_000n)).toThrow(RangeError);
  });
});

describe("the corridors' import format", () => {
  const good = {
    country: "VN",
    provider: "Example Remit",
    source: "https://example.com/fees",
    asOf: "2026-11-20",
    offers: [{ currency: "VND", marginBasisPoints: 150 }],
    fee: { kind: "flat", krw: 5_000 },
  };
  const messages = (value: unknown) => {
    const parsed = corridorItem.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes a corridor, and refuses each bad figure by its field", () => {
    expect(messages(good)).toEqual([]);
    expect(messages({ ...good, country: "vn" })).toEqual(["country: corridorContent.country"]);
    expect(messages({ ...good, offers: [{ currency: "KRW", marginBasisPoints: 10 }] })).toEqual([
      "offers.0.currency: corridorContent.currencyUnknown",
    ]);
    expect(messages({ ...good, offers: [{ currency: "VND", marginBasisPoints: 1.5 }] })).toEqual([
      "offers.0.marginBasisPoints: corridorContent.margin",
    ]);
    expect(messages({ ...good, offers: [good.offers[0], good.offers[0]] })).toEqual([
      "offers: corridorContent.currencyTwice",
    ]);
    expect(messages({ ...good, fee: { kind: "flat", krw: -1 } })).toEqual(["fee.krw: corridorContent.wholeWon"]);
    expect(messages({ ...good, fee: { kind: "percent" } })).toEqual(["fee.kind: corridorContent.feeKind"]);
    expect(messages({ ...good, asOf: "2026-02-30" })).toEqual(["asOf: errors.form.invalidDate"]);
    expect(messages({ ...good, extra: 1 })).toEqual([": errors.form.unknownField"]);
  });

  it("refuses tiers the quote cannot use, with the reasons", () => {
    const tiers = (list: { upTo: number | null; krw: number }[]) =>
      corridorItem.parse({ ...good, fee: { kind: "tiered", tierCurrency: "KRW", tiers: list } });
    expect(
      corridorProblem(
        tiers([
          { upTo: 500_000, krw: 3_000 },
          { upTo: null, krw: 5_000 },
        ]),
      ),
    ).toBeNull();
    expect(corridorProblem(tiers([{ upTo: 500_000, krw: 3_000 }]))).toMatch(
      /^corridorContent.notQuotable::.*open-ended/,
    );
    expect(
      corridorProblem(
        tiers([
          { upTo: 500_000, krw: 3_000 },
          { upTo: 100_000, krw: 4_000 },
          { upTo: null, krw: 5_000 },
        ]),
      ),
    ).toMatch(/ascending/);
  });
});
