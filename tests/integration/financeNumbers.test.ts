/**
 * Numbers in the three finance tools (issue 40): the built server, asked as a browser without JavaScript asks,
 * reads amounts in the member's habit (vi dot groups, ru space groups, a decimal comma), answers every bad input
 * (an amount beyond the limits, a term of 0 or 1 000 years, 10 000 digits) with a translated message that says
 * what was read, keeps what was typed, and never a 500; limits have no ".00", prose one number style. Through
 * the loaders with a member's cookie: the member's nationality sets the corridor and currency, a visitor's form
 * is as before.
 */
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedKind } from "~/content/kind.server";
import type { ExchangePage } from "~/finance/exchange.server";
import { corridorsKind } from "~/finance/corridorsKind.server";
import { parseDecimal, type CurrencyCode } from "~/finance/money";
import type { RemittancePage } from "~/finance/remittancePage.server";
import { loader as exchangeLoader } from "~/routes/finance.currencyExchange";
import { loader as remittanceLoader } from "~/routes/finance.remittance";
import { Jar, run } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext } from "../support/services";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = async (target: string) => {
  const response = await fetch(`${server.url}${target}`);
  return { status: response.status, html: await response.text() };
};

/** The text of the HTML without tags and isolates, entities decoded as far as these pages use them. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/[\u2066-\u2069]/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

const errors = (html: string) =>
  [...html.matchAll(/<p class="field__error"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => text(m[1]!).trim());

describe("the loan calculator's numbers", () => {
  it("reads dot groups in Vietnamese and space groups in Russian, and says the amount in words", async () => {
    const vi = await get("/finance/loan?amount=1.000.000&rate=5&months=24&lng=vi");
    expect(vi.status).toBe(200);
    expect(vi.html).toContain("43,871");
    expect(vi.html).toContain('value="1.000.000"');
    const ru = await get(`/finance/loan?amount=${encodeURIComponent("1 000 000")}&rate=4,5&months=2&unit=years&lng=ru`);
    expect(ru.html).toContain('value="1 000 000"');
    expect(errors(ru.html)).toEqual([]);
    expect(ru.html).toContain('<option value="years" selected="">');
    const ko = await get("/finance/loan?amount=10000000&rate=5&months=12&lng=ko");
    expect(text(ko.html)).toContain("1,000만 원");
    const en = await get("/finance/loan?amount=10000000&rate=5&months=12&lng=en");
    expect(text(en.html)).toContain("10 million won");
    expect(en.html).toMatch(/<input id="amount"[^>]* inputMode="numeric"/);
    expect(text(en.html)).toContain("You can type 1,000,000.");
    expect(text(vi.html)).toContain("Bạn có thể nhập 1,000,000 · 1.000.000.");
  });

  it("refuses what is beyond its limits with a translated message saying what was read, the input kept", async () => {
    const cases: [string, string, RegExp][] = [
      [
        "amount=20000000000000&rate=5&months=12",
        "en",
        /at most 10,000,000,000,000 won\. We read this as 20,000,000,000,000\./,
      ],
      [
        "amount=20.000.000.000.000&rate=5&months=12",
        "vi",
        /10,000,000,000,000.*Chúng tôi đọc được là 20,000,000,000,000\./,
      ],
      ["amount=1000000&rate=5&months=0", "en", /1 to 480 months\. We read this as 0\./],
      ["amount=1000000&rate=5&months=0&unit=years", "en", /1 to 40 years\. We read this as 0\./],
      ["amount=1000000&rate=5&months=1%20000&unit=years", "ru", /от 1 до 40 лет\. Мы прочитали это как 1,000\./],
      ["amount=1000000&rate=5&months=1.000&unit=years", "vi", /từ 1 đến 40 năm\. Chúng tôi đọc được là 1,000\./],
      ["amount=1000000&rate=5&months=1000&unit=years", "ko", /1~40년으로 입력해 주세요\. 인식한 값: 1,000/],
      [`amount=${"9".repeat(10_000)}&rate=5&months=12`, "en", /We read a number of 10,000 digits\./],
      [`amount=1000000&rate=${"9".repeat(10_000)}&months=12`, "ko", /10,000자리 숫자로 인식했어요\./],
      [`amount=1000000&rate=5&months=${"9".repeat(10_000)}`, "vi", /10,000 chữ số/],
      ["amount=abc&rate=5&months=12", "en", /^Enter the amount in digits, such as 1,000,000\.$/],
    ];
    for (const [query, lng, message] of cases) {
      const { status, html } = await get(`/finance/loan?${query}&lng=${lng}`);
      expect(status, query).toBe(200);
      expect(errors(html).join(" | "), `${lng} ${query.slice(0, 60)}`).toMatch(message);
      expect(html, query).not.toContain('class="loan__result"');
      // Everything typed is kept, 10 000 digits too.
      const typed = new URLSearchParams(query);
      for (const field of ["amount", "rate", "months"]) {
        expect(html, `${query.slice(0, 40)} ${field}`).toContain(`value="${typed.get(field)}"`);
      }
    }
  });

  it("answers a loan at 0 % (the rate of an interest-free loan), in years too", async () => {
    const { status, html } = await get("/finance/loan?amount=1200000&rate=0&months=1&unit=years&lng=en");
    expect(status).toBe(200);
    expect(errors(html)).toEqual([]);
    expect(html).toContain("100,000");
  });
});

describe("the remittance estimate's numbers", () => {
  it("reads the member's habit, shows limits without cents, and prose in one number style", async () => {
    const vi = await get("/finance/remittance?country=VN&send=1.000.000&lng=vi");
    expect(vi.status).toBe(200);
    expect(errors(vi.html)).toEqual([]);
    expect(vi.html).toContain('class="card remittance__result"');
    expect(vi.html).toMatch(/<input id="send"[^>]* inputMode="numeric"/);
    expect(vi.html).toMatch(/<input id="receive"[^>]* inputMode="decimal"/);
    const limits = text(vi.html);
    expect(limits).toContain("5,000 đô la");
    expect(limits).not.toMatch(/5,000\.00|100,000\.00|5\.000|8\.000/);
    const ru = await get("/finance/remittance?country=VN&receive=1%20000%20000&lng=ru");
    expect(errors(ru.html)).toEqual([]);
    expect(text(ru.html)).not.toMatch(/5 000|9 999/);
  });

  it("refuses an amount over the limit, garbage and 10 000 digits with a translated message, the input kept", async () => {
    const over = await get("/finance/remittance?country=VN&send=100.000.000&lng=vi");
    expect(over.status).toBe(200);
    expect(errors(over.html).join(" ")).toMatch(/5,000 đô la Mỹ.*Chúng tôi đọc được là 100,000,000\./);
    expect(over.html).toContain('value="100.000.000"');
    const long = await get(`/finance/remittance?country=VN&send=${"9".repeat(10_000)}&lng=en`);
    expect(long.status).toBe(200);
    expect(errors(long.html).join(" ")).toMatch(/too large\. We read a number of 10,000 digits\./);
    expect(long.html).toContain(`value="${"9".repeat(10_000)}"`);
    const comma = await get("/finance/remittance?country=VN&receive=5,5&lng=en");
    expect(errors(comma.html).join(" ")).toMatch(/Enter a number/);
    expect(comma.html).toContain('value="5,5"');
  });
});

describe("the exchange calculator's numbers", () => {
  it("reads a decimal comma in Turkish and says what it read when refusing", async () => {
    const tr = await get("/finance/currencyExchange?amount=1.000,50&from=USD&to=KRW&lng=tr");
    expect(tr.status).toBe(200);
    expect(errors(tr.html)).toEqual([]);
    expect(text(tr.html)).toContain("1,000.50 USD");
    const decimals = await get("/finance/currencyExchange?amount=1.000,5&from=KRW&to=USD&lng=vi");
    expect(errors(decimals.html).join(" ")).toMatch(/Chúng tôi đọc được là 1,000\.5\./);
    expect(decimals.html).toContain('value="1.000,5"');
    expect(decimals.html).toMatch(/<input id="amount"[^>]* inputMode="numeric"/);
    const long = await get(`/finance/currencyExchange?amount=${"9".repeat(10_000)}&lng=ko`);
    expect(long.status).toBe(200);
    expect(errors(long.html).join(" ")).toMatch(/10,000자리 숫자로 인식했어요/);
  });
});

describe("defaults from the member", () => {
  const services = createTestServices();
  const context = loadContext(services);
  afterAll(() => services.cleanup());
  beforeAll(async () => {
    await seedKind(services.stores, corridorsKind, Date.now());
    const rate = (currency: string, krw: string, unit: 1 | 100 = 1) => ({
      base: { currency: currency as CurrencyCode, unit, krw: parseDecimal(krw)! },
      ttb: null,
      tts: null,
    });
    await services.stores.rates.replaceSnapshot(
      "sample",
      {
        day: "2026-11-26",
        sourceName: "Test bank",
        sourceUrl: null,
        rates: [rate("USD", "1,400"), rate("VND", "5.5", 100)],
      },
      Date.now(),
    );
  });
  type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
  const load = async <T>(route: Route, target: string, jar = new Jar()) => {
    const response = await run(() =>
      route({ request: new Request(`http://x${target}`, { headers: { Cookie: jar.header } }), params: {}, context }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it("starts a Vietnamese member at Vietnam's corridor and won to dong; a visitor's forms are as before", async () => {
    const { uid } = await services.identity.admin.auth.createUser({});
    await registerMember(services, uid, { nationality: "VN" });
    const jar = await signedInJar(services, uid);
    const remittance = await load<RemittancePage>(remittanceLoader, "/finance/remittance", jar);
    expect(remittance.form).toMatchObject({ country: "VN", currency: "VND", send: "", receive: "" });
    expect(remittance.currencies.map((c) => c.code)).toContain("VND");
    expect(remittance.result).toBeNull();
    expect(remittance.errors).toEqual({});
    const exchange = await load<ExchangePage>(exchangeLoader, "/finance/currencyExchange", jar);
    expect(exchange.input).toMatchObject({ from: "KRW", to: "VND" });
    // What the query says wins: a shared link means the same for everyone.
    const asked = await load<ExchangePage>(exchangeLoader, "/finance/currencyExchange?from=USD&to=KRW", jar);
    expect(asked.input).toMatchObject({ from: "USD", to: "KRW" });
    const visitor = await load<RemittancePage>(remittanceLoader, "/finance/remittance");
    expect(visitor.form).toMatchObject({ country: "", currency: "" });
    const visitorExchange = await load<ExchangePage>(exchangeLoader, "/finance/currencyExchange");
    expect(visitorExchange.input).toMatchObject({ from: "USD", to: "KRW" });
  });
});
