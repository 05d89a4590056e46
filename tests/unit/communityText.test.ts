/** Members' text as stored and shown: cleaning, links, previews, public labels; relative times. */
import { describe, expect, it } from "vitest";
import { cleanText, excerpt, linkSegments, publicLabel } from "~/community/text";
import { relativeTime } from "~/lib/format";

describe("cleanText", () => {
  it("drops controls, zero-width characters and direction overrides, keeps line breaks and tabs", () => {
    expect(cleanText("a\u0000b\u0007c\u200bd\u202ee\u2066f\ufeffg\th\r\ni")).toBe("abcdefg\th\ni");
  });
  it("normalises to NFC, trims, and caps blank lines at two", () => {
    expect(cleanText("  e\u0301\n\n\n\n\nend  ")).toBe("é\n\n\nend");
  });
  it("keeps what people type in any script", () => {
    const text = "안녕하세요 👋 Xin chào! مرحبا नमस्ते";
    expect(cleanText(text)).toBe(text);
  });
});

describe("linkSegments", () => {
  it("links http(s) addresses only, and rebuilds the text exactly", () => {
    const text = "see https://www.hikorea.go.kr/a?b=1, javascript:alert(1) ftp://x.y mail me@example.com www.naver.com";
    const segments = linkSegments(text);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(segments.filter((s) => "href" in s)).toEqual([
      { text: "https://www.hikorea.go.kr/a?b=1", href: "https://www.hikorea.go.kr/a?b=1" },
      { text: "www.naver.com", href: "http://www.naver.com/" },
    ]);
  });
  it("never makes a link of markup", () => {
    const segments = linkSegments('<a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)>');
    expect(segments.every((s) => !("href" in s) || /^https?:/.test(s.href))).toBe(true);
  });
});

describe("excerpt and publicLabel", () => {
  it("cuts by whole characters with an ellipsis", () => {
    expect(excerpt("가나다라마바사", 3)).toBe("가나다…");
    expect(excerpt("👋👋👋👋", 2)).toBe("👋👋…");
    expect(excerpt("short", 10)).toBe("short");
  });
  it("shows the first word and initials, or the first two letters of a one-word name", () => {
    expect(publicLabel("Nguyen Van An")).toBe("Nguyen V. A.");
    expect(publicLabel("김민수")).toBe("김민*");
    expect(publicLabel("Bo")).toBe("B*");
    expect(publicLabel("   ")).toBe("?");
  });
});

describe("relativeTime", () => {
  const now = Date.UTC(2026, 10, 25, 3, 0, 0);
  it("says how long ago in the reader's language, and the date after a week", () => {
    expect(relativeTime(now - 30_000, now, "en")).toBe("now");
    expect(relativeTime(now - 3 * 60_000, now, "en")).toBe("3 minutes ago");
    expect(relativeTime(now - 3 * 60_000, now, "ko")).toBe("3분 전");
    expect(relativeTime(now - 2 * 3_600_000, now, "vi")).toBe("2 giờ trước");
    expect(relativeTime(now - 86_400_000, now, "en")).toBe("yesterday");
    expect(relativeTime(now - 8 * 86_400_000, now, "en")).toBe("2026-11-17");
  });
});
