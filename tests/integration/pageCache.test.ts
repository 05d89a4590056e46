/**
 * Shared pages answered again without running their route (server/pageCache.ts, docs/decisions/0068), over HTTP
 * against the built server: each answer carries its own CSP nonce, a member never gets a visitor's document, a
 * change made by another process (the content import) shows within PAGE_CACHE_SECONDS, and a post this process
 * answers makes it draw the pages again at once.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinOverHttp } from "../support/join";
import { startServer, type RunningServer } from "../support/server";
import { LIMITED_BY_ITS_WAITS, waitFor } from "../support/waitFor";

const root = path.resolve(__dirname, "../..");
const SECONDS = 6;
const VISITOR = { "Accept-Language": "en" };

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
    }
    expect(nonceOf(first.response)).not.toBe(nonceOf(second.response));
  });

  it(
    "shows a notice imported by another process within its seconds, and at once after a post here",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const keptAt = Date.now();
      const before = await get("/mypage/notice");
      importNotice("cache-1", "Kept pages one");
      // Within the seconds, the list kept before the import is answered (unless the import itself took them)…
      const soon = await get("/mypage/notice");
      if (Date.now() - keptAt < SECONDS * 1000 - 1000) expect(soon.html).not.toContain("Kept pages one");
      // …and after them, the list with the new notice.
      await waitFor(
        "the imported notice on the list",
        async () => (await get("/mypage/notice")).html.includes("Kept pages one"),
        { within: SECONDS * 1000 + 5_000 },
      );
      expect(before.html).not.toContain("Kept pages one");

      // Kept again; a post this process answers (any: a language choice) empties what it kept.
      await get("/mypage/notice");
      importNotice("cache-2", "Kept pages two");
      const post = await fetch(`${server.url}/language`, {
        method: "POST",
        headers: { ...VISITOR, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ lng: "en" }),
        redirect: "manual",
      });
      expect(post.status).toBeLessThan(500);
      expect((await get("/mypage/notice")).html).toContain("Kept pages two");
    },
  );

  it("never answers a member with a visitor's document, nor keeps a member's", LIMITED_BY_ITS_WAITS, async () => {
    const visitor = await get("/benefit");
    expect(visitor.response.headers.get("cache-control") ?? "").not.toMatch(/private/);
    const member = await joinOverHttp(server.url, server.dataDir, { name: "Cache Member" });
    const signedIn = await get("/benefit", { ...VISITOR, Cookie: member.cookies });
    expect(signedIn.response.headers.get("cache-control")).toMatch(/private/);
    // The E-9 member's page puts the services for their visa first, under their own heading: a visitor's has none.
    expect(signedIn.html).toMatch(/E-9/);
    expect(visitor.html).not.toMatch(/"visa":"E-9"/);
    expect(signedIn.html).not.toBe(visitor.html.replaceAll(nonceOf(visitor.response)!, nonceOf(signedIn.response)!));
  });
});
