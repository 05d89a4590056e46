/**
 * Remittance quotes in both directions on fictional corridors (no real provider's prices): itemised fee,
 * applied rate and margin, rounding that never promises more than arrives, and the per-transaction limit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CurrencyCode, type Rate, fromKrw, toKrw } from "~/finance/money";
import { type Corridor, REMITTANCE_LIMITS, appliedRate, corridorProblems, feeFor, quote } from "~/finance/remittance";

/** Made up for these tests: a tiered fee and one currency. */
const vietnam: Corridor = {
  country: "VN",
  provider: "Example Remit (fictional)",
  offers: [{ currency: "VND", marginBasisPoints: 150 }],
  fee: {
    kind: "tiered",
    tiers: [
      { upToKrw: 500_000n, krw: 3_000n },
      { upToKrw: 2_000_000n, krw: 5_000n },
      { upToKrw: null, krw: 8_000n },
    ],
  },
  asOf: "2026-01-15",
  source: "tests/unit/remittance.test.ts",
};

/** Made up too: a flat fee and two currencies with their own margins. */
const philippines: Corridor = {
  country: "PH",
  provider: "Sample Transfer (fictional)",
  offers: [
    { currency: "PHP", marginBasisPoints: 100 },
    { currency: "USD", marginBasisPoints: 50 },
  ],
  fee: { kind: "flat", krw: 4_000n },
  asOf: "2026-01-15",
  source: "tests/unit/remittance.test.ts",
};

const rate = (currency: CurrencyCode, units: bigint, scale: number, unit: 1 | 100 = 1): Rate => ({
  currency,
  unit,
  krw: { units, scale },
});
const usd = rate("USD", 147_450n, 2); // 1,474.50
const vnd = rate("VND", 552n, 2, 100); // 5.52 per 100
const php = rate("PHP", 2_512n, 2); // 25.12

describe("quote by the amount sent", () => {
  it("itemises fee, applied rate with its margin, total and the amount received (rounded down)", () => {
    const result = quote({ corridor: vietnam, currency: "VND", send: 1_000_000n }, { base: vnd, usd });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const q = result.value;
    expect(q.fee).toEqual({ currency: "KRW", minor: 5_000n });
    expect(q.total).toEqual({ currency: "KRW", minor: 1_005_000n });
    expect(q.appliedRate).toEqual({ currency: "VND", unit: 100, krw: { units: 552n * 10_150n, scale: 6 } }); // 5.6028
    expect(q.margin).toEqual({ units: 552n * 150n, scale: 6 }); // 0.0828 won per 100 dong
    expect(q.marginBasisPoints).toBe(150);
    // 1,000,000 / 5.6028 × 100 = 17,848,218.75…
    expect(q.receive).toEqual({ currency: "VND", minor: 17_848_218n });
    expect([q.country, q.provider, q.asOf, q.source]).toEqual(["VN", vietnam.provider, "2026-01-15", vietnam.source]);
  });

  it("pays out in the currency chosen, at that currency's margin", () => {
    const peso = quote({ corridor: philippines, currency: "PHP", send: 300_000n }, { base: php, usd });
    expect(peso.ok && peso.value.receive).toEqual({ currency: "PHP", minor: 1_182_443n }); // at 25.3712
    expect(peso.ok && peso.value.margin).toEqual({ units: 2_512n * 100n, scale: 6 }); // 0.2512 won a peso
    const dollar = quote({ corridor: philippines, currency: "USD", send: 1_000_000n }, { base: usd, usd });
    expect(dollar.ok && dollar.value.receive).toEqual({ currency: "USD", minor: 67_482n }); // at 1,481.8725
    expect(dollar.ok && dollar.value.fee.minor).toBe(4_000n);
  });

  it("charges the tier the amount sent falls in, its upper bound included", () => {
    expect(feeFor(vietnam.fee, 1n)).toBe(3_000n);
    expect(feeFor(vietnam.fee, 500_000n)).toBe(3_000n);
    expect(feeFor(vietnam.fee, 500_001n)).toBe(5_000n);
    expect(feeFor(vietnam.fee, 2_000_001n)).toBe(8_000n);
    expect(feeFor(philippines.fee, 7_000_000n)).toBe(4_000n);
  });
});

describe("quote by the amount to arrive", () => {
  it("asks the fewest won that deliver at least that much", () => {
    const q = quote({ corridor: vietnam, currency: "VND", receive: 17_848_218n }, { base: vnd, usd });
    expect(q.ok && q.value.send).toEqual({ currency: "KRW", minor: 1_000_000n }); // 999,999.958… rounded up
    expect(q.ok && q.value.total.minor).toBe(1_005_000n);
    const exact = quote({ corridor: philippines, currency: "PHP", receive: 1_000_000n }, { base: php, usd });
    expect(exact.ok && exact.value.send.minor).toBe(253_712n); // 10,000 × 25.3712, nothing to round
    const dollars = quote({ corridor: philippines, currency: "USD", receive: 50_000n }, { base: usd, usd });
    expect(dollars.ok && dollars.value.send.minor).toBe(740_937n); // 500 × 1,481.8725 = 740,936.25
  });
});

describe("refusals", () => {
  it("names the per-transaction limit (USD 5,000 at the USD base rate) either way round", () => {
    const limit = { usd: { currency: "USD", minor: 500_000n }, krw: { currency: "KRW", minor: 7_372_500n } };
    expect(quote({ corridor: vietnam, currency: "VND", send: 7_372_500n }, { base: vnd, usd }).ok).toBe(true);
    expect(quote({ corridor: vietnam, currency: "VND", send: 7_372_501n }, { base: vnd, usd })).toEqual({
      ok: false,
      problem: "overTransactionLimit",
      limit,
    });
    expect(quote({ corridor: philippines, currency: "USD", receive: 500_000n }, { base: usd, usd })).toEqual({
      ok: false,
      problem: "overTransactionLimit",
      limit,
    });
  });

  it("gives the yearly limit across providers in won beside every quote", () => {
    const q = quote({ corridor: vietnam, currency: "VND", send: 100_000n }, { base: vnd, usd });
    expect(q.ok && q.value.limits.yearly).toEqual({
      usd: { currency: "USD", minor: 10_000_000n },
      krw: { currency: "KRW", minor: 147_450_000n },
    });
    expect(REMITTANCE_LIMITS.yearlySince).toBe("2026-01-01");
  });

  it("refuses a currency the corridor does not pay out, nothing to send, and too little to deliver a unit", () => {
    expect(quote({ corridor: vietnam, currency: "USD", send: 100_000n }, { base: usd, usd })).toEqual({
      ok: false,
      problem: "currencyNotOffered",
    });
    expect(quote({ corridor: vietnam, currency: "VND", send: 0n }, { base: vnd, usd })).toEqual({
      ok: false,
      problem: "amountNotPositive",
    });
    expect(quote({ corridor: vietnam, currency: "VND", receive: -5n }, { base: vnd, usd })).toEqual({
      ok: false,
      problem: "amountNotPositive",
    });
    // One cent costs 14.8 won.
    expect(quote({ corridor: philippines, currency: "USD", send: 14n }, { base: usd, usd })).toEqual({
      ok: false,
      problem: "sendTooSmall",
    });
  });

  it("throws on rates of the wrong currency and on corridor data that cannot be quoted", () => {
    expect(() => quote({ corridor: vietnam, currency: "VND", send: 1n }, { base: php, usd })).toThrow(RangeError);
    const broken: Corridor = { ...vietnam, offers: [{ currency: "VND", marginBasisPoints: -5 }] };
    expect(() => quote({ corridor: broken, currency: "VND", send: 1_000n }, { base: vnd, usd })).toThrow(/margin/);
  });

  it("lists what is wrong with a corridor's data", () => {
    expect(corridorProblems(vietnam)).toEqual([]);
    expect(corridorProblems(philippines)).toEqual([]);
    expect(
      corridorProblems({
        country: "Vietnam",
        provider: " ",
        offers: [],
        fee: {
          kind: "tiered",
          tiers: [
            { upToKrw: 5n, krw: 1n },
            { upToKrw: 2n, krw: -1n },
            { upToKrw: 9n, krw: 1n },
          ],
        },
        asOf: "15/01/2026",
        source: "",
      }),
    ).toEqual([
      "country is not an ISO 3166 alpha-2 code",
      "provider is missing",
      "source is missing",
      "asOf is not yyyy-mm-dd",
      "no currency offered",
      "the last fee tier must be open-ended",
      "fee is negative",
      "fee tiers are not in ascending order",
    ]);
  });
});

describe("round trips", () => {
  const anyMarket = fc.record({
    currency: fc.constantFrom<CurrencyCode>("VND", "PHP", "USD", "JPY", "IDR", "KWD", "MNT"),
    units: fc.bigInt({ min: 1n, max: 5_000_000n }),
    scale: fc.integer({ min: 0, max: 4 }),
    unit: fc.constantFrom<1 | 100>(1, 100),
    marginBasisPoints: fc.integer({ min: 0, max: 500 }),
  });
  const corridorFor = (currency: CurrencyCode, marginBasisPoints: number): Corridor => ({
    ...philippines,
    offers: [{ currency, marginBasisPoints }],
  });

  it("send → receive → send comes back to the amount, short by less than one minor unit's worth of won", () => {
    fc.assert(
      fc.property(anyMarket, fc.bigInt({ min: 1n, max: 7_372_500n }), (market, send) => {
        const base = rate(market.currency, market.units, market.scale, market.unit);
        const corridor = corridorFor(market.currency, market.marginBasisPoints);
        const there = quote({ corridor, currency: market.currency, send }, { base, usd });
        fc.pre(there.ok);
        if (!there.ok) return;
        const back = quote({ corridor, currency: market.currency, receive: there.value.receive.minor }, { base, usd });
        if (!back.ok) throw new Error(back.problem);
        const oneUnit = toKrw(
          { currency: market.currency, minor: 1n },
          appliedRate(base, market.marginBasisPoints),
          "up",
        );
        expect(back.value.send.minor).toBeLessThanOrEqual(send);
        expect(send - back.value.send.minor).toBeLessThan(oneUnit.minor);
        // Where a minor unit is worth a won or less, the trip is exact.
        if (oneUnit.minor <= 1n) expect(back.value.send.minor).toBe(send);
        expect(back.value.receive).toEqual(there.value.receive);
      }),
      { numRuns: 300 },
    );
  });

  it("receive → send → receive delivers at least what was asked", () => {
    fc.assert(
      fc.property(anyMarket, fc.bigInt({ min: 1n, max: 10n ** 8n }), (market, wanted) => {
        const base = rate(market.currency, market.units, market.scale, market.unit);
        const corridor = corridorFor(market.currency, market.marginBasisPoints);
        const asked = quote({ corridor, currency: market.currency, receive: wanted }, { base, usd });
        fc.pre(asked.ok);
        if (!asked.ok) return;
        const sent = quote({ corridor, currency: market.currency, send: asked.value.send.minor }, { base, usd });
        if (!sent.ok) throw new Error(sent.problem);
        expect(sent.value.receive.minor).toBeGreaterThanOrEqual(wanted);
        // …and one won less would not have.
        const less = fromKrw({ currency: "KRW", minor: asked.value.send.minor - 1n }, asked.value.appliedRate);
        expect(less.minor).toBeLessThan(wanted);
      }),
      { numRuns: 300 },
    );
  });
});
