/**
 * What a phone downloads on a first visit, read from the real browser build
 * (`npm run build`: the manifest in build/index.js and esbuild's metafile). A
 * first load is the entry, React's chunk (with ~/pageKit), esbuild's
 * runtime chunk, the root and the route, and on form pages the form kit's chunk:
 * no chunk of an empty `*.server` stand-in, no chunk that only some pages share,
 * and every page within the JavaScript budget (docs/decisions/0026-fewer-fuller-chunks.md).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
/** Gzip level 6 of every file a first visit loads (what `npm run bench` reports as the budget). */
// Issue 45's budget: every page is within it since the join's kits were split by step (docs/decisions/0113).
const BUDGET_KIB = 100;

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

let build: ServerBuild;
let metafile: Metafile;
beforeAll(async () => {
  build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  metafile = JSON.parse(fs.readFileSync(path.join(root, "build/metafile.js.json"), "utf8")) as Metafile;
});

/**
 * The modules in a built file (none for the manifest, which Remix writes itself). A library reached through a
 * symlinked node_modules (a git worktree's) is named from node_modules/ on, as in a clone.
 */
const inputsOf = (url: string) =>
  Object.fromEntries(
    Object.entries(metafile.outputs[`public${url}`]?.inputs ?? {}).map(([input, value]) => [
      input.replace(/^(?:\.\.\/)+[^/]+\/(?=node_modules\/)/, ""),
      value,
    ]),
  );
/** The app and library modules in a built file that hold code (not an empty `*.server` stand-in). */
const codeIn = (url: string) =>
  Object.entries(inputsOf(url))
    .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && !input.startsWith("empty-module:"))
    .map(([input]) => input);
/** A file of stand-ins and modules with nothing in them. (esbuild's runtime helpers belong to no module.) */
const isEmptyShell = (url: string) => Object.keys(inputsOf(url)).length > 0 && codeIn(url).length === 0;
const holding = (input: string) =>
  Object.keys(metafile.outputs).find((out) => !out.endsWith(".map") && metafile.outputs[out]!.inputs[input])!;

function pages() {
  return Object.keys(build.routes).filter((id) => id !== "root" && build.routes[id]!.module.default);
}

function firstLoad(id: string) {
  const { assets } = build;
  return [
    ...new Set([
      assets.url,
      assets.entry.module,
      ...assets.entry.imports,
      assets.routes.root!.module,
      ...(assets.routes.root!.imports ?? []),
      assets.routes[id]!.module,
      ...(assets.routes[id]!.imports ?? []),
    ]),
  ];
}

describe("a first visit's JavaScript", () => {
  it("is the entry, React's chunk with the page kit and esbuild's runtime, the root and the route", () => {
    const { assets } = build;
    const pageKitChunk = `/${holding("app/pageKit.ts").slice("public/".length)}`;
    expect(assets.entry.imports).toContain(pageKitChunk);
    expect(codeIn(pageKitChunk)).toContain("node_modules/react-dom/cjs/react-dom.production.min.js");
    // React's chunk and the runtime helpers esbuild shares with the resource routes' stand-ins.
    expect(assets.entry.imports).toHaveLength(2);
    expect(assets.routes.root!.imports ?? []).toEqual([]);
  });

  it("adds the form kit's chunk on form pages and at most one family kit's chunk (app/kits/) on any page", () => {
    const formKitChunk = `/${holding("app/formKit.ts").slice("public/".length)}`;
    const kitChunks = new Map(
      Object.keys(metafile.inputs)
        .filter((input) => /^app\/kits\/[^/]+\.ts$/.test(input))
        .map((input) => [`/${holding(input).slice("public/".length)}`, input]),
    );
    const problems: string[] = [];
    for (const id of pages()) {
      const kits: string[] = [];
      for (const extra of build.assets.routes[id]!.imports ?? []) {
        if (extra === formKitChunk) continue;
        const kit = kitChunks.get(extra);
        if (kit) kits.push(kit);
        else
          problems.push(
            `${id} loads ${extra} (${codeIn(extra).join(", ")}): a module more than one page uses goes through ~/pageKit, ~/formKit or one kit in app/kits/`,
          );
      }
      if (kits.length > 1) problems.push(`${id} loads ${kits.length} kits' chunks (${kits.join(", ")}): one at most`);
    }
    expect(problems).toEqual([]);
    const formPages = pages().filter((id) => build.assets.routes[id]!.imports?.includes(formKitChunk));
    expect(formPages).toContain("routes/member.startId");
    expect(formPages).not.toContain("routes/_index");
    // What a few pages use is not in React's chunk, which every page loads.
    const pageKitChunk = holding("app/pageKit.ts");
    for (const input of [
      "app/lib/numberInput.ts",
      "app/components/community/FeedList.tsx",
      "app/components/VisaFinderParts.tsx",
      "app/components/TermsDocuments.tsx",
      "app/components/ResultHeading.tsx",
    ])
      expect(holding(input), input).not.toBe(pageKitChunk);
    // Nor are the join's steps in the form kit's chunk, which every form page loads (docs/decisions/0113).
    for (const input of [
      "app/components/CodeStep.tsx",
      "app/components/TermsChecklist.tsx",
      "app/components/ResidenceStep.tsx",
      "app/components/SettingsForm.tsx",
      "app/components/SignUpComplete.tsx",
    ])
      expect(holding(input), input).not.toBe(holding("app/formKit.ts"));
  });

  // zod and its conform adapter, the server's libraries, and any `*.server` module's own code (its browser stand-in
  // is empty): none of it belongs in a file the browser loads (docs/decisions/0008, 0108).
  it("holds no server-only library and no *.server module's code in any browser file", () => {
    const serverOnly =
      /^node_modules\/(zod|@conform-to\/zod|firebase-admin|better-sqlite3|pg|pg-[\w-]+|express|express-[\w-]+|helmet|compression|@fastify\/busboy|@remix-run\/node|@remix-run\/serve|i18n-iso-countries|@zxcvbn-ts\/[\w-]+)\//;
    const problems: string[] = [];
    for (const out of Object.keys(metafile.outputs)) {
      if (out.endsWith(".map")) continue;
      for (const input of codeIn(`/${out.slice("public/".length)}`)) {
        if (serverOnly.test(input) || /\.server\.tsx?$/.test(input)) problems.push(`${out}: ${input}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // What the browser fetches (Remix's manifest file is not, with lazy route discovery): the entry, React's chunk,
  // the runtime, the root, the route, the form kit and one family kit at most (docs/decisions/0112).
  it("holds code in every file, and at most seven files", () => {
    expect(build.future.v3_lazyRouteDiscovery).toBe(true);
    for (const id of pages()) {
      const files = firstLoad(id);
      expect(files.filter((url) => url !== build.assets.url).length, id).toBeLessThanOrEqual(7);
      for (const url of files) expect(isEmptyShell(url), `${id}: ${url} holds no code`).toBe(false);
    }
  });

  it("leaves out what waits for an idle browser: the build check, analytics, the translation widget", () => {
    const lazy = ["app/lib/buildCheck.ts", "app/lib/trackers.ts", "app/lib/translateWidget.ts"];
    for (const id of pages()) {
      const loaded = firstLoad(id).flatMap(codeIn);
      for (const input of lazy) expect(loaded, id).not.toContain(input);
    }
  });

  // Chrome compiles a script with this first line on a background thread as it arrives, not each function on the
  // main thread at its first call while React attaches (docs/decisions/0118); the Brotli copy a phone is sent is the
  // same file.
  it("starts every script a first visit loads with V8's compile hint, in its compressed copies too", () => {
    const hint = "//# allFunctionsCalledOnLoad\n";
    // Each file once: React's chunk is on every page.
    for (const url of new Set(pages().flatMap(firstLoad))) {
      const file = path.join(root, "public", url);
      const script = fs.readFileSync(file);
      expect(script.subarray(0, hint.length).toString(), url).toBe(hint);
      expect(script.indexOf(hint, 1), `${url} carries the hint once`).toBe(-1);
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(script), `${url}.br`).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(script), `${url}.gz`).toBe(true);
    }
  });

  // What the phone fetches: Remix's manifest file is left out, as the browser does not fetch it with lazy route
  // discovery (the count of files above leaves it out too).
  it(`stays within ${BUDGET_KIB} KiB on every page`, () => {
    for (const id of pages()) {
      const bytes = firstLoad(id)
        .filter((url) => url !== build.assets.url)
        .reduce(
          (sum, url) => sum + zlib.gzipSync(fs.readFileSync(path.join(root, "public", url)), { level: 6 }).length,
          0,
        );
      expect(bytes / 1024, id).toBeLessThanOrEqual(BUDGET_KIB);
    }
  });
});
