/**
 * Pages compressed with their recurring parts compressed once (server/documentGzip.ts): what a browser inflates
 * must be the page byte for byte (zlib's own gunzip checks the CRC and length), whatever the markup; the parts
 * kept are the inline stylesheets and scripts that recur, never the loaders' data; and the page stays about as
 * small as one compressed whole.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createDocumentGzip } from "../../server/documentGzip";

const inflate = (body: Buffer) => zlib.gunzipSync(body).toString("utf8");
const read = (file: string) => fs.readFileSync(path.resolve(__dirname, "../..", file), "utf8");

/** A page made as entry.server.tsx makes one: inline stylesheets, translations, Remix's scripts, the markup. */
function page(lng: string, name: string, nonce: string) {
  const css = read("app/styles/app.css");
  const community = read("app/styles/community.css");
  const translations = JSON.stringify({ common: JSON.parse(read(`locales/${lng}/common.json`)) });
  const context = `window.__remixContext = ${JSON.stringify({ state: { loaderData: { root: { member: { name } } } }, pad: "x".repeat(2000) })};`;
  const modules = `import * as route0 from "/build/root.js"; ${'import "/build/_shared/chunk.js"; '.repeat(60)}`;
  return [
    `<!DOCTYPE html><html lang="${lng}"><head><meta charset="utf-8"><title>${name}</title>`,
    `<style nonce="${nonce}" data-href="/build/app.css">${css}</style>`,
    `<style nonce="${nonce}" data-href="/build/community.css">${community}</style></head>`,
    `<body><main><h1>안녕하세요, ${name}</h1><p>نوٹس</p></main>`,
    `<script nonce="${nonce}">${context}</script>`,
    `<script nonce="${nonce}" type="module" async="">${modules}</script>`,
    `<script id="app-translations" type="application/json" nonce="${nonce}">${translations}</script>`,
    "</body></html>",
  ].join("");
}

describe("document gzip", () => {
  it("inflates to the page, byte for byte, in every language and for every member", () => {
    const documents = createDocumentGzip();
    for (const [lng, name] of [
      ["en", "Mai Nguyen"],
      ["ko", "김민준"],
      ["ur", "علی"],
      ["en", "Second Member"],
    ] as const) {
      const html = page(lng, name, `nonce-${name}`);
      expect(inflate(documents.gzip(html))).toBe(html);
      expect(inflate(documents.gzip(html))).toBe(html);
    }
  });

  it("keeps the recurring stylesheets, scripts and translations once, and never the loaders' data", () => {
    const documents = createDocumentGzip();
    documents.gzip(page("en", "A", "n1"));
    // Two stylesheets, the module script, the English translations.
    expect(documents.keptParts()).toBe(4);
    documents.gzip(page("en", "B", "n2"));
    documents.gzip(page("en", "C", "n3"));
    // Other members and nonces: nothing more kept (each one's data went compressed per answer).
    expect(documents.keptParts()).toBe(4);
    documents.gzip(page("ko", "D", "n4"));
    // Korean translations join; the rest is shared with the English page.
    expect(documents.keptParts()).toBe(5);
  });

  it("stays within a tenth of the page compressed whole", () => {
    const html = page("ko", "김민준", "nonce");
    const documents = createDocumentGzip();
    documents.gzip(html);
    const joined = documents.gzip(html).length;
    const whole = zlib.gzipSync(html, { level: 6 }).length;
    expect(joined).toBeLessThan(whole * 1.1);
    expect(joined).toBeLessThan(Buffer.byteLength(html) / 3);
  });

  it("takes markup that is not what a render makes: unclosed, upper-case, nested, huge, empty", () => {
    const big = "가".repeat(40_000);
    for (const html of [
      "",
      "<p>no inline element at all</p>",
      `<script>${"a".repeat(3000)}`,
      `<STYLE>${"b".repeat(3000)}</STYLE><p>x</p>`,
      `<script>${"var s = '<script>';".repeat(200)}</script><style>${"c".repeat(2000)}</style>`,
      `<style>${big}</style><script>${big}</script>`,
      `<script></script><style></style><script>${"d".repeat(1024)}</script>`,
    ]) {
      const documents = createDocumentGzip();
      expect(inflate(documents.gzip(html))).toBe(html);
      expect(inflate(documents.gzip(html))).toBe(html);
    }
  });

  it("never answers a text with another's part, even when the two look alike where it looks", () => {
    const documents = createDocumentGzip();
    const a = "a".repeat(6400);
    // Differs at one place between the characters a lookup samples: the same length, the same samples.
    const b = `a${"b"}${"a".repeat(6398)}`;
    for (const text of [a, b, a, b]) {
      const html = `<style>${text}</style>`;
      expect(inflate(documents.gzip(html))).toBe(html);
    }
  });

  it("forgets the least used parts beyond its bound", () => {
    const documents = createDocumentGzip(64 * 1024);
    for (let i = 0; i < 40; i++) {
      const html = `<style>${`.rule-${i}{color:red}`.repeat(200)}</style>`;
      expect(inflate(documents.gzip(html))).toBe(html);
    }
    expect(documents.keptParts()).toBeLessThan(40);
  });

  describe("a cached render's template", () => {
    const SLOT = "nonce-slot-test";
    const template = (name: string) => page("ko", name, SLOT);

    it("inflates to the template with each answer's own nonce in every slot", () => {
      const documents = createDocumentGzip();
      const rendered = template("김민준");
      for (const value of ["first-nonce", "second-nonce", "third-nonce-longer"]) {
        const body = documents.gzipTemplate({ key: "render-1", template: rendered, slot: SLOT, value });
        expect(inflate(body)).toBe(rendered.replaceAll(SLOT, value));
      }
    });

    it("never answers a key with another template than the one it is given", () => {
      const documents = createDocumentGzip();
      const first = template("Mai Nguyen");
      const second = template("Second Member");
      expect(inflate(documents.gzipTemplate({ key: "k", template: first, slot: SLOT, value: "n1" }))).toContain(
        "Mai Nguyen",
      );
      const again = inflate(documents.gzipTemplate({ key: "k", template: second, slot: SLOT, value: "n2" }));
      expect(again).toBe(second.replaceAll(SLOT, "n2"));
      expect(again).not.toContain("Mai Nguyen");
    });

    it("fills a slot wherever it is: in markup, at either end, inside a long inline element", () => {
      const documents = createDocumentGzip();
      for (const rendered of [
        `${SLOT}<p>${SLOT}${SLOT}</p>${SLOT}`,
        `<script nonce="${SLOT}">${"x".repeat(3000)}${SLOT}${"y".repeat(3000)}</script>`,
        `<style nonce="${SLOT}">${"z".repeat(4000)}</style>${"<p>m</p>".repeat(200)}`,
        "",
      ]) {
        const body = documents.gzipTemplate({ key: rendered, template: rendered, slot: SLOT, value: "v" });
        expect(inflate(body)).toBe(rendered.replaceAll(SLOT, "v"));
      }
    });

    it("is as small as the page compressed by parts", () => {
      const documents = createDocumentGzip();
      const rendered = template("김민준");
      const joined = documents.gzipTemplate({ key: "r", template: rendered, slot: SLOT, value: "nonce" });
      expect(joined.length).toBeLessThan(documents.gzip(rendered.replaceAll(SLOT, "nonce")).length * 1.02);
    });
  });
});
