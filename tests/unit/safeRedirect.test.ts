/**
 * The redirect helper against generated spellings: dot segments (also encoded),
 * backslashes, control characters, schemes, `@` and `//`. Whatever goes in, what
 * comes out is the fallback or a path that a browser resolves to this site, to
 * exactly the URL that was checked.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { choiceHref } from "~/components/VisaBadges";
import { returnPath } from "~/i18n/languageChoice.server";
import { safeRedirect, safeRedirectWith } from "~/lib/safeRedirect";

const pieces = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%00",
  "%0a",
  "%",
  "evil.example",
  "evil.example:443",
  "@",
  ":",
  "http:",
  "https:",
  "javascript:",
  "data:",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u007f",
  "\u0085",
  "\u202e",
  "\uff0f",
  "\u3002",
  "?",
  "#",
  "&",
  "=",
  "a",
  "mypage",
  "é",
  "한",
];
const spelling = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(""));
/** Mostly candidates that start like a path, which is where the tricks hide. */
const candidate = fc.oneof(
  spelling,
  spelling.map((s) => `/${s}`),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** Where a browser on some page of the site lands for `Location: value`. */
const landing = (value: string, from = "https://app.example/member/start?x=1") => new URL(value, from);

describe("safeRedirect", () => {
  it("returns the fallback or a path that stays on this site", () => {
    fc.assert(
      fc.property(candidate, (input) => {
        const out = safeRedirect(input, "/fallback");
        if (out === "/fallback") return;
        expect(out.startsWith("/")).toBe(true);
        expect(out.startsWith("//")).toBe(false);
        expect(landing(out).origin).toBe("https://app.example");
        expect(landing(out, "https://app.example/").origin).toBe("https://app.example");
      }),
      { numRuns: 5000 },
    );
  });

  it("returns exactly the normalised path it checked, and is stable when applied again", () => {
    fc.assert(
      fc.property(candidate, (input) => {
        const out = safeRedirect(input, "/fallback");
        if (out === "/fallback") return;
        const checked = landing(input, "https://app.example/");
        expect(out).toBe(`${checked.pathname}${checked.search}${checked.hash}`);
        expect(safeRedirect(out, "/fallback")).toBe(out);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ["/shop", "/shop"],
    ["/member/start?redirectTo=%2Fmypage#x", "/member/start?redirectTo=%2Fmypage#x"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/../mypage", "/mypage"],
    // Dot segments that normalise into a protocol-relative "//host" (the defect this guards).
    ["/.//evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/%2e//evil.example", "/"],
    ["/%2E%2E//evil.example/x", "/"],
    ["/a/..//evil.example", "/"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/ok\n//evil", "/"],
    ["", "/"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(["/x"])).toBe("/");
    expect(safeRedirect(undefined, "/here")).toBe("/here");
  });
});

describe("links built from a return target", () => {
  it("stay on this site whatever the target, and carry the parameter", () => {
    fc.assert(
      fc.property(candidate, fc.constantFrom("D-2", "E-9-1", "F-6"), (target, visa) => {
        const href = choiceHref(target, visa);
        expect(landing(href).origin).toBe("https://app.example");
        expect(href.startsWith("//")).toBe(false);
        expect(landing(href).searchParams.get("visa")).toBe(visa);
        const back = returnPath(target);
        expect(landing(back).origin).toBe("https://app.example");
        expect(landing(back).searchParams.has("lng")).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it("keep the target's own query and hash", () => {
    expect(choiceHref("/member/addInfo?step=2", "D-2")).toBe("/member/addInfo?step=2&visa=D-2");
    expect(returnPath("/member/findVisa?q=student&lng=ko#top")).toBe("/member/findVisa?q=student#top");
    expect(safeRedirectWith("/.//evil.example", { visa: "D-2" })).toBe("/?visa=D-2");
  });
});
