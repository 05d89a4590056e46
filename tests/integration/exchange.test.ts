/**
 * /finance/currencyExchange and /admin/rates: through their loaders and action on real services (SQLite, the Auth
 * emulator), and through the built server as a browser without JavaScript gets them. Both directions and between
 * two foreign currencies, every bad input the issue lists (a 200 with the message by its field, the input kept,
 * never NaN), a currency without a rate (no number), the sample and stale markings; the admin page's guard (404),
 * form and audit; the server's scheduled Eximbank fetch from a stand-in, and a restart keeping the snapshot.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import type { ExchangePage } from "~/finance/exchange.server";
import { importContent } from "~/content/import.server";
import { CONTENT_KINDS } from "~/server/contentKinds.server";
import { daysBetween } from "~/finance/exchange";
import { sampleSnapshot } from "~/finance/rates.server";
import { formatDate } from "~/lib/format";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { action as ratesAction, loader as ratesLoader } from "~/routes/admin.rates";
import { loader as exchangeLoader } from "~/routes/finance.currencyExchange";
import type { RateFigures } from "~/stores/stores";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { makeDataDir, startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const d = (text: string) => {
  const [whole = "", fraction = ""] = text.split(".");
  return { units: BigInt(whole + fraction), scale: fraction.length };
};
const figures = (
  currency: RateFigures["base"]["currency"],
  base: string,
  ttb: string,
  tts: string,
  unit: 1 | 100 = 1,
) => ({
  base: { currency, unit, krw: d(base) },
  ttb: d(ttb),
  tts: d(tts),
});
const TODAY = formatDate(Date.now());

beforeAll(async () => {
  await services.stores.rates.replaceSnapshot(
    "eximbank",
    {
      day: TODAY,
      sourceName: "Korea Eximbank",
      sourceUrl: "https://www.koreaexim.go.kr/wg/HPHKWG057M01",
      rates: [figures("USD", "1400", "1386", "1414"), figures("JPY", "900", "891", "909", 100)],
    },
    Date.now(),
  );
  await services.stores.rates.saveOperatorRate(
    {
      base: { currency: "VND", unit: 100, krw: d("5.6") },
      ttb: null,
      tts: null,
      day: "2020-01-02",
      sourceName: "Bank X",
      sourceUrl: null,
    },
    Date.now(),
  );
});

async function exchange(query: string) {
  const response = await run(() =>
    exchangeLoader({ request: new Request(`http://x/finance/currencyExchange?${query}`), params: {}, context }),
  );
  expect(response.status, query).toBe(200);
  const text = await response.text();
  expect(text, query).not.toMatch(/NaN|Infinity|undefined/);
  return JSON.parse(text) as ExchangePage;
}

describe("the calculator's answers", () => {
  it("converts a foreign currency to won at the base rate, and by transfer at TTB", async () => {
    const page = await exchange("from=USD&to=KRW&amount=1,000");
    expect(page.problems).toEqual({});
    expect(page.answer).toEqual({
      amount: { currency: "USD", text: "1,000.00" },
      result: { currency: "KRW", text: "1,400,000" },
      byTransfer: { currency: "KRW", text: "1,386,000" },
    });
    expect(page.rates).toMatchObject([
      { currency: "USD", base: "1,400", ttb: "1,386", tts: "1,414", source: "eximbank", day: TODAY, stale: false },
    ]);
    expect(page.sample).toBe(false);
  });

  it("converts won to a currency quoted per 100, rounding down, and by transfer at TTS", async () => {
    const page = await exchange("from=KRW&to=JPY&amount=10000");
    // 10,000 / 9.00 = 1,111.11… yen, down to 1,111; at TTS 9.09: 1,100.11… → 1,100.
    expect(page.answer).toEqual({
      amount: { currency: "KRW", text: "10,000" },
      result: { currency: "JPY", text: "1,111" },
      byTransfer: { currency: "JPY", text: "1,100" },
    });
  });

  it("goes between two foreign currencies through won; a source with no TTB/TTS gives no transfer figure", async () => {
    const page = await exchange("from=USD&to=VND&amount=100");
    // 100 × 1,400 / 0.056 = 2,500,000 dong.
    expect(page.answer?.result).toEqual({ currency: "VND", text: "2,500,000" });
    expect(page.answer?.byTransfer).toBeNull();
    const vnd = page.rates.find((r) => r.currency === "VND")!;
    expect(vnd).toMatchObject({ source: "operator", sourceName: "Bank X", ttb: null, tts: null, stale: true });
  });

  it("says a currency has no rate and shows no number for it", async () => {
    const page = await exchange("from=KRW&to=MNT&amount=50000");
    expect(page.missing).toEqual(["MNT"]);
    expect(page.answer).toBeNull();
    expect(page.problems).toEqual({});
  });

  it("answers every bad input with its field's message, the input kept", async () => {
    const cases: [string, Partial<Record<"from" | "to" | "amount", string>>, string][] = [
      ["from=USD&to=KRW&amount=-5", { amount: "amountNotPositive" }, "-5"],
      ["from=USD&to=KRW&amount=0", { amount: "amountNotPositive" }, "0"],
      ["from=KRW&to=USD&amount=10.5", { amount: "amountDecimals" }, "10.5"],
      ["from=USD&to=KRW&amount=1e400", { amount: "amountFormat" }, "1e400"],
      ["from=USD&to=KRW&amount=ten", { amount: "amountFormat" }, "ten"],
      ["from=USD&to=KRW&amount=", { amount: "amountRequired" }, ""],
      [`from=USD&to=KRW&amount=${"9".repeat(5000)}`, { amount: "amountTooLarge" }, "9".repeat(5000)],
      ["from=XYZ&to=KRW&amount=5", { from: "currencyUnknown" }, "5"],
      ["from=USD&to=%27%3B--&amount=5", { to: "currencyUnknown" }, "5"],
      ["from=USD&to=USD&amount=5", { to: "sameCurrency" }, "5"],
    ];
    for (const [query, problems, amount] of cases) {
      const page = await exchange(query);
      expect(page.problems, query).toEqual(problems);
      expect(page.answer, query).toBeNull();
      expect(page.input.amount, query).toBe(amount);
    }
    // Two values for one input: the first is read, nothing breaks.
    expect((await exchange("from=USD&from=JPY&to=KRW&amount=1")).answer?.amount.currency).toBe("USD");
  });
});

describe("the content import's rates key", () => {
  const file = {
    rates: [
      { currency: "KHR", unit: 100, base: "34.9", day: TODAY, sourceName: "ACLEDA" },
      { currency: "NPR", base: "10.45", ttb: "10.2", tts: "10.7", day: TODAY, sourceName: "Nabil Bank" },
    ],
  };

  it("judges the whole file first: one bad rate and nothing is written", async () => {
    const bad = { rates: [...file.rates, { currency: "USD", base: "1", day: TODAY, sourceName: "x" }] };
    const result = await importContent(CONTENT_KINDS, services.stores, bad, Date.now());
    expect(result).toEqual({
      ok: false,
      errors: [{ key: "rates", item: "#2", field: "currency", message: "exchange.problems.operatorCurrency" }],
    });
    expect((await exchange("from=KRW&to=KHR&amount=1000")).missing).toEqual(["KHR"]);
  });

  it("writes each rate once, records it, and changes nothing when run again", async () => {
    expect(await importContent(CONTENT_KINDS, services.stores, file, Date.now())).toEqual({
      ok: true,
      counts: { rates: { created: 2, updated: 0, unchanged: 0 } },
    });
    expect(await importContent(CONTENT_KINDS, services.stores, file, Date.now())).toEqual({
      ok: true,
      counts: { rates: { created: 0, updated: 0, unchanged: 2 } },
    });
    const page = await exchange("from=NPR&to=KRW&amount=100");
    expect(page.answer).toEqual({
      amount: { currency: "NPR", text: "100.00" },
      result: { currency: "KRW", text: "1,045" },
      byTransfer: { currency: "KRW", text: "1,020" },
    });
    const audit = await services.stores.audit.list({ after: null, limit: 10 });
    expect(
      audit.ok &&
        audit.items
          .filter((e) => e.target.kind === "rate")
          .map((e) => e.target.id)
          .sort(),
    ).toEqual(["KHR", "NPR"]);
  });
});

describe("/admin/rates", () => {
  async function member(admin: boolean) {
    const { uid } = await services.identity.admin.auth.createUser({ email: `r-${randomUUID()}@example.com` });
    await registerMember(services, uid, { name: "Rate Keeper" });
    if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
    const signedIn = await services.identity.signInAs(uid);
    if (!signedIn.ok) throw new Error("signInAs failed");
    const session = await startSession(services, signedIn.idToken);
    if (!session.ok) throw new Error(session.reason);
    const jar = new Jar();
    jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
    return { uid, jar };
  }
  const post = (jar: Jar, fields: Record<string, string>) =>
    run(() =>
      ratesAction({
        request: new Request("http://x/admin/rates", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: jar.header },
        }),
        params: {},
        context,
      }),
    );
  const load = (jar: Jar) =>
    run(() =>
      ratesLoader({
        request: new Request("http://x/admin/rates", { headers: { Cookie: jar.header } }),
        params: {},
        context,
      }),
    );
  const good = { currency: "MNT", unit: "1", base: "0.41", day: TODAY, sourceName: "Khan Bank" };

  it("is the 404 page for visitors and members, reading and posting", async () => {
    const { jar } = await member(false);
    for (const who of [new Jar(), jar]) {
      expect((await load(who)).status).toBe(404);
      expect((await post(who, good)).status).toBe(404);
    }
    expect((await exchange("from=MNT&to=KRW&amount=1000")).missing).toEqual(["MNT"]);
  });

  it("takes an admin's rate, shows it on the calculator, and records it in the audit log", async () => {
    const { uid, jar } = await member(true);
    const bad = await post(jar, { ...good, base: "-1", day: "2999-01-01" });
    expect(bad.status).toBe(400);
    const reply = (await bad.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error).toMatchObject({
      base: ["exchange.problems.rateFormat"],
      day: ["exchange.problems.dayFuture"],
    });
    expect(reply.initialValue.base).toBe("-1");
    // A rate of 0 (issue 40's bad input): refused by name, what was typed kept.
    const zero = await post(jar, { ...good, base: "0" });
    expect(zero.status).toBe(400);
    const zeroReply = (await zero.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(zeroReply.error).toMatchObject({ base: ["exchange.problems.rateFormat"] });
    expect(zeroReply.initialValue.base).toBe("0");
    const saved = await post(jar, good);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/rates");
    const listed = (await (await load(jar)).json()) as { rates: { currency: string; base: string }[] };
    expect(listed.rates).toContainEqual(expect.objectContaining({ currency: "MNT", base: "0.41" }));
    const page = await exchange("from=KRW&to=MNT&amount=41");
    expect(page.answer?.result).toEqual({ currency: "MNT", text: "100.00" });
    expect(page.rates[0]).toMatchObject({ source: "operator", sourceName: "Khan Bank", day: TODAY, stale: false });
    const audit = await services.stores.audit.list({ after: null, limit: 5 });
    expect(audit.ok && audit.items[0]).toMatchObject({
      actor: { kind: "admin", uid },
      action: "create",
      target: { kind: "rate", id: "MNT" },
    });
  });
});

describe("through the built server", { timeout: 240_000 }, () => {
  let standIn: http.Server;
  let standInHost: string;
  /** What the Eximbank stand-in answers: the recorded normal day for every date, or an HTML error page. */
  let answer: "day" | "html" = "day";
  const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../unit/fixtures/eximbank", name), "utf8");

  beforeAll(async () => {
    standIn = http.createServer((_req, res) => {
      if (answer === "html") {
        res.writeHead(503, { "content-type": "text/html" });
        res.end(fixture("ap01-error-page.html"));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(fixture("ap01-2025-11-21.sample.json"));
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    standInHost = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    standIn.closeAllConnections();
    await new Promise((resolve) => standIn.close(resolve));
  });

  const page = async (server: RunningServer, target: string) => {
    const response = await fetch(`${server.url}${target}`);
    return { status: response.status, html: await response.text() };
  };

  it("in local mode without a key, marks the shipped sample as such, in every view of it", async () => {
    const server = await startServer();
    try {
      const { status, html } = await page(server, "/finance/currencyExchange?from=USD&to=KRW&amount=100&lng=en");
      expect(status).toBe(200);
      // As drawn (the page's translations, inlined for the browser, hold every sentence too).
      expect(html).toContain('<p class="exchange__sample" role="note">These are sample rates, not live ones');
      expect(html).toContain('<p class="exchange__note">At the sample base rate shown below, not a live rate.</p>');
      const usd = sampleSnapshot().rates.find((r) => r.base.currency === "USD")!;
      expect(usd).toBeDefined();
      expect(html).toContain('class="exchange__badge"');
      expect(html).toContain(sampleSnapshot().day);
      // The answer itself carries the rate's facts (decision 0091): the sample said so, its source and day, and its
      // real age, here and in the rate's card (not "more than 3 days").
      const days = daysBetween(sampleSnapshot().day, formatDate(Date.now()));
      const text = html.replace(/<[^>]+>/g, "");
      expect(html).toContain('class="rate-tag rate-tag--warn"');
      expect(text).toContain(
        `Sample rate · ${sampleSnapshot().sourceName}, rate of ${sampleSnapshot().day} · ${days} days old`,
      );
      expect(text).toContain(`This rate is from ${sampleSnapshot().day}, ${days} days ago`);
      // A currency the sample does not carry: said, no number.
      const mnt = await page(server, "/finance/currencyExchange?from=KRW&to=MNT&amount=1000&lng=en");
      expect(mnt.html).toContain('<p class="exchange__missing" role="alert">No rate is known for');
      expect(mnt.html).not.toContain('class="exchange__figure exchange__figure--result"');
      // The page is a GET form, and is in the sitemap.
      expect(html).toContain('<form method="get"');
      expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain("/finance/currencyExchange");
      // Visitors get the admin page's 404.
      expect((await page(server, "/admin/rates")).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it("fetches the Eximbank's rates on schedule, keeps them through a failing source and a restart", async () => {
    const dataDir = makeDataDir();
    const env = { EXIMBANK_AUTH_KEY: "test-key", EXIMBANK_HOST: standInHost };
    try {
      answer = "day";
      let server = await startServer(env, dataDir);
      const read = async () => {
        const stores = openSqliteStores(path.join(dataDir, "klife.sqlite"));
        try {
          return await stores.rates.current();
        } finally {
          await stores.close();
        }
      };
      try {
        // The job runs once at start: the recorded day is stored, the sample is not there with a key.
        let stored = await read();
        for (let i = 0; i < 50 && stored.length === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          stored = await read();
        }
        expect(stored.map((r) => r.source)).toEqual(Array(22).fill("eximbank"));
        const { html } = await page(server, "/finance/currencyExchange?from=USD&to=KRW&amount=100&lng=en");
        expect(html).not.toContain('class="exchange__sample"');
        expect(html).not.toContain('class="exchange__badge"');
        expect(html).toContain("Source: <bdi>Korea Eximbank</bdi>");
      } finally {
        await server.stop();
      }
      const before = await read();
      answer = "html";
      server = await startServer(env, dataDir);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(await read()).toEqual(before);
        const { html } = await page(server, "/finance/currencyExchange?from=USD&to=KRW&amount=100&lng=en");
        expect(html).toContain(before[0]!.day);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
