/**
 * The shared pages' cache (server/pageCache.ts): what it keeps, what it never keeps, the nonce of each answer,
 * and how long. Its place in the server (only shared routes, emptied by a post) is tested over HTTP in
 * tests/integration/pageCache.test.ts.
 */
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, pageCacheKey } from "../../server/pageCache";

const NONCE_A = "jftH5SZ1g90xSP6orHyqNw==";
const NONCE_B = "Qk9CQk9CQk9CQk9CQk9CQg==";

const page = (nonce: string, init: { status?: number; headers?: Record<string, string>; cookie?: string } = {}) => {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", ...init.headers });
  if (init.cookie) headers.append("Set-Cookie", init.cookie);
  return new Response(`<script nonce="${nonce}">1</script><p>notice</p><style nonce="${nonce}"></style>`, {
    status: init.status ?? 200,
    headers,
  });
};

describe("the shared pages' cache", () => {
  it("answers a kept page again with the asking request's nonce in every place the first one had", async () => {
    const cache = createPageCache(5);
    const key = pageCacheKey("GET", "/benefit", { "accept-language": "vi" }, "person");
    const sent = await cache.keep(key, page(NONCE_A), NONCE_A);
    expect(await sent.text()).toContain(`nonce="${NONCE_A}"`);

    const again = cache.answer(key, NONCE_B)!;
    const html = again.body.toString("utf8");
    expect(html).toBe(`<script nonce="${NONCE_B}">1</script><p>notice</p><style nonce="${NONCE_B}"></style>`);
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(Number(again.headers.get("age"))).toBeGreaterThanOrEqual(0);
  });

  it("answers a browser that takes gzip with the same page compressed, its nonce in place", async () => {
    const cache = createPageCache(5);
    const key = pageCacheKey("GET", "/finance/loan?amount=1", {}, "person");
    await cache.keep(key, page(NONCE_A), NONCE_A);
    const compressed = cache.answer(key, NONCE_B, true)!;
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(compressed.headers.get("vary")).toMatch(/Accept-Encoding/);
    const body = compressed.body;
    expect(Number(compressed.headers.get("content-length"))).toBe(body.length);
    expect(gunzipSync(body).toString("utf8")).toBe(cache.answer(key, NONCE_B)!.body.toString("utf8"));
    expect(gunzipSync(body).toString("utf8")).toContain(`nonce="${NONCE_B}"`);
  });

  it("keeps one page per address, cookies and languages", async () => {
    const cache = createPageCache(5);
    await cache.keep(pageCacheKey("GET", "/benefit", { "accept-language": "vi" }, "person"), page(NONCE_A), NONCE_A);
    expect(cache.answer(pageCacheKey("GET", "/benefit", { "accept-language": "ko" }, "person"), NONCE_B)).toBeNull();
    expect(
      cache.answer(pageCacheKey("GET", "/benefit?category=work", { "accept-language": "vi" }, "person"), NONCE_B),
    ).toBeNull();
    expect(
      cache.answer(
        pageCacheKey("GET", "/benefit", { "accept-language": "vi", cookie: "__session=abc" }, "person"),
        NONCE_B,
      ),
    ).toBeNull();
    // A crawler's page is not a person's: home shows a crawler the page and offers a person the language choice.
    expect(cache.answer(pageCacheKey("GET", "/benefit", { "accept-language": "vi" }, "crawler"), NONCE_B)).toBeNull();
    expect(
      cache.answer(pageCacheKey("GET", "/benefit", { "accept-language": "vi" }, "person"), NONCE_B),
    ).not.toBeNull();
    // What the server asks before it reads the storage's mark: only a request with a page kept costs that read.
    expect(cache.holds(pageCacheKey("GET", "/benefit", { "accept-language": "vi" }, "person"))).toBe(true);
    expect(
      cache.holds(pageCacheKey("GET", "/benefit", { "accept-language": "vi", cookie: "__session=abc" }, "person")),
    ).toBe(false);
    expect(cache.holds(null)).toBe(false);
    cache.clear();
    expect(cache.holds(pageCacheKey("GET", "/benefit", { "accept-language": "vi" }, "person"))).toBe(false);
  });

  it("never keeps what is personal, sets a cookie, failed or is not a document", async () => {
    const cache = createPageCache(5);
    const cases: [string, Response][] = [
      ["/a", page(NONCE_A, { headers: { "Cache-Control": "private, no-store" } })],
      ["/b", page(NONCE_A, { cookie: "lng=vi; Path=/" })],
      ["/c", page(NONCE_A, { status: 404 })],
      ["/d", page(NONCE_A, { status: 500 })],
      ["/e", new Response("{}", { headers: { "Content-Type": "application/json" } })],
    ];
    for (const [url, response] of cases) {
      const key = pageCacheKey("GET", url, {}, "person");
      const sent = await cache.keep(key, response, NONCE_A);
      expect(sent).toBe(response);
      expect(cache.answer(key, NONCE_B), url).toBeNull();
    }
  });

  it("has no key for anything but a GET, nor for a key longer than it is worth", () => {
    expect(pageCacheKey("HEAD", "/benefit", {}, "person")).toBeNull();
    expect(pageCacheKey("POST", "/benefit", {}, "person")).toBeNull();
    expect(pageCacheKey("GET", "/benefit", { cookie: "x=".padEnd(5000, "y") }, "person")).toBeNull();
  });

  it("forgets a page after its seconds, and everything when emptied", async () => {
    const clock = { at: 1_000, now: () => clock.at };
    const cache = createPageCache(5, clock);
    const key = pageCacheKey("GET", "/mypage/notice", {}, "person");
    await cache.keep(key, page(NONCE_A), NONCE_A);
    clock.at += 4_000;
    expect(cache.answer(key, NONCE_B)?.headers.get("age")).toBe("4");
    clock.at += 1_500;
    expect(cache.answer(key, NONCE_B)).toBeNull();

    await cache.keep(key, page(NONCE_A), NONCE_A);
    cache.clear();
    expect(cache.answer(key, NONCE_B)).toBeNull();
  });

  it("forgets everything when the storage's change mark moves (another process wrote), not before", async () => {
    const cache = createPageCache(60);
    const key = pageCacheKey("GET", "/shop", {}, "person");
    cache.sync(7);
    await cache.keep(key, page(NONCE_A), NONCE_A);
    cache.sync(7);
    expect(cache.answer(key, NONCE_B)).not.toBeNull();
    cache.sync(8);
    expect(cache.answer(key, NONCE_B)).toBeNull();
  });

  it("keeps nothing when turned off (0 seconds)", async () => {
    const cache = createPageCache(0);
    const key = pageCacheKey("GET", "/benefit", {}, "person");
    await cache.keep(key, page(NONCE_A), NONCE_A);
    expect(cache.answer(key, NONCE_B)).toBeNull();
  });
});
