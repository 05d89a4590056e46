/** The locale resource route, the catch-all 404 and the crawler answer for fatal errors. */
import fs from "node:fs";
import path from "node:path";
import type { EntryContext } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import handleRequest from "~/entry.server";
import { loader as catchAllLoader, action as catchAllAction } from "~/routes/$";
import { loader as localeLoader } from "~/routes/locales.$lng.$ns";
import { namespaces } from "~/i18n/config";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

async function outcome(run: () => unknown): Promise<Response> {
  try {
    return (await run()) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("/locales/{lng}/{ns}.json", () => {
  it("serves the namespace file of a supported language", async () => {
    const response = await outcome(() =>
      localeLoader({
        request: new Request("http://x/locales/zh-TW/common.json"),
        params: { lng: "zh-TW", ns: "common.json" },
        context,
      }),
    );
    expect(response.status).toBe(200);
    const file = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../locales/zh-TW/common.json"), "utf8"));
    expect(await response.json()).toEqual(file);
  });

  it.each([...namespaces])("serves the %s namespace", async (ns) => {
    const response = await outcome(() =>
      localeLoader({
        request: new Request(`http://x/locales/ko/${ns}.json`),
        params: { lng: "ko", ns: `${ns}.json` },
        context,
      }),
    );
    expect(response.status).toBe(200);
    const file = JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../locales/ko/${ns}.json`), "utf8"));
    expect(await response.json()).toEqual(file);
  });

  it("is cached for a year only when the URL names the current build", async () => {
    const current = await outcome(() =>
      localeLoader({
        request: new Request(`http://x/locales/en/common.json?v=${context.buildVersion}`),
        params: { lng: "en", ns: "common.json" },
        context,
      }),
    );
    expect(current.headers.get("Cache-Control")).toContain("immutable");
    const stale = await outcome(() =>
      localeLoader({
        request: new Request("http://x/locales/en/common.json?v=old"),
        params: { lng: "en", ns: "common.json" },
        context,
      }),
    );
    expect(stale.headers.get("Cache-Control")).not.toContain("immutable");
  });

  it.each([
    { lng: "xx", ns: "common.json" },
    { lng: "EN", ns: "common.json" },
    { lng: "..", ns: "common.json" },
    { lng: "en", ns: "../package.json" },
    { lng: "en", ns: "..%2F..%2Fpackage.json" },
    { lng: "en", ns: "common" },
    { lng: "en", ns: "nope.json" },
    { lng: "en", ns: "Common.json" },
    { lng: "en", ns: "visafinder.json" },
    { lng: "en/../ko", ns: "common.json" },
  ])("answers %j with 404", async (params) => {
    const response = await outcome(() =>
      localeLoader({ request: new Request("http://x/locales/a/b.json"), params, context }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "notFound" });
  });
});

describe("unknown routes", () => {
  it("throw a 404 naming the path, for reads and for posts", async () => {
    for (const run of [
      () =>
        catchAllLoader({ request: new Request("http://x/no/such/page?q=1"), params: { "*": "no/such/page" }, context }),
      () =>
        catchAllAction({
          request: new Request("http://x/no/such/page", { method: "POST" }),
          params: { "*": "no/such/page" },
          context,
        }),
    ]) {
      const response = await outcome(run);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: "notFound", path: "/no/such/page" });
    }
  });
});

describe("paths no route takes", () => {
  it("answer the 404 page, below a built feature's page too, and to posts", async () => {
    for (const run of [
      () => catchAllLoader({ request: new Request("http://x/benefitx"), params: { "*": "benefitx" }, context }),
      // Benefits are built (routes/benefit.tsx): a path below the page is no page.
      () =>
        catchAllLoader({
          request: new Request("http://x/benefit/anything"),
          params: { "*": "benefit/anything" },
          context,
        }),
      () =>
        catchAllLoader({ request: new Request("http://x/community/a/b"), params: { "*": "community/a/b" }, context }),
      () => catchAllLoader({ request: new Request("http://x/finance"), params: { "*": "finance" }, context }),
      ...["finance/remittance/anything", "finance/loan/x", "finance/currencyExchange/x"].map(
        (p) => () => catchAllLoader({ request: new Request(`http://x/${p}`), params: { "*": p }, context }),
      ),
      () =>
        catchAllAction({
          request: new Request("http://x/benefit", { method: "POST" }),
          params: { "*": "benefit" },
          context,
        }),
    ]) {
      expect((await outcome(run)).status).toBe(404);
    }
  });
});

describe("fatal errors for crawlers", () => {
  it("answer a crawler with the status and a minimal body, not the page", async () => {
    const request = new Request("http://x/broken", {
      headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    const response = await handleRequest(request, 500, new Headers(), {} as EntryContext, context);
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("500");
  });
});
