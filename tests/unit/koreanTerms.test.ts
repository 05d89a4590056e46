/**
 * Korean terms quoted in other languages' text (lib/koreanTerms.ts, decisions 0097 and 0103): found with their
 * brackets, the text kept whole, long quotes allowed to wrap; and in notice bodies (notices/markdown.server.ts) made
 * isolates from the text only, never from an author's markup, and only when the body is not Korean.
 */
import { describe, expect, it } from "vitest";
import { isolatesKoreanTerms, koreanTermRuns } from "~/lib/koreanTerms";
import { renderMarkdown } from "~/notices/markdown.server";

describe("Korean terms in running text", () => {
  it("find each run of Hangul with its brackets, and join back to the text", () => {
    const text = "بنیادی شرح (매매기준율) اور 외국인 등록증 دیکھیں";
    const runs = koreanTermRuns(text);
    expect(runs.map((r) => r.text).join("")).toBe(text);
    expect(runs.filter((r) => r.term).map((r) => r.text)).toEqual(["(매매기준율)", "외국인 등록증"]);
    expect(koreanTermRuns("No Korean here (none)")).toEqual([{ text: "No Korean here (none)", term: null }]);
  });

  it("let a long quote wrap inside its isolate, and keep a short term unbroken", () => {
    const [short] = koreanTermRuns("(삼성화재)").filter((r) => r.term);
    expect(short!.term).toEqual({ long: false });
    const [long] = koreanTermRuns("Meet at 서울특별시 종로구 세종대로 국립현대미술관 앞 today").filter((r) => r.term);
    expect(long!.term).toEqual({ long: true });
  });

  it("isolate in every language but Korean", () => {
    expect(isolatesKoreanTerms("ur")).toBe(true);
    expect(isolatesKoreanTerms("en")).toBe(true);
    expect(isolatesKoreanTerms("ko")).toBe(false);
  });
});

describe("Korean terms in notice bodies", () => {
  it("become isolates in a body that is not Korean, in text but not in code", () => {
    const html = renderMarkdown("The base rate (매매기준율) and `환율` **외국인**.", { koreanTerms: true });
    expect(html).toContain('<bdi lang="ko" dir="ltr" class="ko-term">(매매기준율)</bdi>');
    expect(html).toContain('<strong><bdi lang="ko" dir="ltr" class="ko-term">외국인</bdi></strong>');
    expect(html).toContain("<code>환율</code>");
  });

  it("stay as written in a Korean body", () => {
    expect(renderMarkdown("매매기준율을 확인하세요.")).toBe("<p>매매기준율을 확인하세요.</p>\n");
  });

  it("are never taken from an author's markup", () => {
    const html = renderMarkdown('<bdi dir="rtl" class="evil" onclick="x">(매매기준율)</bdi>', { koreanTerms: true });
    // The only element is ours; the typed one is text (its quotes as text, no attribute of an element).
    expect(html.match(/<bdi[^>]*>/g)).toEqual(['<bdi lang="ko" dir="ltr" class="ko-term">']);
    // The typed tag is shown as text; the term inside it is still isolated as text.
    expect(html).toContain("&lt;bdi");
  });
});
