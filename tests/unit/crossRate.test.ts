/** The cross-rate estimate of a transfer paid in US dollars (decision 0091), and the shipped dollar rates' file. */
import { describe, expect, it } from "vitest";
import { localToUsd, usdToLocal, type UsdCrossRate } from "~/finance/crossRate";
import { parseDecimal } from "~/finance/money";
import { usdCrossRates } from "~/finance/rates.server";

const pkr: UsdCrossRate = {
  currency: "PKR",
  perUsd: parseDecimal("279.6035")!,
  day: "2026-01-23",
  sourceName: "State Bank of Pakistan",
  sourceUrl: null,
};

describe("the cross-rate estimate", () => {
  it("converts dollars to the local currency rounded down, and back rounded up", () => {
    // 697.99 × 279.6035 = 195,160.447… rupees: 195,160.44.
    expect(usdToLocal({ currency: "USD", minor: 69_799n }, pkr)).toEqual({ currency: "PKR", minor: 19_516_044n });
    // 50,000 rupees need 178.8247… dollars: 178.83, which deliver at least 50,000.
    const needed = localToUsd({ currency: "PKR", minor: 5_000_000n }, pkr);
    expect(needed).toEqual({ currency: "USD", minor: 17_883n });
    expect(usdToLocal(needed, pkr).minor).toBeGreaterThanOrEqual(5_000_000n);
  });

  it("refuses another currency and a rate that is not positive", () => {
    expect(() => usdToLocal({ currency: "KRW", minor: 1n }, pkr)).toThrow(RangeError);
    expect(() => localToUsd({ currency: "NPR", minor: 1n }, pkr)).toThrow(RangeError);
    expect(() => usdToLocal({ currency: "USD", minor: 1n }, { ...pkr, perUsd: { units: 0n, scale: 0 } })).toThrow();
  });
});

describe("content/sample-rates.json's dollar rates", () => {
  it("ship each with its day and a central bank as its source; a broken entry is refused", () => {
    const shipped = usdCrossRates();
    expect(shipped.map((rate) => rate.currency)).toEqual(["PKR", "BDT"]);
    expect(shipped[0]).toMatchObject({ day: "2026-01-23", sourceName: "State Bank of Pakistan" });
    expect(shipped[1]).toMatchObject({ day: "2026-01-20", sourceName: "Bangladesh Bank" });
    // Each shipped figure is of 2026 (decision 0102: older published figures are not shipped).
    for (const rate of shipped) expect(rate.day.startsWith("2026-"), rate.currency).toBe(true);
    expect(() => usdCrossRates({ usdRates: [{ currency: "PKR", perUsd: "-1", day: "2026-01-23" }] })).toThrow();
    expect(() => usdCrossRates({ usdRates: [{ ...shippedEntry(), currency: "USD" }] })).toThrow();
    expect(usdCrossRates({})).toEqual([]);
  });
});

function shippedEntry() {
  return { currency: "PKR", perUsd: "279.6035", day: "2026-01-23", sourceName: "SBP", sourceUrl: "https://x.test/" };
}
