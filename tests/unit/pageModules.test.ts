/**
 * The page's modules as the Link header names them (app/lib/pageModules.ts, decision 0116): in `<Scripts>`'s order,
 * each once, each with the answer's nonce, and nothing that could end a link or start a header of its own.
 */
import { describe, expect, it } from "vitest";
import { modulePreloadHeader, pageModules } from "~/lib/pageModules";

const manifest = {
  entry: { module: "/build/entry.client-A.js", imports: ["/build/_shared/chunk-R.js", "/build/_shared/chunk-S.js"] },
  routes: {
    root: { module: "/build/root-B.js", imports: ["/build/_shared/chunk-S.js"] },
    "routes/finance.loan": { module: "/build/routes/finance.loan-C.js", imports: ["/build/_shared/chunk-F.js"] },
  },
};

describe("the page's modules", () => {
  it("lists the entry, its imports, then each matched route's imports and module, each once", () => {
    expect(pageModules(manifest, ["root", "routes/finance.loan", "routes/unknown"])).toEqual([
      "/build/entry.client-A.js",
      "/build/_shared/chunk-R.js",
      "/build/_shared/chunk-S.js",
      "/build/root-B.js",
      "/build/_shared/chunk-F.js",
      "/build/routes/finance.loan-C.js",
    ]);
  });

  it("names each in the Link header with the nonce", () => {
    expect(modulePreloadHeader(["/build/a-1.js", "/build/_shared/b.js"], "n0nce")).toBe(
      '</build/a-1.js>; rel=modulepreload; nonce="n0nce", </build/_shared/b.js>; rel=modulepreload; nonce="n0nce"',
    );
  });

  it("leaves out a path that could break out of its link or the header", () => {
    const hostile = [
      "/build/a.js>; rel=preload",
      "/build/a.js, </evil.js",
      "/build/a.js\r\nSet-Cookie: x=1",
      "https://elsewhere.example/a.js",
      "//elsewhere.example/a.js",
      '/build/a".js',
    ];
    expect(modulePreloadHeader([...hostile, "/build/ok.js"], "n")).toBe('</build/ok.js>; rel=modulepreload; nonce="n"');
    expect(modulePreloadHeader(hostile, "n")).toBe("");
  });
});
