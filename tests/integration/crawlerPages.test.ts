/**
 * What crawlers and caches read, over HTTP from the built server (docs/decisions/0084): a page asked for by another
 * spelling of its path is sent to the route's own (its canonical link, alternates and og:url then name that one);
 * every address the sitemap lists is the canonical link of the page it names, with the same alternates the page
 * names, and a `lastmod` that is when its content changed (a notice's edit) or none; what each page says it varies on
 * (Accept-Language, the cookie, `?lng=`, a member), also through the shared pages' cache; and a client's mistaken
 * data request answered 4xx with a warning in the log, never an error line.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18next.server";
import { decodeEntities } from "../support/html";
import { joinOverHttp } from "../support/join";
import { startServer, makeDataDir, type RunningServer } from "../support/server";
import { logEntries } from "../support/serverLog";
import { LIMITED_BY_ITS_WAITS, waitFor } from "../support/waitFor";

const root = path.resolve(__dirname, "../..");
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const NOTICE = "crawl-001";

let dataDir: string;
let server: RunningServer;
let origin: string;
/** When the server was started: after the notice's import. */
let startedAt: number;

/** Imports the notice with the content CLI, as an operator does (with the server running or not). */
function importNotice(title: string) {
  const file = path.join(dataDir, "notice.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      notices: [
        {
          itemCd: NOTICE,
          publishedAt: "2026-11-01",
          category: "general",
          translations: { ko: { title: `${title} (ko)`, body: "본문" }, en: { title, body: "Body" } },
        },
      ],
    }),
  );
  execFileSync(process.execPath, [path.join(root, "build", "content.js"), "import", file], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
}

beforeAll(async () => {
  dataDir = makeDataDir();
  importNotice("Crawled notice");
  startedAt = Date.now();
  // The shared pages' cache on, for long enough that a test's second request meets the first's document; a crawler
  // reading the whole sitemap asks for more pages a minute than a visitor may.
  server = await startServer({ PAGE_CACHE_SECONDS: "60", RATE_LIMIT_ALL: "100000" }, dataDir);
  origin = `http://localhost:${server.env.PORT}`;
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What a page names in its head: its language, canonical link, alternates and og:url. */
function headOf(html: string) {
  const attr = (pattern: RegExp) => {
    const found = pattern.exec(html);
    return found ? decodeEntities(found[1]!) : null;
  };
  return {
    lang: attr(/<html lang="([^"]+)"/),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    alternates: [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map(
      (m) => [m[1]!, decodeEntities(m[2]!)] as [string, string],
    ),
  };
}

async function get(target: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(`${server.url}${target}`, {
    method,
    headers: { "User-Agent": BOT, ...headers },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { response, html: method === "HEAD" ? "" : await response.text() };
}

/** The tokens of a Vary header, lower-cased. */
const varyOf = (response: Response) =>
  (response.headers.get("vary") ?? "")
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

describe("another spelling of a page's path", () => {
  it("is sent to the route's own spelling, the query kept, and never names itself canonical", async () => {
    const cases: [asked: string, own: string][] = [
      ["/MyPage/Notice", "/mypage/notice"],
      ["/mypage/notice/", "/mypage/notice"],
      ["/mypage/notic%65", "/mypage/notice"],
      ["/Benefit", "/benefit"],
      ["/BENEFIT/?category=health&lng=vi", "/benefit?category=health&lng=vi"],
      [`/MyPage/NoticeDetail?itemCd=${NOTICE}&lng=ko`, `/mypage/noticeDetail?itemCd=${NOTICE}&lng=ko`],
      // A parameter's value is data: its case is kept; the static segments are the route's.
      ["/Member/FindVisa/E-9", "/member/findVisa/E-9"],
      ["/member/findvisa/e-9/", "/member/findVisa/e-9"],
      ["/Community/AbC-12?comments=x", "/community/AbC-12?comments=x"],
    ];
    for (const [asked, own] of cases) {
      for (const method of ["GET", "HEAD"]) {
        const { response } = await get(asked, {}, method);
        expect([asked, method, response.status], asked).toEqual([asked, method, 301]);
        expect(response.headers.get("location"), asked).toBe(own);
      }
    }
    // Followed, the page names its own path: canonical, og:url and every alternate.
    for (const own of ["/mypage/notice", "/benefit?category=health&lng=vi", "/member/findVisa/E-9"]) {
      const { response, html } = await get(own);
      expect(response.status, own).toBe(200);
      const head = headOf(html);
      const pathname = new URL(own, origin).pathname;
      expect(new URL(head.canonical!).pathname, own).toBe(pathname);
      expect(head.ogUrl ?? head.canonical, own).toBe(head.canonical);
      expect(head.alternates.length, own).toBe(supportedLanguages.length + 1);
      expect(
        head.alternates.filter(([, href]) => new URL(href).pathname !== pathname),
        own,
      ).toEqual([]);
    }
  });

  it("is not redirected for a data request, a post, or an unknown path", async () => {
    const data = await get("/MyPage/Notice?_data=routes%2Fmypage.notice");
    expect(data.response.status).toBe(200);
    expect(data.response.headers.get("content-type")).toMatch(/^application\/json/);
    const unknown = await get("/MyPage/Nope");
    expect(unknown.response.status).toBe(404);
    const posted = await fetch(`${server.url}/Benefit`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=b",
      redirect: "manual",
    });
    // Answered where it was sent: the route has no action.
    expect(posted.status).toBe(405);
  });
});

describe("the sitemap", () => {
  interface Listed {
    loc: string;
    lastmod: string | null;
    alternates: [string, string][];
  }
  async function sitemap(): Promise<Listed[]> {
    const { response, html: xml } = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
      loc: decodeEntities(/<loc>([^<]+)<\/loc>/.exec(entry!)![1]!),
      lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(entry!)?.[1] ?? null,
      alternates: [...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        (m) => [m[1]!, decodeEntities(m[2]!)] as [string, string],
      ),
    }));
  }

  /**
   * Which listed addresses are fetched: every page in every language, except that the visa finder's pages (nine in
   * ten of the sitemap, one route) are fetched in all languages for a status and a sub-type and otherwise in Korean,
   * English and Urdu (home, fallback, right to left). The rest is the same route's code: fetching all of it cost a
   * minute of CI.
   */
  const everyLanguage = new Set(["/member/findVisa", "/member/findVisa/E-9", "/member/findVisa/E-9-1"]);
  function fetched(loc: string) {
    const url = new URL(loc);
    if (!url.pathname.startsWith("/member/findVisa") || everyLanguage.has(url.pathname)) return true;
    return ["ko", "en", "ur"].includes(url.searchParams.get("lng") ?? "");
  }

  it(
    "lists only canonical addresses, each the canonical link of its page, with the page's own alternates",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const listed = await sitemap();
      const pages = new Set(
        listed.map((l) => new URL(l.loc).pathname + new URL(l.loc).search.replace(/[?&]lng=.*/, "")),
      );
      expect(pages.size).toBeGreaterThan(20);
      // Every page in each of the 19 languages.
      expect(listed.length).toBe(pages.size * supportedLanguages.length);
      for (const fetchedInAll of everyLanguage) expect(pages, fetchedInAll).toContain(fetchedInAll);
      const mismatches: unknown[] = [];
      for (const entry of listed) {
        expect(
          entry.alternates.map(([hreflang]) => hreflang),
          entry.loc,
        ).toEqual([...supportedLanguages, "x-default"]);
        // x-default is a canonical address as well: the fallback language's.
        expect(entry.alternates.at(-1)![1], entry.loc).toBe(entry.alternates.find(([l]) => l === "en")![1]);
        const lng = new URL(entry.loc).searchParams.get("lng");
        expect(entry.alternates.find(([l]) => l === lng)?.[1], entry.loc).toBe(entry.loc);
        if (!fetched(entry.loc)) continue;
        const { response, html } = await get(entry.loc.replace(origin, ""));
        const head = headOf(html);
        if (response.status !== 200 || head.canonical !== entry.loc || head.lang !== lng) {
          mismatches.push({ loc: entry.loc, status: response.status, canonical: head.canonical, lang: head.lang });
        } else if (JSON.stringify(head.alternates) !== JSON.stringify(entry.alternates)) {
          mismatches.push({ loc: entry.loc, pageAlternates: head.alternates, listed: entry.alternates });
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  it("dates a page by when its content changed: a notice's edit moves it, and fixed pages have none", async () => {
    const before = await sitemap();
    /** The lastmod of a page's entries (its languages'), found by its address without `lng`. */
    const lastmodOf = (listed: Listed[], pathAndQuery: string) => {
      const found = listed.filter((l) => {
        const url = new URL(l.loc);
        url.searchParams.delete("lng");
        return `${url.pathname}${url.search}` === pathAndQuery;
      });
      expect(found.length, pathAndQuery).toBeGreaterThan(0);
      expect(new Set(found.map((l) => l.lastmod)).size, pathAndQuery).toBe(1);
      return found[0]!.lastmod;
    };
    const notice = lastmodOf(before, `/mypage/noticeDetail?itemCd=${NOTICE}`);
    expect(notice).not.toBeNull();
    // Imported before the server started: its date is the import's, and so is the list's (its newest notice).
    expect(Date.parse(notice!)).toBeLessThan(startedAt);
    expect(lastmodOf(before, "/mypage/notice")).toBe(notice);
    // The home page and the visa finder change only with a deployment: no date rather than the server's start.
    expect(lastmodOf(before, "/")).toBeNull();
    expect(lastmodOf(before, "/member/findVisa")).toBeNull();

    const editedFrom = Date.now();
    importNotice("Crawled notice, edited");
    const after = await sitemap();
    const edited = lastmodOf(after, `/mypage/noticeDetail?itemCd=${NOTICE}`);
    expect(Date.parse(edited!)).toBeGreaterThanOrEqual(editedFrom);
    expect(lastmodOf(after, "/mypage/notice")).toBe(edited);
  });
});

describe("what a page says it varies on", () => {
  it("a visitor's page by Accept-Language or the cookie is private; by ?lng= public, varying on the cookie", async () => {
    const byHeader = await get("/mypage/notice", { "Accept-Language": "ko" });
    expect(headOf(byHeader.html).lang).toBe("ko");
    expect(byHeader.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(varyOf(byHeader.response)).toEqual(expect.arrayContaining(["accept-language", "cookie"]));

    const cookie = (await languageCookie().serialize("vi")).split(";")[0]!;
    const byCookie = await get("/mypage/notice", { Cookie: cookie, "Accept-Language": "ko" });
    expect(headOf(byCookie.html).lang).toBe("vi");
    expect(byCookie.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(varyOf(byCookie.response)).toEqual(expect.arrayContaining(["accept-language", "cookie"]));

    // `?lng=` names the language: the same for everyone who sends the address, but for a member's session cookie.
    const byQuery = await get("/mypage/notice?lng=ja", { Cookie: cookie, "Accept-Language": "ko" });
    expect(headOf(byQuery.html).lang).toBe("ja");
    expect(byQuery.response.headers.get("cache-control")).toBe("public, no-cache");
    expect(varyOf(byQuery.response)).toContain("cookie");
    expect(varyOf(byQuery.response)).not.toContain("accept-language");

    // A `lng` that names no language leaves the choice to the headers again.
    const unnamed = await get("/mypage/notice?lng=xx", { "Accept-Language": "ko" });
    expect(headOf(unnamed.html).lang).toBe("ko");
    expect(unnamed.response.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("a member's page is private and never stored", LIMITED_BY_ITS_WAITS, async () => {
    const member = await joinOverHttp(server.url, server.dataDir, { name: "Crawl Member" });
    for (const target of ["/mypage/notice?lng=en", "/mypage/notice", "/benefit?lng=en"]) {
      const { response } = await get(target, { Cookie: member.cookies, "Accept-Language": "ko" });
      expect(response.status, target).toBe(200);
      expect(response.headers.get("cache-control"), target).toBe("private, no-store");
    }
  });

  it("through the shared pages' cache, each language gets its own page and the same headers", async () => {
    const shared = "/benefit?category=work";
    const turkish = { "Accept-Language": "tr" };
    // Kept in Turkish (the cache's first answer after a change elsewhere, the notice's import above, draws it again).
    await waitFor("the Turkish page answered from the cache", async () =>
      (await get(shared, turkish)).response.headers.has("age"),
    );
    const answers = [];
    for (const language of ["mn", "tr", "mn"]) {
      const { response, html } = await get(shared, { "Accept-Language": language });
      answers.push({
        language,
        lang: headOf(html).lang,
        cacheControl: response.headers.get("cache-control"),
        vary: ["accept-language", "cookie"].every((token) => varyOf(response).includes(token)),
        kept: response.headers.has("age"),
      });
    }
    expect(answers).toEqual([
      { language: "mn", lang: "mn", cacheControl: "private, no-cache", vary: true, kept: false },
      { language: "tr", lang: "tr", cacheControl: "private, no-cache", vary: true, kept: true },
      { language: "mn", lang: "mn", cacheControl: "private, no-cache", vary: true, kept: true },
    ]);
    const first = await get(`${shared}&lng=uz`);
    expect(first.response.headers.has("age")).toBe(false);
    const again = await get(`${shared}&lng=uz`);
    expect(headOf(again.html).lang).toBe("uz");
    expect(again.response.headers.has("age")).toBe(true);
    expect(again.response.headers.get("cache-control")).toBe("public, no-cache");
    expect(varyOf(again.response)).toContain("cookie");
  });
});

describe("a client's mistaken data request", () => {
  it(
    "is answered 4xx, logged as a warning saying what it was, and never as an error",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const from = server.output().length;
      const mistakes: [method: string, target: string][] = [
        ["GET", "/?_data=routes/anything"],
        ["GET", "/mypage/notice?_data=routes%2Fbenefit"],
        ["GET", "/mypage/notice?_data=routes%2F%24"],
        ["POST", "/mypage/notice?_data=routes%2Fmypage.notice"],
        ["POST", "/mypage/notice?index&_data=routes%2Fanything"],
      ];
      for (const [method, target] of mistakes) {
        const response = await fetch(`${server.url}${target}`, {
          method,
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          ...(method === "POST" ? { body: "a=b" } : {}),
          redirect: "manual",
        });
        expect(
          [target, response.status >= 400 && response.status < 500],
          `${method} ${target}: ${response.status}`,
        ).toEqual([target, true]);
      }
      // Each request's own log line is written when its answer is: by then anything it logged is there.
      await waitFor("the log line of each mistake", () => {
        const answered = logEntries(server.output().slice(from)).filter(
          (e) => e.event === "request" && e.path !== "/healthz",
        );
        return answered.length >= mistakes.length;
      });
      const logged = server.output().slice(from);
      expect(logged).not.toContain("[object Object]");
      expect(logEntries(logged).filter((e) => e.level === "error")).toEqual([]);
      const warnings = logEntries(logged).filter((e) => e.event === "route.refused");
      expect(warnings).toHaveLength(mistakes.length);
      expect(warnings[0]).toMatchObject({
        level: "warn",
        path: "/",
        routeId: "routes/anything",
        method: "GET",
        status: 403,
      });
      expect(warnings.every((w) => typeof w.status === "number" && w.status >= 400 && w.status < 500)).toBe(true);
    },
  );
});
