/**
 * The exchange calculator's arithmetic and inputs (app/finance/exchange.ts), staleness, the operator rates'
 * schema and the shipped sample (rates.server.ts). The rates job over HTTP is in eximbank.test.ts, beside the
 * adapter it drives.
 */
import { describe, expect, it } from "vitest";
import { convert, daysBetween, isStale, readExchangeQuery } from "~/finance/exchange";
import { fromKrw, toKrw, type Rate } from "~/finance/money";
import { operatorRateItem, operatorRateOf, sampleSnapshot } from "~/finance/rates.server";

const rate = (currency: Rate["currency"], krw: string, unit: 1 | 100 = 1): Rate => {
  const [whole = "", fraction = ""] = krw.split(".");
  return { currency, unit, krw: { units: BigInt(whole + fraction), scale: fraction.length } };
};
const USD = rate("USD", "1418.5");
const JPY = rate("JPY", "890.26", 100);
const VND = rate("VND", "5.44", 100);

describe("convert", () => {
  it("agrees with money.ts for KRW both ways, per-100 quotes included", () => {
    const dollars = { currency: "USD" as const, minor: 100_000n };
    expect(convert(dollars, "KRW", { from: USD, to: null })).toEqual(toKrw(dollars, USD));
    expect(convert(dollars, "KRW", { from: USD, to: null }).minor).toBe(1_418_500n);
    const won = { currency: "KRW" as const, minor: 1_000_000n };
    expect(convert(won, "JPY", { from: null, to: JPY })).toEqual(fromKrw(won, JPY));
    expect(convert(won, "JPY", { from: null, to: JPY }).minor).toBe(112_326n); // 1,000,000 / 8.9026 = 112,326.9…
  });

  it("goes between two foreign currencies through KRW with one rounding, down", () => {
    // 100 USD = 141,850 KRW = 2,607,536.76… VND: one rounding down gives 2,607,536.
    const result = convert({ currency: "USD", minor: 10_000n }, "VND", { from: USD, to: VND });
    expect(result).toEqual({ currency: "VND", minor: 2_607_536n });
    // Two roundings could lose what one keeps: 0.01 USD is 14.185 KRW, 14 when rounded on the way.
    expect(convert({ currency: "USD", minor: 1n }, "VND", { from: USD, to: VND }).minor).toBe(260n);
    expect(fromKrw({ currency: "KRW", minor: 14n }, VND).minor).toBe(257n);
  });

  it("refuses to convert without a rate rather than guess", () => {
    expect(() => convert({ currency: "USD", minor: 1n }, "KRW", { from: null, to: null })).toThrow(RangeError);
  });
});

describe("readExchangeQuery", () => {
  const read = (query: string) => readExchangeQuery(new URLSearchParams(query));

  it("reads a good question, codes in any case, amounts with comma groups", () => {
    expect(read("from=usd&to=KRW&amount=1,000.5").ask).toEqual({
      amount: { currency: "USD", minor: 100_050n },
      to: "KRW",
    });
    expect(read("").problems).toEqual({});
    expect(read("").ask).toBeNull();
    expect(read("").input).toEqual({ from: "USD", to: "KRW", amount: "" });
  });

  it("names every bad input by its field and keeps what was typed", () => {
    const cases: [string, object][] = [
      ["amount=", { amount: "amountRequired" }],
      ["amount=-5", { amount: "amountNotPositive" }],
      ["amount=0", { amount: "amountNotPositive" }],
      ["from=KRW&to=USD&amount=1.5", { amount: "amountDecimals" }],
      ["amount=1e400", { amount: "amountFormat" }],
      ["amount=abc", { amount: "amountFormat" }],
      ["amount=NaN", { amount: "amountFormat" }],
      ["amount=Infinity", { amount: "amountFormat" }],
      [`amount=${"9".repeat(30)}`, { amount: "amountTooLarge" }],
      ["from=XXX&amount=5", { from: "currencyUnknown" }],
      ["to=%3Cscript%3E&amount=5", { to: "currencyUnknown" }],
      ["from=USD&to=USD&amount=5", { to: "sameCurrency" }],
      ["from=&to=&amount=", { from: "currencyUnknown", to: "currencyUnknown", amount: "amountRequired" }],
    ];
    for (const [query, problems] of cases) {
      const result = read(query);
      expect(result.problems, query).toEqual(problems);
      expect(result.ask, query).toBeNull();
    }
    expect(read("amount=1e400").input.amount).toBe("1e400");
  });
});

describe("staleness", () => {
  it("counts calendar days and calls a rate stale after 3 (a weekend and a Monday morning are not)", () => {
    expect(daysBetween("2026-11-20", "2026-11-23")).toBe(3);
    expect(isStale("2026-11-20", "2026-11-23")).toBe(false);
    expect(isStale("2026-11-20", "2026-11-24")).toBe(true);
    expect(daysBetween("2026-02-27", "2026-03-02")).toBe(3);
  });
});

describe("operator rates' schema", () => {
  const good = { currency: "VND", unit: "100", base: "5.57", day: "2026-11-20", sourceName: "Hana Bank" };

  it("reads a rate with its day and source, exactly", () => {
    const parsed = operatorRateItem.parse({ ...good, ttb: "5.50", tts: "5.65", sourceUrl: "https://example.org" });
    expect(operatorRateOf(parsed)).toEqual({
      base: { currency: "VND", unit: 100, krw: { units: 557n, scale: 2 } },
      ttb: { units: 55n, scale: 1 },
      tts: { units: 565n, scale: 2 },
      day: "2026-11-20",
      sourceName: "Hana Bank",
      sourceUrl: "https://example.org",
    });
  });

  it("refuses what is not a rate, with a message per field", () => {
    const problems = (item: object) =>
      operatorRateItem.safeParse(item).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(problems({ ...good, currency: "USD" })).toEqual(["currency: exchange.problems.operatorCurrency"]);
    expect(problems({ ...good, unit: "10" })).toEqual(["unit: exchange.problems.unit"]);
    expect(problems({ ...good, base: "-5" })).toEqual(["base: exchange.problems.rateFormat"]);
    expect(problems({ ...good, base: "0" })).toEqual(["base: exchange.problems.rateFormat"]);
    expect(problems({ ...good, base: "1e400" })).toEqual(["base: exchange.problems.rateFormat"]);
    expect(problems({ ...good, base: "" })).toEqual(["base: exchange.problems.rateRequired"]);
    expect(problems({ ...good, day: "2026-02-30" })).toEqual(["day: exchange.problems.day"]);
    expect(problems({ ...good, day: "2999-01-01" })).toEqual(["day: exchange.problems.dayFuture"]);
    expect(problems({ ...good, sourceName: " " })).toEqual(["sourceName: exchange.problems.sourceName"]);
    expect(problems({ ...good, sourceUrl: "javascript:alert(1)" })).toEqual(["sourceUrl: exchange.problems.sourceUrl"]);
    expect(problems({ ...good, ttb: "6" })).toEqual(["ttb: exchange.problems.ttbAboveBase"]);
    expect(problems({ ...good, tts: "5" })).toEqual(["tts: exchange.problems.ttsBelowBase"]);
    expect(problems({ ...good, extra: 1 })).toEqual([": errors.form.unknownField"]);
  });
});

describe("the shipped sample", () => {
  it("is one day of one source's base rates, no TTB or TTS invented, per-100 quotes where published so", () => {
    const sample = sampleSnapshot();
    expect(sample.day).toBe("2026-08-15");
    expect(sample.sourceUrl).toMatch(/^https:\/\//);
    expect(sample.rates.every((r) => r.ttb === null && r.tts === null)).toBe(true);
    const units = Object.fromEntries(sample.rates.map((r) => [r.base.currency, r.base.unit]));
    expect(units).toMatchObject({ JPY: 100, IDR: 100, VND: 100, USD: 1 });
    expect(() => sampleSnapshot({ ...sample, rates: [] })).toThrow();
  });
});
