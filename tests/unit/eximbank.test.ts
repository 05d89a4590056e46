/**
 * The AP01 adapter against recorded answers (tests/unit/fixtures/eximbank) served over real HTTP by a local
 * server: a normal day, weekends and holidays stepped back over, error codes, an HTML page, time-outs
 * (a server that never answers, one that stops mid-body) and connection resets retried with backoff. Then the
 * rates job it feeds (app/finance/rates.server.ts) into a real SQLite store: a normal day stored, a weekend
 * stepped back over, result 3, an HTML page, a time-out and empty days each leaving the last good snapshot with
 * its day and stored time, code 4 not asked again before midnight in Korea, a day already held not asked again.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isStale } from "~/finance/exchange";
import { DAYS_BACK, fetchRates, parseAp01 } from "~/finance/eximbank.server";
import { eximbankProvider, refreshRates } from "~/finance/rates.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { Stores } from "~/stores/stores";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "fixtures/eximbank", name), "utf8");
const normalDay = fixture("ap01-2025-11-21.sample.json");
const weekend = fixture("ap01-weekend-empty.json");

/** What the server does for a `searchdate`: answer a body, hang, stop mid-body or reset the connection. */
type Behaviour =
  { body: string; status?: number; type?: string } | { hang: true } | { stallBody: true } | { reset: true };

let server: http.Server;
let host: string;
/** Behaviours per searchdate, used in order (the last one repeats); unknown dates answer `[]`. */
let plan: Map<string, Behaviour[]>;
let requests: URL[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    const queue = plan.get(url.searchParams.get("searchdate") ?? "") ?? [{ body: weekend }];
    const behaviour = (queue.length > 1 ? queue.shift() : queue[0]) as Behaviour;
    if ("hang" in behaviour) return;
    if ("reset" in behaviour) return req.socket.resetAndDestroy();
    if ("stallBody" in behaviour) {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100000" });
      res.write("[{");
      return;
    }
    res.writeHead(behaviour.status ?? 200, { "content-type": behaviour.type ?? "application/json;charset=UTF-8" });
    res.end(behaviour.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  plan = new Map();
  requests = [];
});

const dates = () => requests.map((url) => url.searchParams.get("searchdate"));
const options = { authKey: "test-key", timeoutMs: 2_000, backoffMs: 20 };

describe("fetchRates over HTTP", () => {
  it("reads a normal day: 22 currencies besides the won, per-100 units, China's yuan as CNY", async () => {
    plan.set("20251121", [{ body: normalDay }]);
    const result = await fetchRates({ ...options, host, date: "2025-11-21" });
    expect(requests[0]?.pathname).toBe("/site/program/financial/exchangeJSON");
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      authkey: "test-key",
      searchdate: "20251121",
      data: "AP01",
    });
    if (result.kind !== "rates") throw new Error(JSON.stringify(result));
    expect(result.date).toBe("2025-11-21");
    expect(result.rates).toHaveLength(22);
    const byCode = new Map(result.rates.map((r) => [r.currency, r]));
    expect(byCode.has("KRW")).toBe(false);
    expect(byCode.get("USD")).toEqual({
      currency: "USD",
      sourceCode: "USD",
      unit: 1,
      base: { units: 14_745n, scale: 1 }, // "1,474.50": trailing zeros dropped
      ttb: { units: 145_976n, scale: 2 },
      tts: { units: 148_925n, scale: 2 },
    });
    expect(byCode.get("JPY")).toMatchObject({ unit: 100, base: { units: 93_917n, scale: 2 } });
    expect(byCode.get("IDR")).toMatchObject({ unit: 100, base: { units: 883n, scale: 2 } });
    expect(byCode.get("CNY")).toMatchObject({ sourceCode: "CNH", unit: 1, base: { units: 20_737n, scale: 2 } });
    expect(byCode.get("KWD")?.base).toEqual({ units: 479_512n, scale: 2 }); // "4,795.12"
  });

  it("reads upper-case keys the same", async () => {
    plan.set("20251121", [{ body: normalDay.replace(/"([a-z_]+)":/g, (_, key: string) => `"${key.toUpperCase()}":`) }]);
    const upper = await fetchRates({ ...options, host, date: "2025-11-21" });
    expect(upper).toEqual(parseAp01(normalDay, "2025-11-21"));
    expect(upper.kind).toBe("rates");
  });

  it("steps back over a weekend's empty answers to the last business day", async () => {
    plan.set("20251121", [{ body: normalDay }]);
    const result = await fetchRates({ ...options, host, date: "2025-11-23" }); // a Sunday
    expect(dates()).toEqual(["20251123", "20251122", "20251121"]);
    expect(result.kind === "rates" && result.date).toBe("2025-11-21");
  });

  it("steps back across a month and a year", async () => {
    plan.set("20251231", [{ body: normalDay }]);
    const result = await fetchRates({ ...options, host, date: "2026-01-02" });
    expect(dates()).toEqual(["20260102", "20260101", "20251231"]);
    expect(result.kind === "rates" && result.date).toBe("2025-12-31");
  });

  it(`gives up after ${DAYS_BACK} days back, all empty`, async () => {
    const result = await fetchRates({ ...options, host, date: "2025-10-09" });
    expect(requests).toHaveLength(DAYS_BACK + 1);
    expect(dates().at(-1)).toBe("20251002");
    expect(result).toEqual({ kind: "empty", from: "2025-10-09", to: "2025-10-02" });
  });

  it("asks for today in Korea when no date is given", async () => {
    // 01:00 on 22 November in Seoul is still the 21st in UTC.
    await fetchRates({ ...options, host, now: () => new Date("2025-11-21T16:00:00Z") });
    expect(dates()[0]).toBe("20251122");
  });

  it("stops at result 3 (key or address refused) without stepping back or retrying", async () => {
    plan.set("20251121", [{ body: fixture("ap01-result-3.json") }]);
    const result = await fetchRates({ ...options, host, date: "2025-11-21" });
    expect(result).toEqual({ kind: "error", code: 3, date: "2025-11-21" });
    expect(requests).toHaveLength(1);
  });

  it("stops at result 4 and says not to ask again before midnight in Korea", async () => {
    plan.set("20251121", [{ body: fixture("ap01-result-4.json") }]);
    const now = () => new Date("2025-11-21T05:00:00Z"); // 14:00 in Seoul
    const result = await fetchRates({ ...options, host, date: "2025-11-21", now });
    expect(result).toEqual({
      kind: "error",
      code: 4,
      date: "2025-11-21",
      notBefore: new Date("2025-11-21T15:00:00Z"),
    });
    expect(requests).toHaveLength(1);
  });

  it("reports the portal's HTML page, whatever its status", async () => {
    plan.set("20251121", [{ body: fixture("ap01-error-page.html"), type: "text/html;charset=UTF-8" }]);
    plan.set("20251120", [{ body: fixture("ap01-error-page.html"), type: "text/html", status: 503 }]);
    expect(await fetchRates({ ...options, host, date: "2025-11-21" })).toEqual({
      kind: "error",
      code: "html",
      date: "2025-11-21",
    });
    expect(await fetchRates({ ...options, host, date: "2025-11-20" })).toEqual({
      kind: "error",
      code: "html",
      date: "2025-11-20",
    });
  });

  it("reports another failed status as http, even with a JSON body", async () => {
    plan.set("20251121", [{ body: normalDay, status: 500 }]);
    expect(await fetchRates({ ...options, host, date: "2025-11-21" })).toMatchObject({ kind: "error", code: "http" });
  });

  it("times out on a server that never answers", async () => {
    plan.set("20251121", [{ hang: true }]);
    const started = Date.now();
    const result = await fetchRates({ ...options, host, date: "2025-11-21", timeoutMs: 300 });
    const took = Date.now() - started;
    expect(result).toEqual({ kind: "error", code: "timeout", date: "2025-11-21" });
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2_000);
    expect(requests).toHaveLength(1);
  });

  it("times out on a body that stops coming", async () => {
    plan.set("20251121", [{ stallBody: true }]);
    const result = await fetchRates({ ...options, host, date: "2025-11-21", timeoutMs: 300 });
    expect(result).toEqual({ kind: "error", code: "timeout", date: "2025-11-21" });
  });

  it("times out even with a fetch that never settles and ignores its signal", async () => {
    const neverAnswers = (() => new Promise<Response>(() => {})) as typeof fetch;
    const result = await fetchRates({ ...options, date: "2025-11-21", timeoutMs: 200, fetch: neverAnswers });
    expect(result).toEqual({ kind: "error", code: "timeout", date: "2025-11-21" });
  });

  it("retries a reset connection twice, waiting longer each time", async () => {
    plan.set("20251121", [{ reset: true }, { reset: true }, { body: normalDay }]);
    const started = Date.now();
    const result = await fetchRates({ ...options, host, date: "2025-11-21", backoffMs: 100 });
    expect(result.kind).toBe("rates");
    expect(dates()).toEqual(["20251121", "20251121", "20251121"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290); // 100 ms, then 200 ms
  });

  it("gives up after the second retry", async () => {
    plan.set("20251121", [{ reset: true }]);
    const result = await fetchRates({ ...options, host, date: "2025-11-21" });
    expect(result).toEqual({ kind: "error", code: "network", date: "2025-11-21" });
    expect(requests).toHaveLength(3);
  });

  it("does not retry a refused connection", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const started = Date.now();
    const result = await fetchRates({
      ...options,
      host: `http://127.0.0.1:${port}`,
      date: "2025-11-21",
      backoffMs: 1_000,
    });
    expect(result).toEqual({ kind: "error", code: "network", date: "2025-11-21" });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("refuses a date that is not yyyy-mm-dd", async () => {
    await expect(fetchRates({ ...options, host, date: "21/11/2025" })).rejects.toThrow(RangeError);
    await expect(fetchRates({ ...options, host, date: "2025-02-30" })).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });
});

describe("parseAp01", () => {
  const row = (fields: Record<string, unknown>) =>
    JSON.stringify([
      { result: 1, cur_unit: "USD", deal_bas_r: "1,474.5", ttb: "1,459.76", tts: "1,489.25", ...fields },
    ]);

  it("reads the recorded day and a byte-order mark before it", () => {
    const answer = parseAp01(`\uFEFF${normalDay}`, "2025-11-21");
    expect(answer.kind === "rates" && answer.rates.map((r) => r.currency).sort()).toEqual(
      ["AED", "AUD", "BHD", "BND", "CAD", "CHF", "CNY", "DKK", "EUR", "GBP", "HKD", "IDR", "JPY", "KWD", "MYR"]
        .concat(["NOK", "NZD", "SAR", "SEK", "SGD", "THB", "USD"])
        .sort(),
    );
  });

  it("tells empty days and error codes apart", () => {
    expect(parseAp01(weekend, "2025-11-22")).toEqual({ kind: "empty" });
    expect(parseAp01(fixture("ap01-result-3.json"), "2025-11-21")).toEqual({ kind: "error", code: 3 });
    expect(parseAp01('[{"RESULT":"2"}]', "2025-11-21")).toEqual({ kind: "error", code: 2 });
    expect(parseAp01('{"result":4}', "2025-11-21")).toEqual({ kind: "error", code: 4 });
    expect(parseAp01(fixture("ap01-error-page.html"), "2025-11-21")).toEqual({ kind: "error", code: "html" });
  });

  it("leaves out a currency the app does not know, and reads one whose figures are numbers", () => {
    const answer = parseAp01(
      JSON.stringify([
        { result: 1, cur_unit: "XAU", deal_bas_r: "1", ttb: "1", tts: "1" },
        { result: 1, cur_unit: "USD", deal_bas_r: 1474.5, ttb: 1459.76, tts: 1489.25 },
      ]),
      "2025-11-21",
    );
    expect(answer.kind === "rates" && answer.rates.map((r) => [r.currency, r.base])).toEqual([
      ["USD", { units: 14_745n, scale: 1 }],
    ]);
  });

  it.each([
    ["not JSON", "rates unavailable"],
    ["a string", '"[]"'],
    ["an unknown result", row({ result: 9 })],
    ["a missing unit", row({ cur_unit: null })],
    ["another unit", row({ cur_unit: "JPY(1000)" })],
    ["an unreadable figure", row({ deal_bas_r: "N/A" })],
    ["a zero figure", row({ tts: "0" })],
    ["a negative figure", row({ ttb: "-1" })],
    ["a comma as decimal mark", row({ deal_bas_r: "1474,50" })],
    ["a currency twice", JSON.stringify([...JSON.parse(row({})), ...JSON.parse(row({}))])],
    ["only the won", JSON.stringify([{ result: 1, cur_unit: "KRW", deal_bas_r: "1", ttb: "0", tts: "0" }])],
  ])("fails the whole answer on %s", (_, body) => {
    expect(parseAp01(body, "2025-11-21")).toEqual({ kind: "error", code: "format" });
  });
});

describe("the rates job (rates.server.ts) over HTTP into SQLite", () => {
  let dir: string;
  let stores: Stores;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-rates-"));
    stores = openSqliteStores(path.join(dir, "rates.sqlite"));
  });
  afterEach(async () => {
    await stores.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const provider = () => eximbankProvider({ ...options, host, timeoutMs: 300 });
  /** Friday 2025-11-21, 14:00 in Korea; Saturday; the next Monday. */
  const FRIDAY = new Date("2025-11-21T05:00:00Z");
  const SATURDAY = new Date("2025-11-22T05:00:00Z");
  const MONDAY = new Date("2025-11-24T05:00:00Z");

  async function storedFriday() {
    plan.set("20251121", [{ body: normalDay }]);
    expect(await refreshRates(stores, [provider()], FRIDAY)).toEqual({ eximbank: "stored" });
    plan.clear();
    requests = [];
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
    requests = [];
    expect(await refreshRates(stores, [provider()], FRIDAY)).toEqual({ eximbank: "current" });
    expect(dates()).toEqual([]);
  });

  it("on a weekend steps back to Friday, which it holds: nothing replaced, the stored time kept", async () => {
    await storedFriday();
    plan.set("20251121", [{ body: normalDay }]);
    const before = await held();
    expect(await refreshRates(stores, [provider()], SATURDAY)).toEqual({ eximbank: "unchanged" });
    expect(dates()).toEqual(["20251122", "20251121"]);
    expect(await held()).toEqual(before);
  });

  it("keeps the last good snapshot, with its real day and time, through result 3, HTML, a time-out and empty days", async () => {
    await storedFriday();
    const before = await held();
    const failures: [string, Behaviour][] = [
      ["3", { body: fixture("ap01-result-3.json") }],
      ["html", { body: fixture("ap01-error-page.html"), type: "text/html" }],
      ["timeout", { hang: true }],
    ];
    for (const [outcome, answer] of failures) {
      plan.set("20251124", [answer]);
      expect(await refreshRates(stores, [provider()], MONDAY), outcome).toEqual({ eximbank: outcome });
      expect(await held(), outcome).toEqual(before);
      expect((await stores.rates.fetchState("eximbank"))?.outcome).toBe(outcome);
    }
    // Eight empty days in a row (a week back from Monday, Friday included, answering []).
    plan.clear();
    expect(await refreshRates(stores, [provider()], MONDAY)).toEqual({ eximbank: "empty" });
    expect(await held()).toEqual(before);
    // Its age is the day's: stale by Friday of the next week.
    expect(isStale(before[0]![2], "2025-11-28")).toBe(true);
  });

  it("after code 4 asks nothing before midnight in Korea, then asks again", async () => {
    plan.set("20251124", [{ body: fixture("ap01-result-4.json") }]);
    expect(await refreshRates(stores, [provider()], MONDAY)).toEqual({ eximbank: "4" });
    const state = await stores.rates.fetchState("eximbank");
    expect(state?.notBefore).toBe(Date.parse("2025-11-24T15:00:00Z"));
    requests = [];
    expect(await refreshRates(stores, [provider()], new Date("2025-11-24T14:59:00Z"))).toEqual({
      eximbank: "waiting",
    });
    expect(dates()).toEqual([]);
    plan.set("20251125", [{ body: normalDay }]);
    expect(await refreshRates(stores, [provider()], new Date("2025-11-25T05:00:00Z"))).toEqual({ eximbank: "stored" });
  });
});
