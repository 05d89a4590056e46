/** Language detection and choice, through the loaders and actions users reach. */
import { afterAll, describe, expect, it } from "vitest";
import { languageCookie } from "~/i18n/i18next.server";
import { loader as rootLoader } from "~/root";
import { loader as indexLoader } from "~/routes/_index";
import { action as languageAction, loader as languageLoader } from "~/routes/language";
import { action as nLanguageAction } from "~/routes/nLanguage";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const HUMAN =
  "Mozilla/5.0 (Linux; Android 13; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function cookieFor(lng: string) {
  return (await languageCookie().serialize(lng)).split(";")[0]!;
}

async function localeOf(url: string, headers: Record<string, string> = {}) {
  const response = await rootLoader({ request: new Request(url, { headers }), params: {}, context });
  return ((await response.json()) as { locale: string }).locale;
}

function post(url: string, body: Record<string, string> | string, headers: Record<string, string> = {}) {
  const isForm = typeof body !== "string";
  return new Request(url, {
    method: "POST",
    body: isForm ? new URLSearchParams(body) : body,
    headers: isForm ? headers : { "Content-Type": "application/json", ...headers },
  });
}

async function thrown(promise: Promise<unknown> | unknown): Promise<Response> {
  try {
    const value = await promise;
    if (value instanceof Response) return value;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a Response");
}

describe("language detection", () => {
  it("prefers ?lng=, then the cookie, then Accept-Language, then English", async () => {
    const ko = await cookieFor("ko");
    expect(await localeOf("http://x/?lng=vi", { Cookie: ko, "Accept-Language": "ja" })).toBe("vi");
    expect(await localeOf("http://x/", { Cookie: ko, "Accept-Language": "ja" })).toBe("ko");
    expect(await localeOf("http://x/", { "Accept-Language": "ja-JP,ja;q=0.9" })).toBe("ja");
    expect(await localeOf("http://x/", { "Accept-Language": "zh-Hant-TW" })).toBe("zh-TW");
    expect(await localeOf("http://x/")).toBe("en");
  });

  it("treats an unknown ?lng=, a forged cookie and a malformed header as absent", async () => {
    expect(await localeOf("http://x/?lng=xx", { "Accept-Language": "ru" })).toBe("ru");
    expect(await localeOf("http://x/?lng=%00%ff", {})).toBe("en");
    expect(await localeOf("http://x/", { Cookie: "lng=%%%not-base64", "Accept-Language": ";;q=;;,,," })).toBe("en");
    expect(await localeOf("http://x/", { Cookie: `lng=${Buffer.from('"de"').toString("base64")}` })).toBe("en");
  });

  it("answers the same address and headers alike every time, and each other one by its own", async () => {
    const ko = await cookieFor("ko");
    const cases: [string, Record<string, string>, string][] = [
      ["http://x/?lng=vi", { Cookie: ko }, "vi"],
      ["http://x/", { Cookie: ko }, "ko"],
      ["http://x/mypage?lng=ur", { Cookie: ko }, "ur"],
      ["http://x/", { Cookie: ko, "Accept-Language": "my" }, "ko"],
      ["http://x/", { "Accept-Language": "my" }, "my"],
      ["http://x/", {}, "en"],
    ];
    // Detected once, then remembered (i18next.server.ts): asked again in another order, each keeps its answer.
    for (const round of [cases, [...cases].reverse(), cases]) {
      for (const [url, headers, lng] of round)
        expect(await localeOf(url, headers), `${url} ${JSON.stringify(headers)}`).toBe(lng);
    }
  });
});

describe("first visit to /", () => {
  it("offers a person language selection", async () => {
    const response = await thrown(
      indexLoader({ request: new Request("http://x/", { headers: { "User-Agent": HUMAN } }), params: {}, context }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/language?redirectTo=%2F");
  });

  it("never redirects a crawler", async () => {
    const response = await indexLoader({
      request: new Request("http://x/", { headers: { "User-Agent": CRAWLER } }),
      params: {},
      context,
    });
    expect(response.status).toBe(200);
  });

  it("shows the page once a language is chosen or named", async () => {
    const withCookie = new Request("http://x/", { headers: { "User-Agent": HUMAN, Cookie: await cookieFor("ne") } });
    expect((await indexLoader({ request: withCookie, params: {}, context })).status).toBe(200);
    const withParam = new Request("http://x/?lng=ne", { headers: { "User-Agent": HUMAN } });
    expect((await indexLoader({ request: withParam, params: {}, context })).status).toBe(200);
  });
});

describe("choosing a language", () => {
  for (const [name, action] of [
    ["/language", languageAction],
    ["/nLanguage", nLanguageAction],
  ] as const) {
    it(`${name} sets the cookie and returns to the page the visitor came from`, async () => {
      const response = await action({
        request: post(`http://x${name}`, { lng: "ko", redirectTo: "/shop?x=1" }),
        params: {},
        context,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/shop?x=1");
      expect(await languageCookie().parse(response.headers.get("Set-Cookie"))).toBe("ko");
    });
  }

  it.each(["//evil.example", "https://evil.example", "javascript:alert(1)", "/\\evil.example", ""])(
    "sends a redirect target of %j to /",
    async (redirectTo) => {
      const response = await languageAction({
        request: post("http://x/language", { lng: "vi", redirectTo }),
        params: {},
        context,
      });
      expect(response.headers.get("Location")).toBe("/");
    },
  );

  it("drops a ?lng= that would override the choice", async () => {
    const response = await languageAction({
      request: post("http://x/language", { lng: "vi", redirectTo: "/shop?lng=en&a=1" }),
      params: {},
      context,
    });
    expect(response.headers.get("Location")).toBe("/shop?a=1");
  });

  it("answers an unknown language with a 400 and a translatable message, keeping the return path", async () => {
    const response = await languageAction({
      request: post("http://x/language", { lng: "xx", redirectTo: "/shop" }),
      params: {},
      context,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "errors.unknownLanguage", redirectTo: "/shop" });
  });

  it("answers a body that is not a form with a 400, not a 500", async () => {
    // The form loop refuses it by throwing the 400 response, which the route's boundary renders.
    const response = await languageAction({ request: post("http://x/language", "{}"), params: {}, context }).catch(
      (thrown: unknown) => thrown as Response,
    );
    expect(response.status).toBe(400);
  });

  it("returns to the referring page of this site when no target is given", async () => {
    const data = async (headers: Record<string, string>) =>
      (await (
        await languageLoader({ request: new Request("http://x/language", { headers }), params: {}, context })
      ).json()) as {
        redirectTo: string;
      };
    expect((await data({ Referer: "http://x/shop?a=1" })).redirectTo).toBe("/shop?a=1");
    expect((await data({ Referer: "https://evil.example/shop" })).redirectTo).toBe("/");
    expect((await data({ Referer: "http://x/language" })).redirectTo).toBe("/");
    expect((await data({ Referer: "not a url" })).redirectTo).toBe("/");
  });

  it("shows the sanitised return path and the current language", async () => {
    const response = await languageLoader({
      request: new Request("http://x/language?redirectTo=//evil.example", {
        headers: { Cookie: await cookieFor("mn") },
      }),
      params: {},
      context,
    });
    const data = (await response.json()) as {
      current: string;
      chosen: boolean;
      redirectTo: string;
      options: { code: string }[];
    };
    expect(data).toMatchObject({ current: "mn", chosen: true, redirectTo: "/" });
    // The visitor's own language heads the picker; every language is offered once.
    expect(data.options[0]?.code).toBe("mn");
    expect(new Set(data.options.map((option) => option.code)).size).toBe(19);
  });
});
