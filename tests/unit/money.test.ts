/**
 * Money: amounts read strictly from what members type, rates read exactly from data, and conversions that
 * round one stated way (down to the minor unit; up only when asked) with per-100 quotes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CURRENCY_CODES,
  type CurrencyCode,
  MAX_AMOUNT_MINOR,
  type Rate,
  decimalText,
  exponentOf,
  fromKrw,
  minorToDecimalText,
  parseAmount,
  parseDecimal,
  toKrw,
} from "~/finance/money";

const minor = (text: string, currency: CurrencyCode) => {
  const parsed = parseAmount(text, currency);
  return parsed.ok ? parsed.value.minor : parsed.problem;
};

describe("currencies", () => {
  it("are KRW, AP01's 22 others as the app names them, and the 14 corridor currencies AP01 lacks", () => {
    expect(CURRENCY_CODES).toHaveLength(1 + 22 + 14);
    for (const code of ["VND", "PHP", "NPR", "UZS", "MNT", "KHR", "MMK", "BDT", "LKR", "PKR", "KGS", "TRY", "RUB"]) {
      expect(CURRENCY_CODES).toContain(code);
    }
    expect(CURRENCY_CODES).toContain("CNY");
    expect(CURRENCY_CODES).not.toContain("CNH");
  });

  it("carry ISO 4217 minor units", () => {
    expect([exponentOf("KRW"), exponentOf("JPY"), exponentOf("VND")]).toEqual([0, 0, 0]);
    expect([exponentOf("USD"), exponentOf("IDR"), exponentOf("MMK")]).toEqual([2, 2, 2]);
    expect([exponentOf("KWD"), exponentOf("BHD")]).toEqual([3, 3]);
  });
});

describe("parseAmount", () => {
  it.each([
    ["1000", "KRW", 1000n],
    ["1,000", "KRW", 1000n],
    ["1,234,567", "KRW", 1_234_567n],
    ["  25000 ", "KRW", 25_000n],
    ["1 000 000", "KRW", 1_000_000n],
    ["1\u00a0000", "KRW", 1000n],
    ["１，０００", "KRW", 1000n], // full-width, as Korean and Japanese keyboards type them
    ["۱۲۳۴", "KRW", 1234n], // Urdu digits
    ["१२३", "KRW", 123n], // Devanagari (Nepali)
    ["၁၀၀", "KRW", 100n], // Myanmar
    ["1000.50", "USD", 100_050n],
    ["1,000.5", "USD", 100_050n],
    ["0.01", "USD", 1n],
    ["1.000", "KWD", 1000n],
    ["1,000.00", "KRW", 1000n], // zeros past the won are not decimals
    ["007", "KRW", 7n],
    ["10,000,000,000,000", "KRW", 10n ** 13n],
  ] as const)("%s %s → %s", (text, currency, expected) => {
    expect(minor(text, currency)).toBe(expected);
  });

  it.each([
    ["", "amountRequired"],
    ["   ", "amountRequired"],
    ["abc", "amountFormat"],
    ["1e400", "amountFormat"],
    ["1e3", "amountFormat"],
    ["Infinity", "amountFormat"],
    ["NaN", "amountFormat"],
    ["0x10", "amountFormat"],
    ["+100", "amountFormat"],
    ["1,00", "amountFormat"], // a decimal comma is not read as a group
    ["1000,50", "amountFormat"],
    ["10,00,000", "amountFormat"],
    [".5", "amountFormat"],
    ["5.", "amountFormat"],
    ["1.2.3", "amountFormat"],
    ["-100", "amountNotPositive"],
    ["\u2212100", "amountNotPositive"],
    ["0", "amountNotPositive"],
    ["0.00", "amountNotPositive"],
    ["-0", "amountNotPositive"],
    ["1000.5", "amountDecimals"],
    ["1".padEnd(41, "0"), "amountTooLarge"],
    ["9".repeat(400), "amountTooLarge"],
    ["1,000,000,000,000,001", "amountTooLarge"],
  ])("%j in KRW → %s", (text, problem) => {
    expect(minor(text, "KRW")).toBe(problem);
  });

  it("refuses more decimals than the currency has, and takes as many as it has", () => {
    expect(minor("1.001", "USD")).toBe("amountDecimals");
    expect(minor("1.0001", "KWD")).toBe("amountDecimals");
    expect(minor("100.5", "JPY")).toBe("amountDecimals");
    expect(minor("0.".padEnd(60, "0") + "1", "USD")).toBe("amountDecimals");
  });

  it("takes zero where allowed, and a caller's own maximum", () => {
    expect(parseAmount("0", "KRW", { allowZero: true })).toEqual({ ok: true, value: { currency: "KRW", minor: 0n } });
    expect(minor(String(MAX_AMOUNT_MINOR), "KRW")).toBe(MAX_AMOUNT_MINOR);
    expect(parseAmount("5,001", "KRW", { max: 5000n })).toEqual({ ok: false, problem: "amountTooLarge" });
  });

  it("round-trips what it writes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCY_CODES), fc.bigInt({ min: 1n, max: MAX_AMOUNT_MINOR }), (currency, m) => {
        const text = minorToDecimalText({ currency, minor: m });
        expect(parseAmount(text, currency)).toEqual({ ok: true, value: { currency, minor: m } });
      }),
    );
  });
});

describe("decimals", () => {
  it("reads data figures exactly, commas and all", () => {
    expect(parseDecimal("1,347.21")).toEqual({ units: 134_721n, scale: 2 });
    expect(parseDecimal("9.04")).toEqual({ units: 904n, scale: 2 });
    expect(parseDecimal("0.0551")).toEqual({ units: 551n, scale: 4 });
    expect(parseDecimal("1,000.00")).toEqual({ units: 1000n, scale: 0 });
    expect(parseDecimal(1347.21)).toEqual({ units: 134_721n, scale: 2 });
    expect(parseDecimal("-1")).toBeNull();
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal("1,34")).toBeNull();
  });

  it("writes them exactly", () => {
    expect(decimalText({ units: 13_472_100n, scale: 4 })).toBe("1347.21");
    expect(decimalText({ units: 5n, scale: 3 })).toBe("0.005");
    expect(decimalText({ units: 1200n, scale: 2 })).toBe("12");
    expect(minorToDecimalText({ currency: "USD", minor: 5n })).toBe("0.05");
    expect(minorToDecimalText({ currency: "KWD", minor: 123_456n })).toBe("123.456");
    expect(minorToDecimalText({ currency: "KRW", minor: 10n ** 13n })).toBe("10000000000000");
  });
});

describe("conversion", () => {
  const usd: Rate = { currency: "USD", unit: 1, krw: { units: 134_721n, scale: 2 } }; // 1,347.21
  const jpy: Rate = { currency: "JPY", unit: 100, krw: { units: 90_526n, scale: 2 } }; // 905.26 per 100
  const idr: Rate = { currency: "IDR", unit: 100, krw: { units: 866n, scale: 2 } }; // 8.66 per 100

  it("rounds won down, or up when asked", () => {
    expect(toKrw({ currency: "USD", minor: 100n }, usd).minor).toBe(1347n); // $1 = 1,347.21
    expect(toKrw({ currency: "USD", minor: 100n }, usd, "up").minor).toBe(1348n);
    expect(toKrw({ currency: "USD", minor: 10_000n }, usd, "up").minor).toBe(134_721n); // exact: no rounding
  });

  it("rounds the foreign amount down to its minor unit", () => {
    expect(fromKrw({ currency: "KRW", minor: 1_000_000n }, usd)).toEqual({ currency: "USD", minor: 74_227n }); // 742.27…
    expect(fromKrw({ currency: "KRW", minor: 1_000_000n }, usd, "up").minor).toBe(74_228n);
  });

  it("reads per-100 quotes per 100 units", () => {
    expect(toKrw({ currency: "JPY", minor: 10_000n }, jpy).minor).toBe(90_526n); // ¥10,000 = 100 × 905.26
    expect(fromKrw({ currency: "KRW", minor: 905_260n }, jpy)).toEqual({ currency: "JPY", minor: 100_000n });
    // IDR has two ISO decimals: 1,000,000 won buys 11,547,344.11 rupiah at 8.66 per 100.
    expect(fromKrw({ currency: "KRW", minor: 1_000_000n }, idr)).toEqual({ currency: "IDR", minor: 1_154_734_411n });
  });

  it("stays exact at 10^13 won, whose product with a rate no double holds exactly", () => {
    const won = { currency: "KRW" as const, minor: 10n ** 13n };
    // 10^13 / 1,347.21 = 7,422,747,752.7631… dollars
    expect(fromKrw(won, usd).minor).toBe(742_274_775_276n);
    expect(toKrw({ currency: "USD", minor: 742_274_775_276n }, usd).minor).toBe(9_999_999_999_995n);
    expect(Number.isSafeInteger(10 ** 13 * 134_721)).toBe(false);
  });

  it("refuses a rate of another currency or a rate that is not positive", () => {
    expect(() => toKrw({ currency: "EUR", minor: 1n }, usd)).toThrow(RangeError);
    expect(() => fromKrw({ currency: "KRW", minor: 1n }, { ...usd, krw: { units: 0n, scale: 0 } })).toThrow(RangeError);
  });

  it("never gives more than the won paid for, and rounding up never gives less than asked", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom<1 | 100>(1, 100),
        fc.constantFrom<CurrencyCode>("USD", "JPY", "KWD", "VND", "IDR"),
        (won, units, scale, unit, currency) => {
          const rate: Rate = { currency, unit, krw: { units, scale } };
          const bought = fromKrw({ currency: "KRW", minor: won }, rate);
          expect(toKrw(bought, rate, "up").minor).toBeLessThanOrEqual(won);
          const wanted = { currency, minor: won };
          expect(fromKrw(toKrw(wanted, rate, "up"), rate).minor).toBeGreaterThanOrEqual(won);
        },
      ),
    );
  });
});
