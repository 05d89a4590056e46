/**
 * Issue 40, "the last values used" (decision 0102): a signed-in member's answered calculation is kept, sealed for
 * them in one cookie, and the home page's links to the three money tools carry it as their query, so a tool opens
 * on those values and its address is a link like any other. Through HTTP to the real loaders, a real SQLite file:
 * nothing readable in the cookie, nothing for a visitor or another member, a refused question never replaces an
 * answered one, a tampered cookie is ignored.
 */
import { randomUUID } from "node:crypto";
import { createCookie, type AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { seedKind } from "~/content/kind.server";
import { corridorsKind } from "~/finance/corridorsKind.server";
import type { HomeRate } from "~/finance/homeRate.server";
import { loadSampleRates } from "~/finance/rates.server";
import { languageCookie } from "~/i18n/i18next.server";
import { loader as indexLoader } from "~/routes/_index";
import { loader as exchangeLoader } from "~/routes/finance.currencyExchange";
import { loader as loanLoader } from "~/routes/finance.loan";
import { loader as remittanceLoader } from "~/routes/finance.remittance";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

beforeAll(async () => {
  const t0 = Date.UTC(2026, 11, 2, 3, 0, 0);
  await seedKind(services.stores, corridorsKind, t0);
  await loadSampleRates(services.stores, services.config, t0);
});

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
const BROWSER = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0";

async function browser(): Promise<Jar> {
  const jar = new Jar();
  jar.take(new Response(null, { headers: { "Set-Cookie": await languageCookie().serialize("en") } }));
  return jar;
}

async function member(nationality = "VN"): Promise<Jar> {
  const { uid } = await services.identity.admin.auth.createUser({ email: `l-${randomUUID()}@example.com` });
  await registerMember(services, uid, { name: "Last Kim", nationality });
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) throw new Error("signInAs failed");
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) throw new Error(session.reason);
  const jar = await browser();
  jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
  return jar;
}

const open = (route: Route, path: string, jar: Jar) =>
  run(() =>
    route({
      request: new Request(`http://x${path}`, { headers: { Cookie: jar.header, "User-Agent": BROWSER } }),
      params: {},
      context,
    }),
  ).then((response) => {
    expect(response.status, path).toBe(200);
    return jar.take(response);
  });

async function home(jar: Jar) {
  const response = await open(indexLoader, "/", jar);
  return (await response.json()) as { tools: Record<"loan" | "exchange" | "remittance", string>; rate: HomeRate };
}

const BARE = { loan: "/finance/loan", exchange: "/finance/currencyExchange", remittance: "/finance/remittance" };
const REMITTANCE = "/finance/remittance?country=VN&currency=VND&send=1%2C000%2C000&receive=";
const LOAN = "/finance/loan?amount=30%2C000%2C000&rate=4.5&months=3&unit=years&method=equalPayment&grace=0";
const EXCHANGE = "/finance/currencyExchange?from=KRW&to=VND&amount=500%2C000";

describe("the last values a member used", () => {
  it("become the query of the home page's links to each tool, and the link answers the same", async () => {
    const jar = await member("VN");
    expect((await home(jar)).tools).toEqual(BARE);

    const answered = await open(remittanceLoader, REMITTANCE, jar);
    const line = answered.headers.getSetCookie().find((cookie) => cookie.startsWith("__fin="));
    expect(line).toBeDefined();
    // Sealed: the cookie's value is AES-GCM's iv, tag and cipher text, in which no part of the query can be read.
    const sealed = (await createCookie("__fin").parse(line!.split(";")[0]!)) as string;
    expect(sealed).toMatch(/^[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    const bytes = Buffer.concat(sealed.split(".").map((part) => Buffer.from(part, "base64url"))).toString("latin1");
    for (const plain of ["VND", "1,000,000", "country", "send"]) expect(bytes).not.toContain(plain);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);

    await open(loanLoader, LOAN, jar);
    await open(exchangeLoader, EXCHANGE, jar);
    const { tools, rate } = await home(jar);
    expect(tools).toEqual({
      remittance: "/finance/remittance?country=VN&currency=VND&send=1%2C000%2C000",
      loan: "/finance/loan?amount=30%2C000%2C000&rate=4.5&months=3&unit=years&method=equalPayment&grace=0",
      exchange: "/finance/currencyExchange?from=KRW&to=VND&amount=500%2C000",
    });
    // The home rate's estimate for the member's country opens on the same values.
    expect(rate.href).toBe(tools.remittance);

    // Each link is a question the tool answers as before: the values are in the address, nothing else is needed.
    const again = (await (await open(remittanceLoader, tools.remittance, jar)).json()) as {
      form: { send: string };
      result: { receive: string } | null;
    };
    expect(again.form.send).toBe("1,000,000");
    expect(again.result?.receive).toBeTruthy();
    const loan = (await (await open(loanLoader, tools.loan, jar)).json()) as { result: { months: number } | null };
    expect(loan.result?.months).toBe(36);
  });

  it("keeps nothing for a refused question, a visitor, or a page asked nothing", async () => {
    const jar = await member("VN");
    await open(remittanceLoader, REMITTANCE, jar);
    const kept = (await home(jar)).tools.remittance;
    // Refused (the amount is garbage), and asked nothing: neither replaces the answered question.
    const refused = await open(remittanceLoader, "/finance/remittance?country=VN&send=abc&receive=", jar);
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("__fin="))).toBe(false);
    await open(remittanceLoader, "/finance/remittance", jar);
    expect((await home(jar)).tools.remittance).toBe(kept);
    // The same question again writes no new cookie.
    const same = await open(remittanceLoader, REMITTANCE, jar);
    expect(same.headers.getSetCookie().some((cookie) => cookie.startsWith("__fin="))).toBe(false);

    const visitor = await browser();
    const asked = await open(remittanceLoader, REMITTANCE, visitor);
    expect(asked.headers.getSetCookie()).toEqual([]);
    expect((await home(visitor)).tools).toEqual(BARE);
  });

  it("is the member's alone: another member's or a visitor's browser with the cookie, or a tampered one, gets bare links", async () => {
    const first = await member("VN");
    await open(loanLoader, LOAN, first);
    const sealed = first.cookies.get("__fin")!;
    expect(sealed).toBeTruthy();

    const second = await member("PH");
    second.cookies.set("__fin", sealed);
    expect((await home(second)).tools).toEqual(BARE);
    // The second member's own answer replaces the first's cookie with one of their own.
    await open(exchangeLoader, EXCHANGE, second);
    expect((await home(second)).tools).toEqual({
      ...BARE,
      exchange: "/finance/currencyExchange?from=KRW&to=VND&amount=500%2C000",
    });

    const visitor = await browser();
    visitor.cookies.set("__fin", sealed);
    expect((await home(visitor)).tools).toEqual(BARE);

    const tampered = first.copy();
    tampered.cookies.set("__fin", `${sealed.slice(0, -4)}AAAA`);
    expect((await home(tampered)).tools).toEqual(BARE);
    tampered.cookies.set("__fin", "x".repeat(5000));
    expect((await home(tampered)).tools).toEqual(BARE);
  });
});
