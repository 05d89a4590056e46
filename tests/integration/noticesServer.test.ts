/**
 * Notices over HTTP from the built server, and the content import as an operator
 * runs it: the real CLI (build/content.js, `npm run content`) on a temporary
 * DATA_DIR, notices and then benefits and offers, valid twice (the second changes
 * nothing), invalid (nothing written, the item and field named), and while a server
 * on that DATA_DIR runs; then a crawler (a bot's user agent, no cookies) reading the
 * notices in all 19 languages: the canonical address, 19 + 1 alternates,
 * description, Open Graph, the title in the <h1>, <html lang>; the benefits, the shop
 * and the terms likewise; the sitemap and robots.txt; a cross-site post to the admin
 * area.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import { decodeEntities } from "../support/html";
import { startServer, type RunningServer } from "../support/server";

const root = path.resolve(__dirname, "../..");
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function cli(args: string[], env: Record<string, string>, viaNpm = false) {
  const [command, commandArgs] = viaNpm
    ? ["npm", ["run", "content", "--silent", "--", ...args]]
    : [process.execPath, [path.join(root, "build", "content.js"), ...args]];
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      command,
      commandArgs,
      { cwd: root, env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...env } as unknown as NodeJS.ProcessEnv },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every table's rows, hashed: what any write would change. */
function snapshot(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[];
    const hash = createHash("sha256");
    for (const { name } of tables)
      hash.update(JSON.stringify(db.prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`).all()));
    return hash.digest("hex");
  } finally {
    db.close();
  }
}

const fileWith = (dir: string, name: string, content: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
};

const KO = {
  title: "체류기간 연장 안내",
  body: "만료일 **4개월 전부터** 신청할 수 있어요.\n\n[하이코리아](https://www.hikorea.go.kr)",
};
const VALID = {
  notices: [
    {
      itemCd: "2026-001",
      pinned: true,
      publishedAt: "2026-10-01",
      category: "visa",
      translations: {
        ko: KO,
        en: { title: "Extending your stay & more", body: "Apply from **4 months** before expiry." },
      },
    },
    {
      itemCd: "2026-002",
      publishedAt: null,
      category: "general",
      translations: { ko: { title: "초안", body: "본문" } },
    },
  ],
};

let dir: string;
let dataDir: string;
let server: RunningServer | null = null;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-content-"));
  dataDir = path.join(dir, "data");
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run content -- import", () => {
  it("imports a valid file, and a second run changes nothing", async () => {
    const file = fileWith(dir, "valid.json", VALID);
    const first = await cli(["import", file], { DATA_DIR: dataDir }, true);
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(first.stdout.trim()).toBe("imported notices: 2 created, 0 updated, 0 unchanged");
    const before = snapshot(path.join(dataDir, "klife.sqlite"));
    const second = await cli(["import", file], { DATA_DIR: dataDir });
    expect(second.stdout.trim()).toBe("imported notices: 0 created, 0 updated, 2 unchanged");
    expect(snapshot(path.join(dataDir, "klife.sqlite"))).toBe(before);
  });

  it("refuses a file with any error, naming the item and the field, and writes nothing", async () => {
    const before = snapshot(path.join(dataDir, "klife.sqlite"));
    const file = fileWith(dir, "invalid.json", {
      notices: [
        { ...VALID.notices[0], translations: { ko: { title: "바뀐 제목", body: "본문" } } },
        { itemCd: "2026-003", category: "visa", translations: { en: { title: "No Korean", body: "b" } } },
        { itemCd: "2026-004", category: "visa", pinned: "yes", translations: { ko: KO } },
        { itemCd: "2026-004", category: "visa", translations: { ko: KO } },
        { itemCd: "2026'; DROP TABLE notices;--", category: "visa", translations: { ko: KO } },
        { itemCd: "2026-005", category: "visa", translations: { ko: { ...KO, body: "x".repeat(1_000_000) } } },
      ],
      benefitz: [],
    });
    const result = await cli(["import", file], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toEqual([
      "benefitz: The import does not know this key.",
      "notices[2026-003].translations.ko.title: Add the Korean original: it is the text that applies.",
      "notices[2026-004].pinned: Pinned must be true or false.",
      "notices[#4].itemCd: Use letters, digits and hyphens (up to 32), starting with a letter or digit.",
      "notices[2026-005].translations.ko.body: The body can be at most 20000 characters.",
      `5 error(s) in ${file}: nothing was imported.`,
    ]);
    expect(snapshot(path.join(dataDir, "klife.sqlite"))).toBe(before);

    const duplicate = fileWith(dir, "duplicate.json", { notices: [VALID.notices[1], VALID.notices[1]] });
    const twice = await cli(["import", duplicate], { DATA_DIR: dataDir });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("notices[2026-002].itemCd: This item code appears more than once in the file.");
    const notJson = fileWith(dir, "broken.json", "");
    fs.writeFileSync(notJson, "{ not json");
    expect((await cli(["import", notJson], { DATA_DIR: dataDir })).code).toBe(1);
    const usage = await cli(["export", notJson], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    // The usage names every key the import reads.
    for (const key of ["notices", "benefits", "offers", "terms", "rates", "corridors", "loanProducts"])
      expect(usage.stderr).toMatch(new RegExp(`[:,] ${key}[,.]`));
    expect(snapshot(path.join(dataDir, "klife.sqlite"))).toBe(before);
  });

  it("imports benefits and offers, a second run changes nothing, and an invalid one writes nothing", async () => {
    const database = path.join(dataDir, "klife.sqlite");
    const benefit = {
      itemCd: "cli-helpline",
      category: "work",
      visas: ["E-9"],
      phones: ["1350"],
      source: { name: "Ministry of Employment and Labor", checkedOn: "2026-11-22" },
      unverified: ["hours"],
      translations: {
        ko: { name: "고용노동부 상담센터", gives: "노동 상담", eligible: "모든 노동자", apply: "1350으로 전화" },
        en: { name: "Labour helpline", gives: "Advice on work", eligible: "Every worker", apply: "Call 1350." },
      },
    };
    const offer = {
      itemCd: "cli-sim",
      partner: "Example Mobile",
      link: "https://example.com/prepaid-sim",
      priceKrw: { min: 33000, max: 55000 },
      checkedOn: "2026-11-20",
      translations: { ko: { title: "선불 유심 30일", description: "30일 데이터와 통화" } },
    };
    const file = fileWith(dir, "benefits.json", { benefits: [benefit], offers: [offer] });
    const first = await cli(["import", file], { DATA_DIR: dataDir });
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(first.stdout.trim()).toBe(
      "imported benefits: 1 created, 0 updated, 0 unchanged; offers: 1 created, 0 updated, 0 unchanged",
    );
    const db = new Database(database, { readonly: true });
    try {
      expect(db.prepare("SELECT item_cd, category FROM benefits WHERE item_cd = 'cli-helpline'").all()).toEqual([
        { item_cd: "cli-helpline", category: "work" },
      ]);
      expect(db.prepare("SELECT language FROM offer_texts WHERE item_cd = 'cli-sim' ORDER BY language").all()).toEqual([
        { language: "ko" },
      ]);
      // Each change is the import's in the audit log.
      expect(
        db
          .prepare(
            "SELECT actor_kind, action, target_kind, target_id FROM audit_log WHERE target_id IN ('cli-helpline', 'cli-sim') ORDER BY target_id",
          )
          .all(),
      ).toEqual([
        { actor_kind: "import", action: "create", target_kind: "benefit", target_id: "cli-helpline" },
        { actor_kind: "import", action: "create", target_kind: "offer", target_id: "cli-sim" },
      ]);
    } finally {
      db.close();
    }
    const before = snapshot(database);
    const second = await cli(["import", file], { DATA_DIR: dataDir });
    expect(second.stdout.trim()).toBe(
      "imported benefits: 0 created, 0 updated, 1 unchanged; offers: 0 created, 0 updated, 1 unchanged",
    );
    expect(snapshot(database)).toBe(before);

    const invalid = fileWith(dir, "invalid-benefits.json", {
      benefits: [
        {
          ...benefit,
          translations: { ...benefit.translations, en: { ...benefit.translations.en, name: "Help\u202Eline" } },
        },
        { ...benefit, itemCd: "cli-no-korean", translations: { en: benefit.translations.en } },
      ],
      offers: [{ ...offer, itemCd: "cli-sim-2", link: "javascript:alert(1)" }],
    });
    const refused = await cli(["import", invalid], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim().split("\n")).toEqual([
      "benefits[cli-helpline].translations.en.name: Remove control characters, invisible characters and direction overrides from this text.",
      "benefits[cli-no-korean]: Add the Korean original: it is the text that applies.",
      "offers[cli-sim-2].link: Enter a full address that starts with https://.",
      `3 error(s) in ${invalid}: nothing was imported.`,
    ]);
    expect(snapshot(database)).toBe(before);
  });

  it("imports while a server runs on the same DATA_DIR, which shows the change at once", async () => {
    server = await startServer({}, dataDir);
    const file = fileWith(dir, "update.json", {
      notices: [{ ...VALID.notices[0] }, { ...VALID.notices[1], publishedAt: "2026-10-02T10:00:00+09:00" }],
    });
    const result = await cli(["import", file], { DATA_DIR: dataDir });
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout.trim()).toBe("imported notices: 0 created, 1 updated, 1 unchanged");
    const html = await (await fetch(`${server.url}/mypage/notice?lng=ko`, { headers: { "User-Agent": BOT } })).text();
    expect(html).toContain("체류기간 연장 안내");
    expect(html).toContain("초안");
  });
});

describe("crawlers", () => {
  const attr = (html: string, pattern: RegExp) => {
    const found = pattern.exec(html);
    return found ? decodeEntities(found[1]!) : null;
  };

  async function crawl(pathAndQuery: string) {
    const response = await fetch(`${server!.url}${pathAndQuery}`, { headers: { "User-Agent": BOT } });
    const html = await response.text();
    return {
      status: response.status,
      lang: attr(html, /<html lang="([^"]+)"/),
      title: attr(html, /<title>([^<]*)<\/title>/),
      h1: [...html.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((m) => decodeEntities(m[1]!)),
      canonical: attr(html, /<link rel="canonical" href="([^"]+)"/),
      alternates: [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [
        m[1]!,
        decodeEntities(m[2]!),
      ]),
      description: attr(html, /<meta name="description" content="([^"]*)"/),
      og: Object.fromEntries(
        [...html.matchAll(/<meta property="og:([a-z_]+)" content="([^"]*)"/g)].map((m) => [
          m[1]!,
          decodeEntities(m[2]!),
        ]),
      ),
    };
  }

  /**
   * A page in one language (`query` is "" or ends with "&"): found, in that language, its canonical address that
   * language's, and the alternates every language's and the adapting one (`x-default`).
   */
  async function crawlInLanguage(pathname: string, query: string, lng: string) {
    const origin = `http://localhost:${server!.env.PORT}`;
    const page = await crawl(`${pathname}?${query}lng=${lng}`);
    const where = `${pathname}?${query} ${lng}`;
    expect(page.status, where).toBe(200);
    expect(page.lang, where).toBe(lng);
    const canonical = `${origin}${pathname}?${query}lng=${encodeURIComponent(lng)}`;
    expect(page.canonical, where).toBe(canonical);
    expect(page.alternates, where).toEqual([
      ...supportedLanguages.map((l) => [l, `${origin}${pathname}?${query}lng=${encodeURIComponent(l)}`]),
      // x-default is a canonical address too: English's (decision 0084).
      ["x-default", `${origin}${pathname}?${query}lng=en`],
    ]);
    return { page, where, canonical };
  }

  it("read every notice page in all 19 languages with canonical, alternates, description, Open Graph and the title as <h1>", async () => {
    expect(server).not.toBeNull();
    for (const lng of supportedLanguages) {
      for (const [pathname, query, titleOf] of [
        ["/mypage/notice", "", null],
        [
          "/mypage/noticeDetail",
          "itemCd=2026-001&",
          // Korean and English only: English in every language but Korean (the one fallback chain).
          lng === "ko" ? "체류기간 연장 안내" : "Extending your stay & more",
        ],
      ] as const) {
        const { page, where, canonical } = await crawlInLanguage(pathname, query, lng);
        expect(page.description?.length, where).toBeGreaterThan(10);
        expect(page.og.url, where).toBe(canonical);
        expect(page.og.description, where).toBe(page.description);
        expect(page.og.locale, where).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
        expect(page.og.type, where).toBe(titleOf ? "article" : "website");
        expect(page.h1, where).toHaveLength(1);
        expect(page.og.title, where).toBe(page.h1[0]);
        expect(page.title?.startsWith(`${page.h1[0]} | `), where).toBe(true);
        if (titleOf) expect(page.h1[0], where).toBe(titleOf);
      }
    }
  });

  it("read the benefits, the shop and the terms in all 19 languages with canonical, alternates, their description and Open Graph", async () => {
    const origin = `http://localhost:${server!.env.PORT}`;
    for (const lng of supportedLanguages) {
      const common = JSON.parse(fs.readFileSync(path.join(root, "locales", lng, "common.json"), "utf8")) as {
        app: { description: string };
        descriptions: Record<string, string>;
      };
      for (const [pathname, query, description] of [
        ["/benefit", "", common.descriptions.benefit],
        ["/benefit", "category=health&", common.descriptions.benefit],
        ["/shop", "", common.descriptions.shop],
        ["/member/terms", "", common.app.description],
        ["/mypage/terms", "", common.app.description],
      ] as const) {
        const { page, where, canonical } = await crawlInLanguage(pathname, query, lng);
        expect(page.description, where).toBe(description);
        expect(page.og.description, where).toBe(description);
        expect(page.og.url, where).toBe(canonical);
        expect(page.og.type, where).toBe("website");
        expect(page.title?.startsWith(`${page.og.title} | `), where).toBe(true);
      }
    }
    // A category that is none shows every service: its address is the page's own.
    expect((await crawl("/benefit?category=nope&lng=en")).canonical).toBe(`${origin}/benefit?lng=en`);
  });

  it("get the 404 page for an unknown or malformed item code, and the bare address names English canonical", async () => {
    for (const query of ["itemCd=nope", "itemCd=%3Cscript%3E", ""]) {
      expect((await crawl(`/mypage/noticeDetail?${query}`)).status, query).toBe(404);
    }
    const bare = await crawl("/mypage/noticeDetail?itemCd=2026-001");
    expect(bare.canonical).toBe(`http://localhost:${server!.env.PORT}/mypage/noticeDetail?itemCd=2026-001&lng=en`);
  });

  it("find the sitemap in robots.txt, the public pages and notices in it, and private pages kept out", async () => {
    const origin = `http://localhost:${server!.env.PORT}`;
    const robots = await fetch(`${server!.url}/robots.txt`, { headers: { "User-Agent": BOT } });
    expect(robots.status).toBe(200);
    expect(robots.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(robots.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const rules = await robots.text();
    expect(rules).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const line of [
      "Allow: /mypage/notice",
      "Allow: /mypage/terms",
      "Disallow: /mypage",
      "Disallow: /noti",
      "Disallow: /admin",
      "Disallow: /community/edit",
      "Disallow: /sign",
      "Disallow: /member/start",
      "Disallow: /member/termsUpdate",
      "Disallow: /dev",
    ]) {
      expect(rules.split("\n"), line).toContain(line);
    }

    const sitemap = await fetch(`${server!.url}/sitemap.xml`, { headers: { "User-Agent": BOT } });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(sitemap.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]!));
    for (const page of [
      "/",
      "/member/findVisa",
      "/member/findVisa/E-9",
      "/community",
      "/benefit",
      "/shop",
      "/member/terms",
      "/mypage/terms",
      "/mypage/notice",
      "/mypage/noticeDetail?itemCd=2026-001",
      "/mypage/noticeDetail?itemCd=2026-002",
    ]) {
      // Listed at their canonical addresses, one per language (decision 0084).
      expect(locs, page).toContain(`${origin}${page}${page.includes("?") ? "&" : "?"}lng=en`);
    }
    const privatePaths = locs
      .map((l) => new URL(l).pathname)
      .filter((p) => p === "/noti" || p === "/mypage" || /^\/(admin|sign|dev|login)(\/|$)/.test(p));
    expect(privatePaths).toEqual([]);
    expect(locs.length).toBeLessThan(50_000);
    const entry = /<url>\s*<loc>[^<]*itemCd=2026-001&amp;lng=en<\/loc>([\s\S]*?)<\/url>/.exec(xml)![1]!;
    expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
    expect([...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1])).toEqual([
      ...supportedLanguages,
      "x-default",
    ]);
  });

  it("cannot post to the admin area from another site", async () => {
    const response = await fetch(`${server!.url}/admin/notices`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "itemCd=2026-002&intent=unpublish",
    });
    expect(response.status).toBe(403);
    // The benefits', offers' and terms' forms alike.
    for (const target of ["/admin/benefits/edit", "/admin/offers/edit", "/admin/terms/edit", "/admin/terms"]) {
      const refused = await fetch(`${server!.url}${target}`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "itemCd=x&document=privacy&version=x&intent=publish",
      });
      expect(refused.status, target).toBe(403);
    }
  });
});
