import { describe, expect, it } from "vitest";
import { directionOf, languageFromAcceptLanguage, matchLanguage, supportedLanguages } from "~/i18n/config";
import { languageOptions } from "~/i18n/languageChoice.server";

describe("matchLanguage", () => {
  it.each([
    ["ko", "ko"],
    ["ko-KR", "ko"],
    ["KO_kr", "ko"],
    ["zh", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["zh-SG", "zh-CN"],
    ["zh-Hant", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["zh-TW", "zh-TW"],
    ["fil-PH", "tl"],
    ["ur-PK", "ur"],
  ])("%s → %s", (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });

  it.each(["", "xx", "de-DE", "../../etc", "k", "*", "123"])("rejects %j", (tag) => {
    expect(matchLanguage(tag)).toBeNull();
  });
});

describe("languageFromAcceptLanguage", () => {
  it("honours quality values and order", () => {
    expect(languageFromAcceptLanguage("de-DE,de;q=0.9,vi;q=0.8,ko;q=0.7")).toBe("vi");
    expect(languageFromAcceptLanguage("ko;q=0.5, ne")).toBe("ne");
  });

  it("skips malformed entries instead of failing", () => {
    expect(languageFromAcceptLanguage(";;;,q=abc, ,,ja;q=x, ru")).toBe("ru");
    expect(languageFromAcceptLanguage("\u0000\u00ff;q=1")).toBeNull();
    expect(languageFromAcceptLanguage("a".repeat(10_000))).toBeNull();
    expect(languageFromAcceptLanguage(null)).toBeNull();
  });

  it("ignores entries with q=0", () => {
    expect(languageFromAcceptLanguage("ko;q=0, en;q=0.1")).toBe("en");
  });
});

describe("language facts", () => {
  it("lists every language once, in its own script with its English name, the visitor's own on top", () => {
    const options = languageOptions("ne");
    expect(options.map((o) => o.code).sort()).toEqual([...supportedLanguages].sort());
    expect(options[0]).toEqual({ code: "ne", name: "नेपाली", english: "Nepali", dir: "ltr" });
    expect(options.find((o) => o.code === "ko")).toMatchObject({ name: "한국어", english: "Korean" });
    expect(options.find((o) => o.code === "ur")).toMatchObject({ name: "اردو", dir: "rtl" });
    // Then the largest groups of residents: Chinese and Vietnamese first.
    expect(options.slice(1, 3).map((o) => o.code)).toEqual(["zh-CN", "vi"]);
    expect(languageOptions("zh-CN")[1]!.code).toBe("vi");
  });

  it("writes only Urdu right to left", () => {
    expect(supportedLanguages.filter((l) => directionOf(l) === "rtl")).toEqual(["ur"]);
  });
});
