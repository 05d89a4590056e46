import { describe, expect, it } from "vitest";
import { inlinableStylesheet, jsonForScript } from "~/lib/inlineAssets";

describe("translations inside the HTML", () => {
  it("cannot close their script element or open a comment, and read back as the same data", () => {
    const words = { a: "</script><script>alert(1)</script>", b: "<!-- x -->", c: "한국어 \u2028 اردو" };
    const text = jsonForScript(words);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(words);
  });
});

describe("the inline stylesheet", () => {
  it("is inlined as it is, unless something in it could close the <style> element", () => {
    expect(inlinableStylesheet("body{margin:0}")).toBe("body{margin:0}");
    expect(inlinableStylesheet('a::after{content:"</style><script>"}')).toBeNull();
    expect(inlinableStylesheet("a{}<!--")).toBeNull();
  });
});
