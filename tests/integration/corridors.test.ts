/**
 * Issue 40, every corridor answers: with the data the app ships (the corridors and local mode's sample of rates,
 * written as the server writes them at start), each of the 19 corridors gives an estimate; one whose currency has
 * no won rate answers in US dollars and says so, with a cross-rate estimate where a dated central bank rate ships
 * (decision 0091); /admin/rates lists what the public pages cannot quote and what they quote from the sample; the
 * home page shows the member's corridor rate (visitors: the US dollar's) with its source and day.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { seedKind } from "~/content/kind.server";
import { corridorsKind, shippedCorridors } from "~/finance/corridorsKind.server";
import { daysBetween } from "~/finance/exchange";
import type { HomeRate } from "~/finance/homeRate.server";
import { loadSampleRates, sampleSnapshot, usdCrossRates, type RateCoverage } from "~/finance/rates.server";
import type { RemittancePage } from "~/finance/remittancePage.server";
import { languageCookie } from "~/i18n/i18next.server";
import { formatDate } from "~/lib/format";
import { loader as ratesLoader } from "~/routes/admin.rates";
import { loader as indexLoader } from "~/routes/_index";
import { loader as remittanceLoader } from "~/routes/finance.remittance";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const T0 = Date.UTC(2026, 11, 2, 3, 0, 0);
const sample = sampleSnapshot();
const wonRated = new Set<string>(sample.rates.map((rate) => rate.base.currency));
/** Days from a rate's day to today in Korea, as the pages count them (they read the clock). */
const age = (day: string) => daysBetween(day, formatDate(Date.now()));

beforeAll(async () => {
  await seedKind(services.stores, corridorsKind, T0);
  expect(await loadSampleRates(services.stores, services.config, T0)).toBe(true);
});

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
const call = (route: Route, url: string, headers: Record<string, string> = {}) =>
  run(() => route({ request: new Request(`http://x${url}`, { headers }), params: {}, context }));

async function remittance(query: Record<string, string>): Promise<RemittancePage> {
  const response = await call(remittanceLoader, `/finance/remittance?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as RemittancePage;
}

async function member(profile: { nationality: string }, admin = false) {
  const { uid } = await services.identity.admin.auth.createUser({ email: `c-${randomUUID()}@example.com` });
  await registerMember(services, uid, { name: "Corridor Kim", ...profile });
  if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) throw new Error("signInAs failed");
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) throw new Error(session.reason);
  const jar = new Jar();
  jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
  return jar;
}

describe("every corridor, with the shipped data", () => {
  it("gives an estimate for each of the 19 countries, in its currency or through US dollars", async () => {
    const countries = shippedCorridors();
    expect(countries).toHaveLength(19);
    const throughUsd: string[] = [];
    for (const corridor of countries) {
      const page = await remittance({ country: corridor.country, currency: "", send: "1,000,000", receive: "" });
      expect(page.errors, corridor.country).toEqual({});
      expect(page.result, corridor.country).not.toBeNull();
      const local = corridor.offers[0]!.currency;
      if (wonRated.has(local)) {
        expect(page.result).toMatchObject({ currency: local, via: null });
      } else {
        throughUsd.push(local);
        expect(page.result).toMatchObject({ currency: "USD", via: { currency: local } });
      }
      // The base rate row's facts: the sample, its source and day, and its age.
      expect(page.rate).toMatchObject({ kind: "sample", name: sample.sourceName, day: sample.day, old: true });
      expect(page.rate?.ageDays).toBe(age(sample.day));
    }
    expect(throughUsd.sort()).toEqual(["BDT", "KGS", "KHR", "LKR", "MMK", "MNT", "NPR", "PKR", "TRY", "UZS"]);
    // Every corridor's list carries US dollars from the first render, and each country's list comes with the page.
    const first = await remittance({});
    expect(first.currencies[0]).toMatchObject({ code: "USD" });
    expect(Object.keys(first.currenciesByCountry)).toHaveLength(19);
    for (const list of Object.values(first.currenciesByCountry)) expect(list.map((c) => c.code)).toContain("USD");
  });

  it("answers Nepal in US dollars and says so, with no local amount where no dated rate ships", async () => {
    const page = await remittance({ country: "NP", send: "1,000,000", receive: "" });
    // 1,418.5 won per dollar + 1 %: 1,432.685; 1,000,000 / 1,432.685 = 697.99 dollars, rounded down.
    expect(page.result).toMatchObject({ currency: "USD", receive: "697.99", fee: "10,000", baseRate: "1,418.5" });
    expect(page.result?.via).toEqual({ currency: "NPR", cross: null });
    expect(usdCrossRates().some((rate) => rate.currency === "NPR")).toBe(false);
    // Asked by an amount to arrive in rupees, with nothing to convert it by: said, the input kept.
    const back = await remittance({ country: "NP", send: "", receive: "50000" });
    expect(back.result).toBeNull();
    expect(back.errors).toEqual({ receive: 'remittance.errors.receiveThroughUsd::{"currency":"NPR"}' });
    expect(back.form.receive).toBe("50000");
  });

  it("estimates Pakistan's rupees through the State Bank of Pakistan's dated dollar rate, both ways", async () => {
    const sent = await remittance({ country: "PK", send: "1,000,000", receive: "" });
    expect(sent.result).toMatchObject({ currency: "USD", receive: "697.99" });
    // 697.99 × 279.6035 = 195,160.44 rupees (rounded down), a cross-rate estimate with its own day and source.
    expect(sent.result?.via).toEqual({
      currency: "PKR",
      cross: {
        amount: "195,160.44",
        perUsd: "279.6035",
        sourceName: "State Bank of Pakistan",
        sourceUrl: "https://www.sbp.org.pk/ecodata/rates/war/WAR-Current.asp",
        day: "2026-01-23",
        ageDays: age("2026-01-23"),
        old: true,
      },
    });
    // 50,000 rupees to arrive: 178.83 dollars (rounded up), so at least that many rupees arrive.
    const asked = await remittance({ country: "PK", currency: "PKR", send: "", receive: "50,000" });
    expect(asked.errors).toEqual({});
    expect(asked.result).toMatchObject({ direction: "receive", currency: "USD", receive: "178.83", send: "256,208" });
    expect(asked.result?.via?.cross?.amount).toBe("50,001.49");
  });
});

describe("Bangladesh's taka through Bangladesh Bank's dated dollar rate (decision 0102)", () => {
  it("estimates the taka both ways, the rate's own source and day on it", async () => {
    const sent = await remittance({ country: "BD", send: "1,000,000", receive: "" });
    // The same tiers and margin as Nepal: 697.99 dollars; × 122.30 = 85,364.17 taka (rounded down).
    expect(sent.result).toMatchObject({ currency: "USD", receive: "697.99" });
    expect(sent.result?.via).toEqual({
      currency: "BDT",
      cross: {
        amount: "85,364.17",
        perUsd: "122.3",
        sourceName: "Bangladesh Bank",
        sourceUrl: "https://www.bb.org.bd/",
        day: "2026-01-20",
        ageDays: age("2026-01-20"),
        old: true,
      },
    });
    // 50,000 taka to arrive: 408.84 dollars (50,000 / 122.30 rounded up), so at least 50,001.13 taka arrive.
    const asked = await remittance({ country: "BD", currency: "BDT", send: "", receive: "50,000" });
    expect(asked.errors).toEqual({});
    expect(asked.result).toMatchObject({ direction: "receive", currency: "USD", receive: "408.84" });
    expect(asked.result?.via?.cross?.amount).toBe("50,001.13");
  });
});

describe("/admin/rates", () => {
  it("lists the currencies quoted through US dollars and those quoted from the sample", async () => {
    const jar = await member({ nationality: "VN" }, true);
    const response = await call(ratesLoader, "/admin/rates", { Cookie: jar.header });
    expect(response.status).toBe(200);
    const { coverage } = (await response.json()) as { coverage: RateCoverage };
    expect(coverage.usdMissing).toBe(false);
    expect(coverage.throughUsd.map((item) => item.currency)).toEqual([
      "BDT",
      "KGS",
      "KHR",
      "LKR",
      "MMK",
      "MNT",
      "NPR",
      "PKR",
      "TRY",
      "UZS",
    ]);
    expect(coverage.throughUsd.find((item) => item.currency === "PKR")?.crossRate).toEqual({
      day: "2026-01-23",
      sourceName: "State Bank of Pakistan",
    });
    expect(coverage.throughUsd.find((item) => item.currency === "BDT")?.crossRate).toEqual({
      day: "2026-01-20",
      sourceName: "Bangladesh Bank",
    });
    const local = coverage.throughUsd.filter((item) => item.crossRate).map((item) => item.currency);
    expect(local).toEqual(["BDT", "PKR"]);
    expect(coverage.fromSample).toEqual({ currencies: [...wonRated].sort(), day: sample.day });
  });
});

describe("the live rate on home", () => {
  const home = async (headers: Record<string, string>) => {
    const cookie = (await languageCookie().serialize("en")).split(";")[0]!;
    const response = await call(indexLoader, "/", {
      "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0",
      ...headers,
      Cookie: [cookie, headers.Cookie].filter(Boolean).join("; "),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { rate: HomeRate | null }).rate;
  };

  it("shows a visitor the US dollar's rate with its source and day, one tap from the estimate", async () => {
    expect(await home({})).toEqual({
      country: null,
      currency: "USD",
      unit: 1,
      krw: "1,418.5",
      throughUsd: null,
      rate: { sample: true, source: sample.sourceName, day: sample.day, ageDays: age(sample.day), old: true },
      href: "/finance/remittance",
    });
  });

  it("shows a member their corridor's rate, or the dollar's where estimates go through it", async () => {
    const vietnamese = await home({ Cookie: (await member({ nationality: "VN" })).header });
    expect(vietnamese).toMatchObject({
      country: { code: "VN", name: "Vietnam" },
      currency: "VND",
      unit: 100,
      krw: "5.44",
      throughUsd: null,
      rate: { sample: true, source: sample.sourceName, day: sample.day },
      href: "/finance/remittance?country=VN",
    });
    const nepali = await home({ Cookie: (await member({ nationality: "NP" })).header });
    expect(nepali).toMatchObject({ currency: "USD", throughUsd: "NPR", href: "/finance/remittance?country=NP" });
    // The link fills the form in: the country's currencies, no error before anything is asked.
    const linked = await remittance({ country: "NP" });
    expect(linked.errors).toEqual({});
    expect(linked.currencies.map((c) => c.code)).toEqual(["NPR", "USD"]);
  });
});
