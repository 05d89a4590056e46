/**
 * The exchange calculator's arithmetic and inputs (app/finance/exchange.ts), and the rates job (rates.server.ts):
 * the Eximbank provider over real HTTP fed the recorded answers (tests/unit/fixtures/eximbank) into a real SQLite
 * store: a normal day stored, a weekend stepped back over, result 3, an HTML page and a time-out each leaving the
 * last good snapshot with its day and stored time, code 4 not asked again before midnight in Korea, a day already
 * held not asked again; the operator rates' schema; the shipped sample.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { convert, daysBetween, isStale, readExchangeQuery } from "~/finance/exchange";
import { fromKrw, toKrw, type Rate } from "~/finance/money";
import {
  eximbankProvider,
  operatorRateItem,
  operatorRateOf,
  refreshRates,
  sampleSnapshot,
} from "~/finance/rates.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { Stores } from "~/stores/stores";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "fixtures/eximbank", name), "utf8");

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

describe("the rates job over HTTP into SQLite", () => {
  let server: http.Server;
  let host: string;
  /** What the stand-in answers, by `searchdate`; anything else is the weekend's `[]`. */
  let answers: Map<string, { body: string; type?: string } | "hang">;
  let asked: string[];
  let dir: string;
  let stores: Stores;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const date = new URL(req.url ?? "/", "http://x").searchParams.get("searchdate") ?? "";
      asked.push(date);
      const answer = answers.get(date) ?? { body: fixture("ap01-weekend-empty.json") };
      if (answer === "hang") return;
      res.writeHead(200, { "content-type": answer.type ?? "application/json" });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    answers = new Map();
    asked = [];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-rates-"));
    stores = openSqliteStores(path.join(dir, "rates.sqlite"));
  });
  afterEach(async () => {
    await stores.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const provider = () => eximbankProvider({ authKey: "k", host, timeoutMs: 300, backoffMs: 10 });
  /** Friday 2025-11-21, 14:00 in Korea; Saturday; the next Monday. */
  const FRIDAY = new Date("2025-11-21T05:00:00Z");
  const SATURDAY = new Date("2025-11-22T05:00:00Z");
  const MONDAY = new Date("2025-11-24T05:00:00Z");

  async function storedFriday() {
    answers.set("20251121", { body: fixture("ap01-2025-11-21.sample.json") });
    expect(await refreshRates(stores, [provider()], FRIDAY)).toEqual({ eximbank: "stored" });
    answers.clear();
    asked = [];
  }
  const held = async () =>
    (await stores.rates.current()).map((r) => [r.currency, r.source, r.day, r.storedAt] as const);

  it("stores a normal day whole, with TTB and TTS, and does not ask again for a day it holds", async () => {
    await storedFriday();
    const current = await stores.rates.current();
    expect(current).toHaveLength(22);
    const usd = current.find((r) => r.currency === "USD")!;
    expect(usd).toMatchObject({ source: "eximbank", day: "2025-11-21", storedAt: FRIDAY.getTime() });
    expect(usd.ttb!.units * 10n ** BigInt(usd.base.krw.scale)).toBeLessThan(
      usd.base.krw.units * 10n ** BigInt(usd.ttb!.scale),
    );
    expect(current.find((r) => r.currency === "JPY")!.base.unit).toBe(100);
    asked = [];
    expect(await refreshRates(stores, [provider()], FRIDAY)).toEqual({ eximbank: "current" });
    expect(asked).toEqual([]);
  });

  it("on a weekend steps back to Friday, which it holds: nothing replaced, the stored time kept", async () => {
    await storedFriday();
    answers.set("20251121", { body: fixture("ap01-2025-11-21.sample.json") });
    const before = await held();
    expect(await refreshRates(stores, [provider()], SATURDAY)).toEqual({ eximbank: "unchanged" });
    expect(asked).toEqual(["20251122", "20251121"]);
    expect(await held()).toEqual(before);
  });

  it("keeps the last good snapshot, with its real day and time, through result 3, HTML, a time-out and empty days", async () => {
    await storedFriday();
    const before = await held();
    const failures: [string, { body: string; type?: string } | "hang"][] = [
      ["3", { body: fixture("ap01-result-3.json") }],
      ["html", { body: fixture("ap01-error-page.html"), type: "text/html" }],
      ["timeout", "hang"],
    ];
    for (const [outcome, answer] of failures) {
      answers.set("20251124", answer);
      expect(await refreshRates(stores, [provider()], MONDAY), outcome).toEqual({ eximbank: outcome });
      expect(await held(), outcome).toEqual(before);
      expect((await stores.rates.fetchState("eximbank"))?.outcome).toBe(outcome);
    }
    // Eight empty days in a row (a week back from Monday, Friday included, answering []).
    answers.clear();
    expect(await refreshRates(stores, [provider()], MONDAY)).toEqual({ eximbank: "empty" });
    expect(await held()).toEqual(before);
    // Its age is the day's: stale by Friday of the next week.
    expect(isStale(before[0]![2], "2025-11-28")).toBe(true);
  });

  it("after code 4 asks nothing before midnight in Korea, then asks again", async () => {
    answers.set("20251124", { body: fixture("ap01-result-4.json") });
    expect(await refreshRates(stores, [provider()], MONDAY)).toEqual({ eximbank: "4" });
    const state = await stores.rates.fetchState("eximbank");
    expect(state?.notBefore).toBe(Date.parse("2025-11-24T15:00:00Z"));
    asked = [];
    expect(await refreshRates(stores, [provider()], new Date("2025-11-24T14:59:00Z"))).toEqual({
      eximbank: "waiting",
    });
    expect(asked).toEqual([]);
    answers.set("20251125", { body: fixture("ap01-2025-11-21.sample.json") });
    expect(await refreshRates(stores, [provider()], new Date("2025-11-25T05:00:00Z"))).toEqual({ eximbank: "stored" });
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
