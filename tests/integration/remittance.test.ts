/**
 * /finance/remittance and /admin/corridors through their loaders and actions against a temporary database (the
 * shipped corridors written as the server writes them at start, rates stored as the rates job stores them), and
 * the page through the built server as a browser without JavaScript gets it: both directions, both amounts at
 * once, the limit, every bad input of issue 28, a country or currency without figures, sample rates said so;
 * the content import's `corridors` key; the admin form for visitors, members and admins, with its audit.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { importContent } from "~/content/import.server";
import { CONTENT_KINDS } from "~/server/contentKinds.server";
import { corridorsKind, shippedCorridors } from "~/finance/corridorsKind.server";
import { seedKind } from "~/content/kind.server";
import { daysBetween } from "~/finance/exchange";
import { parseDecimal, type CurrencyCode } from "~/finance/money";
import { formatDate } from "~/lib/format";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { RemittancePage } from "~/finance/remittancePage.server";
import { loader as auditLoader } from "~/routes/admin.audit";
import { loader as corridorsLoader } from "~/routes/admin.corridors._index";
import { action as editAction, loader as editLoader } from "~/routes/admin.corridors.edit";
import { loader as remittanceLoader } from "~/routes/finance.remittance";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

/** The rates are today's (Korea's calendar): a fixed day would turn "old" a week after it was written. */
const T0 = Date.now();
const TODAY = formatDate(T0);
/** The rates' age as the page counts it: from their day to today in Korea (the loader reads the clock). */
const AGE = daysBetween(TODAY, formatDate(Date.now()));

const rate = (currency: string, krw: string, unit: 1 | 100 = 1) => ({
  base: { currency: currency as CurrencyCode, unit, krw: parseDecimal(krw)! },
  ttb: null,
  tts: null,
});

beforeAll(async () => {
  expect(await seedKind(services.stores, corridorsKind, T0)).toBe(shippedCorridors().length);
  // No NPR rate: Nepal's corridor exists, its rate does not.
  await services.stores.rates.replaceSnapshot(
    "sample",
    {
      day: TODAY,
      sourceName: "Test bank",
      sourceUrl: null,
      rates: [rate("USD", "1,400.00"), rate("VND", "5.50", 100), rate("JPY", "950.00", 100), rate("PHP", "24.50")],
    },
    T0,
  );
});

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
const call = (route: Route, request: Request) => run(() => route({ request, params: {}, context }));

async function page(query: Record<string, string> | string): Promise<RemittancePage> {
  const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
  const response = await call(remittanceLoader, new Request(`http://x/finance/remittance?${search}`));
  expect(response.status, search).toBe(200);
  return (await response.json()) as RemittancePage;
}

describe("the remittance estimate", () => {
  it("is an empty form at first, listing the 19 corridors with the limits explained", async () => {
    const first = await page("");
    expect(first.result).toBeNull();
    expect(first.errors).toEqual({});
    // The limit in won is a figure from a rate: its source and day are beside it, the sample said so.
    expect(first.usdRate).toEqual({
      kind: "sample",
      name: "Test bank",
      url: null,
      day: TODAY,
      ageDays: AGE,
      old: false,
    });
    expect(first.countries.map((c) => c.code).sort()).toEqual(
      shippedCorridors()
        .map((c) => c.country)
        .sort(),
    );
    expect(first.limits).toEqual({
      perTransactionUsd: "5,000",
      perTransactionKrw: "7,000,000",
      yearlyUsd: "100,000",
      yearlySince: "2026-01-01",
    });
  });

  it("gives what arrives for the won sent, itemised, with whose figures and the rate's source and day", async () => {
    const quoted = await page({ country: "VN", send: "1,000,000" });
    expect(quoted.errors).toEqual({});
    // 5.50 won per 100 VND, +1 %: 5.555; 1,000,000 × 100 / 5.555 = 18,001,800.18 → rounded down.
    expect(quoted.result).toEqual({
      direction: "send",
      currency: "VND",
      send: "1,000,000",
      fee: "10,000", // USD 714.28: the "up to USD 2,000" tier
      total: "1,010,000",
      receive: "18,001,800",
      unit: 100,
      baseRate: "5.5",
      appliedRate: "5.555",
      margin: "0.055",
      marginPercent: "1.00",
      via: null,
    });
    expect(quoted.corridor).toMatchObject({
      country: "VN",
      provider: null,
      source: null,
      asOf: "2026-11-22",
      bankCounter: true,
      unverified: ["margin", "currencies"],
    });
    expect(quoted.rate).toEqual({ kind: "sample", name: "Test bank", url: null, day: TODAY, ageDays: AGE, old: false });
    expect(quoted.form).toEqual({ country: "VN", currency: "", send: "1,000,000", receive: "" });
  });

  it("gives the won to send for an amount to arrive, and back again", async () => {
    const asked = await page({ country: "VN", currency: "VND", receive: "18001800" });
    expect(asked.result).toMatchObject({ direction: "receive", send: "1,000,000", receive: "18,001,800" });
    const dollars = await page({ country: "PH", currency: "USD", receive: "100.00" });
    // 100 × 1,414 = 141,400 won; USD 100 is the first tier.
    expect(dollars.result).toMatchObject({ send: "141,400", fee: "5,000", total: "146,400", receive: "100.00" });
    const yen = await page({ country: "JP", send: "95,950" });
    // 950 × 1.01 = 959.5 won per 100 yen: 95,950 won is exactly 10,000 yen.
    expect(yen.result).toMatchObject({ currency: "JPY", receive: "10,000", appliedRate: "959.5" });
  });

  it("refuses a transfer over the per-transaction limit, naming it in US dollars and won", async () => {
    expect((await page({ country: "VN", send: "7,000,000" })).result).not.toBeNull();
    const over = await page({ country: "VN", send: "7,000,001" });
    expect(over.result).toBeNull();
    expect(over.errors).toEqual({ send: 'remittance.errors.overLimit::{"usd":"5,000","krw":"7,000,000"}' });
    const overByReceive = await page({ country: "PH", currency: "USD", receive: "5000" });
    expect(overByReceive.errors.receive).toMatch(/^remittance.errors.overLimit/);
  });

  it("says every bad input next to its field, keeps it, never a number", async () => {
    const cases: [Record<string, string>, Partial<RemittancePage["errors"]>][] = [
      [{ country: "VN", send: "-5000" }, { send: "remittance.errors.amountNotPositive" }],
      [{ country: "VN", send: "0" }, { send: "remittance.errors.amountNotPositive" }],
      [{ country: "VN", send: "1000.5" }, { send: "remittance.errors.amountDecimals" }],
      [{ country: "VN", send: "1e400" }, { send: "remittance.errors.amountFormat" }],
      [{ country: "VN", send: "abc" }, { send: "remittance.errors.amountFormat" }],
      [{ country: "VN", send: "NaN" }, { send: "remittance.errors.amountFormat" }],
      [{ country: "VN", send: "9".repeat(400) }, { send: "remittance.errors.amountTooLarge" }],
      [{ country: "PH", currency: "USD", send: "14" }, { send: 'remittance.errors.sendTooSmall::{"currency":"USD"}' }],
      [
        { country: "VN", currency: "USD", receive: "10.005" },
        { receive: 'remittance.errors.amountDecimalsIn::{"currency":"USD","digits":2}' },
      ],
      [{ country: "VN", send: "1000", receive: "100" }, { amount: "remittance.errors.bothAmounts" }],
      [{ country: "VN", send: "", receive: "" }, { amount: "remittance.errors.amountRequired" }],
      [{ send: "1000" }, { country: "remittance.errors.countryRequired" }],
      [{ country: "XX", send: "1000" }, { country: 'remittance.errors.noCorridor::{"code":"XX"}' }],
      [{ country: "../etc", send: "1000" }, { country: 'remittance.errors.noCorridor::{"code":"../"}' }],
      [
        { country: "VN", currency: "EUR", send: "1000" },
        { currency: 'remittance.errors.currencyNotOffered::{"currency":"EUR","offered":"VND, USD"}' },
      ],
      [
        { country: "VN", currency: "<b>", send: "1000" },
        { currency: 'remittance.errors.currencyNotOffered::{"currency":"<B>","offered":"VND, USD"}' },
      ],
      // No won rate for rupees: an amount to arrive in them cannot be worked back (the won sent can, in dollars).
      [{ country: "NP", receive: "1000" }, { receive: 'remittance.errors.receiveThroughUsd::{"currency":"NPR"}' }],
    ];
    for (const [query, errors] of cases) {
      const answer = await page(query);
      expect(answer.errors, JSON.stringify(query)).toEqual(errors);
      expect(answer.result, JSON.stringify(query)).toBeNull();
      // Kept whole, however long (issue 40: everything typed is kept).
      expect(answer.form.send).toBe(query.send ?? "");
      const { form: _typed, ...shown } = answer;
      expect(JSON.stringify(shown)).not.toMatch(/NaN|Infinity|undefined/);
    }
    // Every problem at once: no country, and both amounts.
    expect((await page({ country: "", send: "x", receive: "-1" })).errors).toEqual({
      country: "remittance.errors.countryRequired",
      amount: "remittance.errors.bothAmounts",
      send: "remittance.errors.amountFormat",
    });
  });

  it("answers a corridor whose currency has no won rate in US dollars, and says so", async () => {
    const nepal = await page({ country: "NP", send: "1,000,000" });
    expect(nepal.errors).toEqual({});
    // 1,400 won per dollar + 1 %: 1,414; 1,000,000 / 1,414 = 707.21 dollars, rounded down.
    expect(nepal.result).toMatchObject({
      currency: "USD",
      receive: "707.21",
      baseRate: "1,400",
      via: { currency: "NPR" },
    });
    expect(nepal.result?.via?.cross).toBeNull();
    expect(nepal.rate).toMatchObject({ kind: "sample", day: TODAY });
    expect(nepal.form.currency).toBe("");
  });

  it("marks a rate more than a week old", async () => {
    await services.stores.rates.saveOperatorRate(
      { ...rate("NPR", "10.47"), day: "2026-11-01", sourceName: "Operator", sourceUrl: null },
      T0,
    );
    const old = await page({ country: "NP", send: "100000" });
    expect(old.rate).toMatchObject({ kind: "operator", day: "2026-11-01", old: true });
    // Once a won rate is entered, it wins: the estimate is in rupees again.
    expect(old.result).toMatchObject({ currency: "NPR", via: null });
    expect(old.usdRate).toMatchObject({ kind: "sample", day: TODAY });
    expect(old.result).not.toBeNull();
  });
});

describe("the corridors' content import", () => {
  const item = (country: string, marginBasisPoints = 120) => ({
    country,
    provider: "Example Remit",
    source: "https://example.com/fees",
    asOf: "2026-11-25",
    offers: [{ currency: "THB", marginBasisPoints }],
    fee: { kind: "flat", krw: 3_000 },
  });

  it("refuses a whole file with one bad corridor, then imports a good one once", async () => {
    const before = await services.stores.corridors.get("TH");
    const bad = await importContent(
      CONTENT_KINDS,
      services.stores,
      { corridors: [item("TH"), { ...item("LA"), fee: { kind: "tiered", tierCurrency: "KRW", tiers: [] } }] },
      T0,
    );
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([
      { key: "corridors", item: "#1", field: "fee.tiers", message: "corridorContent.tiersOrder" },
    ]);
    expect(await services.stores.corridors.get("TH")).toEqual(before);
    const unquotable = await importContent(
      CONTENT_KINDS,
      services.stores,
      { corridors: [{ ...item("TH"), fee: { kind: "tiered", tierCurrency: "KRW", tiers: [{ upTo: 5, krw: 1 }] } }] },
      T0,
    );
    expect(!unquotable.ok && unquotable.errors[0]?.message).toMatch(/^corridorContent.notQuotable::.*open-ended/);

    expect(await importContent(CONTENT_KINDS, services.stores, { corridors: [item("TH")] }, T0 + 1)).toEqual({
      ok: true,
      counts: { corridors: { created: 0, updated: 1, unchanged: 0 } },
    });
    expect(await importContent(CONTENT_KINDS, services.stores, { corridors: [item("TH")] }, T0 + 2)).toEqual({
      ok: true,
      counts: { corridors: { created: 0, updated: 0, unchanged: 1 } },
    });
    const quoted = await page({ country: "TH", send: "100000" });
    expect(quoted.errors.currency).toBe('remittance.errors.noRate::{"currency":"THB"}');
    expect(quoted.corridor).toMatchObject({ provider: "Example Remit", sourceIsLink: true, bankCounter: false });
  });
});

async function member(admin: boolean) {
  const { uid } = await services.identity.admin.auth.createUser({ email: `r-${randomUUID()}@example.com` });
  await registerMember(services, uid, { name: "Admin Park" });
  if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) throw new Error("signInAs failed");
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) throw new Error(`no session: ${session.reason}`);
  const jar = new Jar();
  jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
  return { uid, jar };
}

const load = (route: Route, url: string, jar = new Jar()) =>
  call(route, new Request(`http://x${url}`, { headers: { Cookie: jar.header } }));
const post = (url: string, jar: Jar, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(name, one);
  }
  return call(editAction, new Request(`http://x${url}`, { method: "POST", body, headers: { Cookie: jar.header } }));
};

const form = {
  country: "LA",
  provider: "Example Remit",
  source: "https://example.com/la",
  asOf: "2026-11-26",
  "offers.0.currency": "usd",
  "offers.0.margin": "90",
  feeKind: "tiered",
  tierCurrency: "KRW",
  "tiers.0.upTo": "1,000,000",
  "tiers.0.krw": "3,000",
  "tiers.1.upTo": "",
  "tiers.1.krw": "6000",
  unverified: ["fee"],
};

describe("the corridors' admin pages", () => {
  it("are the 404 page for visitors and members, reads and posts alike", async () => {
    for (const jar of [new Jar(), (await member(false)).jar]) {
      for (const [route, url] of [
        [corridorsLoader, "/admin/corridors"],
        [editLoader, "/admin/corridors/edit"],
        [editLoader, "/admin/corridors/edit?country=VN"],
      ] as const) {
        expect((await load(route, url, jar)).status, url).toBe(404);
      }
      expect((await post("/admin/corridors/edit", jar, form)).status).toBe(404);
    }
    expect(await services.stores.corridors.get("LA")).toBeNull();
  });

  it("let an admin add and edit a corridor, each problem next to its field, every change in the audit log", async () => {
    const admin = await member(true);
    const list = await load(corridorsLoader, "/admin/corridors", admin.jar);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(19);
    expect((await load(editLoader, "/admin/corridors/edit?country=ZZ", admin.jar)).status).toBe(404);
    const editing = (await (await load(editLoader, "/admin/corridors/edit?country=VN", admin.jar)).json()) as {
      fields: Record<string, unknown>;
    };
    expect(editing.fields).toMatchObject({ country: "VN", "offers.0.currency": "VND", "tiers.0.upTo": "500" });

    const refused = await post("/admin/corridors/edit", admin.jar, {
      ...form,
      country: "L1",
      "offers.0.margin": "-1",
      "offers.2.currency": "XYZ",
      "tiers.0.krw": "1.5",
      asOf: "26/11/2026",
    });
    expect(refused.status).toBe(400);
    const { errors, values } = (await refused.json()) as {
      errors: Record<string, string>;
      values: Record<string, unknown>;
    };
    expect(errors).toEqual({
      country: "corridorContent.country",
      asOf: "errors.form.invalidDate",
      "offers.0.margin": "corridorContent.margin",
      "offers.2.currency": "corridorContent.currencyUnknown",
      "offers.2.margin": "errors.form.required",
      "tiers.0.krw": "corridorContent.wholeWon",
    });
    expect(values).toMatchObject({ "offers.0.margin": "-1", asOf: "26/11/2026", unverified: ["fee"] });
    const unordered = await post("/admin/corridors/edit", admin.jar, {
      ...form,
      "tiers.1.upTo": "5",
      "tiers.2.krw": "7000",
    });
    expect(((await unordered.json()) as { errors: Record<string, string> }).errors[""]).toMatch(/ascending/);

    const saved = await post("/admin/corridors/edit", admin.jar, form);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/corridors");
    expect(await services.stores.corridors.get("LA")).toMatchObject({
      offers: [{ currency: "USD", marginBasisPoints: 90 }],
      fee: {
        kind: "tiered",
        tierCurrency: "KRW",
        tiers: [
          { upTo: 1_000_000, krw: 3_000 },
          { upTo: null, krw: 6_000 },
        ],
      },
      unverified: ["fee"],
    });
    // The country of an edit is its address's; the same figures again are no change.
    await post("/admin/corridors/edit?country=LA", admin.jar, {
      ...form,
      country: "VN",
      feeKind: "flat",
      flatKrw: "0",
    });
    expect((await services.stores.corridors.get("LA"))?.fee).toEqual({ kind: "flat", krw: 0 });
    await post("/admin/corridors/edit?country=LA", admin.jar, { ...form, feeKind: "flat", flatKrw: "0" });
    const audit = (await (await load(auditLoader, "/admin/audit", admin.jar)).json()) as {
      items: { action: string; target: string; actor: { kind: string; name?: string }; summary: string }[];
    };
    const mine = audit.items.filter((e) => e.target === "corridor LA");
    expect(mine.map((e) => [e.action, e.actor.name])).toEqual([
      ["update", "Admin Park"],
      ["create", "Admin Park"],
    ]);
    expect(mine[0]!.summary).toBe("LA: Example Remit, 2026-11-26");
  });
});

describe("the page through the built server", () => {
  let server: RunningServer;
  const dataDirs: string[] = [];
  beforeAll(async () => {
    // Rates in the server's database before it starts, as its rates job leaves them.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-remit-"));
    const stores = openSqliteStores(path.join(dataDir, "klife.sqlite"));
    await stores.rates.replaceSnapshot(
      "sample",
      {
        day: TODAY,
        sourceName: "Test bank",
        sourceUrl: null,
        rates: [rate("USD", "1,400.00"), rate("VND", "5.50", 100)],
      },
      T0,
    );
    await stores.close();
    server = await startServer({}, dataDir);
    dataDirs.push(dataDir);
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers without JavaScript in Korean and English, and never a 500 for hostile input", async () => {
    const ko = await fetch(`${server.url}/finance/remittance?lng=ko&country=VN&send=1%2C000%2C000`);
    expect(ko.status).toBe(200);
    const html = await ko.text();
    expect(html).toContain("해외송금");
    expect(html).toContain("받는 금액");
    expect(html).toContain("매매기준율");
    for (const bad of ["send=1e400", "country=%F0%9F%98%80&send=1", `send=${"9".repeat(5000)}`, "receive[]=1"]) {
      const response = await fetch(`${server.url}/finance/remittance?country=VN&${bad}`);
      expect(response.status, bad).toBe(200);
      expect(await response.text(), bad).not.toMatch(/NaN/);
    }
    // An address holding a NUL is refused before any page reads it (decision 0083).
    expect((await fetch(`${server.url}/finance/remittance?country=VN&send=%00`)).status).toBe(400);
  });
});
