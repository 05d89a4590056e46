/**
 * The rates store's contract: each whole-day source's snapshot is replaced whole (never by an empty one), operator
 * rates are kept per currency ("unchanged" when the same), every client and a reopened store read the same, and
 * `current()` gives one rate per currency: the newest day, then the Eximbank over the operator over the sample.
 */
import { describe, expect, it } from "vitest";
import type { Decimal } from "~/finance/money";
import type { OperatorRateIn, RateFigures } from "~/stores/stores";
import { implementations, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 20, 3, 0, 0);
const d = (units: bigint, scale: number): Decimal => ({ units, scale });

const usd: RateFigures = {
  base: { currency: "USD", unit: 1, krw: d(146550n, 2) },
  ttb: d(145084n, 2),
  tts: d(148015n, 2),
};
const jpy: RateFigures = {
  base: { currency: "JPY", unit: 100, krw: d(94812n, 2) },
  ttb: d(93863n, 2),
  tts: d(95760n, 2),
};
const exim = (day: string, rates: RateFigures[]) => ({
  day,
  sourceName: "Korea Eximbank",
  sourceUrl: null,
  rates,
});
const operator = (overrides: Partial<OperatorRateIn> = {}): OperatorRateIn => ({
  base: { currency: "VND", unit: 100, krw: d(5571n, 2) },
  ttb: null,
  tts: null,
  day: "2026-11-19",
  sourceName: "Operator",
  sourceUrl: "https://example.org/vnd",
  ...overrides,
});

describe.each(implementations)("rates store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("gives back a snapshot exactly, to another client and after reopening", async () => {
    await clients.a.rates.replaceSnapshot("eximbank", exim("2026-11-20", [usd, jpy]), T0);
    const expected = [jpy, usd].map((r) => ({
      ...r,
      currency: r.base.currency,
      source: "eximbank",
      sourceName: "Korea Eximbank",
      sourceUrl: null,
      day: "2026-11-20",
      storedAt: T0,
    }));
    expect(await clients.b.rates.list("eximbank")).toEqual(expected);
    expect(await clients.b.rates.current()).toEqual(expected);
    const reopened = await clients.backing.open();
    expect(await reopened.rates.current()).toEqual(expected);
  });

  it("replaces a snapshot whole, and refuses an empty one, keeping the last good", async () => {
    await clients.a.rates.replaceSnapshot("eximbank", exim("2026-11-19", [usd, jpy]), T0);
    await clients.b.rates.replaceSnapshot("eximbank", exim("2026-11-20", [usd]), T0 + 1);
    expect((await clients.a.rates.list("eximbank")).map((r) => [r.currency, r.day])).toEqual([["USD", "2026-11-20"]]);
    await expect(clients.a.rates.replaceSnapshot("eximbank", exim("2026-11-21", []), T0 + 2)).rejects.toThrow();
    expect((await clients.b.rates.current()).map((r) => [r.currency, r.day, r.storedAt])).toEqual([
      ["USD", "2026-11-20", T0 + 1],
    ]);
    await clients.a.rates.replaceSnapshot("sample", exim("2026-08-14", [jpy]), T0);
    await clients.b.rates.dropSnapshot("sample");
    expect(await clients.a.rates.list("sample")).toEqual([]);
    expect(await clients.a.rates.list("eximbank")).toHaveLength(1);
  });

  it("keeps operator rates per currency; the same one again is unchanged", async () => {
    expect(await clients.a.rates.saveOperatorRate(operator(), T0)).toBe("created");
    expect(await clients.b.rates.saveOperatorRate(operator(), T0 + 1)).toBe("unchanged");
    expect(await clients.b.rates.saveOperatorRate(operator({ day: "2026-11-20" }), T0 + 2)).toBe("updated");
    const [vnd] = await clients.a.rates.list("operator");
    expect(vnd).toEqual({ ...operator({ day: "2026-11-20" }), currency: "VND", source: "operator", storedAt: T0 + 2 });
    expect(await clients.a.rates.list("sample")).toEqual([]);
  });

  it("chooses per currency the newest day, then the Eximbank over the operator over the sample", async () => {
    const sampleUsd = { ...usd, base: { ...usd.base, krw: d(1400n, 0) } };
    await clients.a.rates.replaceSnapshot(
      "sample",
      { ...exim("2026-11-21", [sampleUsd, jpy]), sourceName: "Bank" },
      T0,
    );
    await clients.a.rates.replaceSnapshot("eximbank", exim("2026-11-20", [usd, jpy]), T0);
    await clients.a.rates.saveOperatorRate(operator({ base: { currency: "USD", unit: 1, krw: d(1466n, 0) } }), T0);
    await clients.a.rates.saveOperatorRate(
      operator({ day: "2026-11-21", base: { currency: "JPY", unit: 100, krw: d(950n, 0) } }),
      T0,
    );
    await clients.a.rates.saveOperatorRate(operator(), T0);
    const chosen = (await clients.b.rates.current()).map((r) => [r.currency, r.source, r.day]);
    expect(chosen).toEqual([
      ["JPY", "operator", "2026-11-21"],
      ["USD", "sample", "2026-11-21"],
      ["VND", "operator", "2026-11-19"],
    ]);
    await clients.a.rates.replaceSnapshot("eximbank", exim("2026-11-21", [usd, jpy]), T0 + 1);
    expect((await clients.b.rates.current()).map((r) => [r.currency, r.source])).toEqual([
      ["JPY", "eximbank"],
      ["USD", "eximbank"],
      ["VND", "operator"],
    ]);
  });

  it("remembers each source's last fetch", async () => {
    expect(await clients.a.rates.fetchState("eximbank")).toBeNull();
    const state = { source: "eximbank" as const, attemptedAt: T0, outcome: "4", notBefore: T0 + 3_600_000 };
    await clients.a.rates.recordFetch(state);
    await clients.b.rates.recordFetch({ ...state, attemptedAt: T0 + 1 });
    expect(await clients.a.rates.fetchState("eximbank")).toEqual({ ...state, attemptedAt: T0 + 1 });
    expect(await clients.a.rates.fetchState("operator")).toBeNull();
  });
});
