/**
 * Shared pages answered again without running their route (server/pageCache.ts, docs/decisions/0068), over HTTP
 * against the built server: each answer carries its own CSP nonce, a member never gets a visitor's document, a
 * change made by another process (the content import) shows within PAGE_CACHE_SECONDS, and a post this process
 * answers makes it draw the pages again at once.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinOverHttp } from "../support/join";
import { startServer, type RunningServer } from "../support/server";
import { LIMITED_BY_ITS_WAITS } from "../support/waitFor";

const root = path.resolve(__dirname, "../..");
const SECONDS = 2;
const VISITOR = { "Accept-Language": "en" };
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PERSON =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ PAGE_CACHE_SECONDS: String(SECONDS) });
});
afterAll(() => server?.stop());

/** Imports one notice with the content CLI, as an operator does while the server runs (another process). */
function importNotice(itemCd: string, title: string) {
  const file = path.join(server.dataDir, `${itemCd}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      notices: [
        {
          itemCd,
          publishedAt: "2026-11-01",
          category: "general",
          translations: { ko: { title: `${title} (ko)`, body: "본문" }, en: { title, body: "Body" } },
        },
      ],
    }),
  );
  execFileSync(process.execPath, [path.join(root, "build", "content.js"), "import", file], {
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
}

const get = async (target: string, headers: Record<string, string> = VISITOR) => {
  const response = await fetch(`${server.url}${target}`, { headers, redirect: "manual" });
  return { response, html: await response.text() };
};

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe("shared pages kept for a few seconds", () => {
  it("answers each request with its own nonce, the page's every nonce the one its policy names", async () => {
    const first = await get("/mypage/notice");
    const second = await get("/mypage/notice");
    for (const { response, html } of [first, second]) {
      expect(response.status).toBe(200);
      const nonce = nonceOf(response)!;
      const inPage = [...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(inPage.length).toBeGreaterThan(0);
      expect(new Set(inPage)).toEqual(new Set([nonce]));
      // The Link header names the page's modules with the same nonce, kept or drawn (decision 0116).
      const links = (response.headers.get("link") ?? "").split(", ");
      expect(links.length).toBeGreaterThan(1);
      for (const link of links) {
        const [, href] = /^<([^>]+)>; rel=modulepreload; nonce="([^"]+)"$/.exec(link) ?? [];
        expect(link).toBe(`<${href}>; rel=modulepreload; nonce="${nonce}"`);
        expect(html).toContain(`<link rel="modulepreload" nonce="${nonce}" href="${href}"`);
      }
    }
    expect(nonceOf(first.response)).not.toBe(nonceOf(second.response));
  });

  it("shows a notice imported by another process at once, and what a post here changed at once", async () => {
    const before = await get("/mypage/notice");
    expect(before.html).not.toContain("Kept pages one");
    // Kept: answered again as it is…
    const again = await get("/mypage/notice");
    expect(again.response.headers.get("age")).not.toBeNull();
    expect(again.html.replaceAll(nonceOf(again.response)!, "")).toBe(
      before.html.replaceAll(nonceOf(before.response)!, ""),
    );
    // …until another process commits a change to the database (the content import, here).
    importNotice("cache-1", "Kept pages one");
    expect((await get("/mypage/notice")).html).toContain("Kept pages one");

    // A post this process answers (any: a language choice) empties what it kept, too.
    await get("/mypage/notice");
    const post = await fetch(`${server.url}/language`, {
      method: "POST",
      headers: { ...VISITOR, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ lng: "en" }),
      redirect: "manual",
    });
    expect(post.status).toBeLessThan(500);
    expect((await get("/mypage/notice")).html).toContain("Kept pages one");
  });

  it("answers from what it kept within its seconds, saying how old it is (Age), then draws the page again", async () => {
    await get("/benefit?category=health");
    const kept = await get("/benefit?category=health");
    expect(Number(kept.response.headers.get("age"))).toBeLessThanOrEqual(SECONDS);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000 + 200));
    expect((await get("/benefit?category=health")).response.headers.get("age")).toBeNull();
    // Never for a page that is not shared (the visa finder).
    await get("/member/findVisa");
    expect((await get("/member/findVisa")).response.headers.get("age")).toBeNull();
  });

  it(
    "keeps a visitor's home, never a member's, and a crawler's apart from a person's",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const chosen = { ...VISITOR, Cookie: `lng=${Buffer.from(JSON.stringify("vi")).toString("base64")}` };
      await get("/", chosen);
      const kept = await get("/", chosen);
      expect(kept.response.status).toBe(200);
      expect(kept.response.headers.get("age")).not.toBeNull();

      const member = await joinOverHttp(server.url, server.dataDir, { name: "Home Member" });
      for (let i = 0; i < 2; i++) {
        const signedIn = await get("/", { ...VISITOR, Cookie: member.cookies });
        expect(signedIn.response.headers.get("cache-control")).toBe("private, no-store");
        expect(signedIn.response.headers.get("age")).toBeNull();
        expect(signedIn.html).toContain("Home Member");
      }

      // A crawler is shown home without a language chosen; a person sending the same headers is offered the choice.
      const crawler = { ...VISITOR, "User-Agent": BOT };
      await get("/", crawler);
      expect((await get("/", crawler)).response.headers.get("age")).not.toBeNull();
      const person = await get("/", { ...VISITOR, "User-Agent": PERSON });
      expect(person.response.status).toBe(302);
      expect(person.response.headers.get("location")).toMatch(/^\/language\?redirectTo=/);
    },
  );

  it("sends a kept page to a browser that takes gzip compressed once, its own nonce inflated in place", async () => {
    const target = "/finance/loan?amount=300%2C000%2C000&rate=4.2&months=360&method=equalPayment";
    const raw = () =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${target}`, { headers: { ...VISITOR, "Accept-Encoding": "gzip" } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    await raw();
    const kept = await raw();
    expect(kept.headers.age).toBeDefined();
    expect(kept.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(kept.body).toString("utf8");
    const nonce = /'nonce-([^']+)'/.exec(String(kept.headers["content-security-policy"]))![1]!;
    expect(new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
    expect(html).toContain("</html>");
    // The kept Link header carries this answer's nonce too, not the one it was drawn with.
    const linkNonces = [...String(kept.headers.link).matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(linkNonces.length).toBeGreaterThan(1);
    expect(new Set(linkNonces)).toEqual(new Set([nonce]));
  });

  it("never answers a member with a visitor's document, nor keeps a member's", LIMITED_BY_ITS_WAITS, async () => {
    const visitor = await get("/benefit");
    // A visitor's page may be kept (here, and by the visitor's own browser: decision 0084); a member's never.
    expect(visitor.response.headers.get("cache-control") ?? "").not.toMatch(/no-store/);
    const member = await joinOverHttp(server.url, server.dataDir, { name: "Cache Member" });
    const signedIn = await get("/benefit", { ...VISITOR, Cookie: member.cookies });
    expect(signedIn.response.headers.get("cache-control")).toBe("private, no-store");
    // The E-9 member's page puts the services for their visa first, under their own heading: a visitor's has none.
    expect(signedIn.html).toMatch(/E-9/);
    expect(visitor.html).not.toMatch(/"visa":"E-9"/);
    expect(signedIn.html).not.toBe(visitor.html.replaceAll(nonceOf(visitor.response)!, nonceOf(signedIn.response)!));
  });
});
