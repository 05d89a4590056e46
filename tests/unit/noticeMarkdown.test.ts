/**
 * Notice bodies rendered from hostile Markdown (notices/markdown.server.ts): no
 * element or attribute that runs script, no link to javascript:, data: or another
 * scheme, external links opened safely, and the schema cleaning titles of bidi
 * overrides and control characters.
 */
import { describe, expect, it } from "vitest";
import { markdownText, renderMarkdown } from "~/notices/markdown.server";
import { noticeImportSchema, publicationTime } from "~/notices/schemas.server";

const HOSTILE = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="https://example.com" onclick="alert(1)">x</a>',
  "[a](javascript:alert(1))",
  "[b](JaVaScRiPt:alert(1))",
  "[c](java\tscript:alert(1))",
  "[d](java&#x09;script:alert(1))",
  "[e](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[f](vbscript:msgbox(1))",
  "[g](//evil.example/path)",
  "![h](javascript:alert(1))",
  "<iframe src=https://evil.example></iframe>",
  "<svg><script>alert(1)</script></svg>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "[i](<javascript:alert(1)>)",
  "<javascript:alert(1)>",
  "[j]: javascript:alert(1)\n\n[k][j]",
  "<details open ontoggle=alert(1)>",
];

/** Every attribute of every element, and every href. */
const attributes = (html: string) => [...html.matchAll(/<[a-z0-9]+\s([^>]*)>/gi)].map((m) => m[1]!);
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

describe("notice Markdown", () => {
  it.each(HOSTILE)("renders %j with no script, handler or dangerous link", (source) => {
    const html = renderMarkdown(`Before\n\n${source}\n\nAfter`);
    expect(html).not.toMatch(/<(script|iframe|svg|img|div|details|style|object|embed)\b/i);
    for (const attrs of attributes(html)) expect(attrs).not.toMatch(/\bon[a-z]+=|style=/i);
    for (const href of hrefs(html)) expect(href).toMatch(/^(https?:|mailto:|tel:|\/(?!\/))/);
    expect(html).toContain("Before");
    expect(html).toContain("After");
  });

  it("keeps CommonMark: emphasis, lists, headings under the page's h1, code, quotes", () => {
    const html = renderMarkdown("# Big\n\n**bold** and *it*\n\n- one\n- two\n\n```js\nx < 1\n```\n\n> quoted");
    expect(html).toContain("<h2>Big</h2>");
    expect(html).not.toContain("<h1");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>it</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<code class="language-js">x &lt; 1\n</code>');
    expect(html).toContain("<blockquote>");
  });

  it("opens other sites' links in a new tab without referrer, opener or endorsement; keeps site paths plain", () => {
    const html = renderMarkdown(
      "[HiKorea](https://www.hikorea.go.kr) [inbox](/noti) [call](tel:1345) ![map](https://example.com/m.png)",
    );
    expect(html).toContain(
      '<a href="https://www.hikorea.go.kr" rel="noopener noreferrer nofollow" target="_blank">HiKorea</a>',
    );
    expect(html).toContain('<a href="/noti">inbox</a>');
    expect(html).toContain('<a href="tel:1345">call</a>');
    // An image is a link to it: nothing is fetched by the page.
    expect(html).toContain(
      'href="https://example.com/m.png" rel="noopener noreferrer nofollow" target="_blank">map</a>',
    );
  });

  it("gives a body's plain text for descriptions", () => {
    expect(markdownText("# Title\n\nSome **bold** & <b>raw</b> [link](https://x.example)")).toBe(
      "Title Some bold & <b>raw</b> link",
    );
  });
});

describe("notice schema", () => {
  const item = (title: string, extra: Record<string, unknown> = {}) => ({
    itemCd: "2026-001",
    category: "visa",
    translations: { ko: { title, body: "본문" } },
    ...extra,
  });

  it("cleans titles of bidi overrides, isolates, zero-width and control characters", () => {
    const parsed = noticeImportSchema.parse(item("\u202Egnp.exe\u202C 공지\u0000\u200B\u2066사항\u2069\n 안내"));
    expect(parsed.translations.ko.title).toBe("gnp.exe 공지사항 안내");
  });

  it("refuses what cleaning leaves empty, over-long bodies, unknown languages, bad codes and fields", () => {
    const problems = (value: unknown) => {
      const result = noticeImportSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message.split("::")[0]}`);
    };
    expect(problems(item("\u202E\u200B"))).toEqual(["translations.ko.title: admin.problems.titleRequired"]);
    expect(problems({ ...item("t"), translations: { ko: { title: "t", body: "x".repeat(1_000_000) } } })).toEqual([
      "translations.ko.body: admin.problems.bodyTooLong",
    ]);
    expect(
      problems({ ...item("t"), translations: { ko: { title: "t", body: "b" }, xx: { title: "t", body: "b" } } }),
    ).toEqual(["translations.xx: errors.form.languageUnknown"]);
    expect(problems({ ...item("t"), translations: { en: { title: "t", body: "b" } } })).toEqual([
      "translations.ko.title: errors.form.koreanOriginal",
    ]);
    for (const itemCd of ["'; DROP TABLE notices;--", "../../etc/passwd", "-x", "", "a".repeat(33), "a/b"]) {
      expect(problems({ ...item("t"), itemCd })).toEqual(["itemCd: admin.problems.itemCdFormat"]);
    }
    expect(problems(item("t", { publishedAt: "2026-02-30" }))).toEqual([
      "publishedAt: admin.problems.publishedAtFormat",
    ]);
    expect(problems(item("t", { extra: 1 }))).toEqual([": errors.form.unknownField"]);
  });

  it("reads a date as midnight in Korea and an instant as written", () => {
    expect(publicationTime("2026-10-01")).toBe(Date.UTC(2026, 8, 30, 15, 0, 0));
    expect(publicationTime("2026-10-01T09:30:00+09:00")).toBe(Date.UTC(2026, 9, 1, 0, 30, 0));
    expect(publicationTime("yesterday")).toBeNull();
  });
});
