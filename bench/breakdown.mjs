/**
 * First-load JavaScript by library, for npm run bench.
 *
 * The real build has no source maps (they must not ship), so a copy of the app is
 * built with `remix build --sourcemap` in a temporary directory. Each file of the
 * real build is paired with its twin there (same code but for hashed file names
 * and the sourceMappingURL comment), its raw bytes are attributed to sources
 * through the twin's map, and its real gzipped size is split in that proportion:
 * an estimate, since gzip does not compress every source equally. The parts of a
 * page add up to the same total the budget is checked against.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
// Not a direct dependency: installed for postcss, which @remix-run/dev depends on.
import { SourceMapConsumer } from "source-map-js";

const COLUMNS = [
  ["react", "React+Remix"],
  ["i18next", "i18next"],
  ["conform", "conform"],
  ["zod", "zod"],
  ["npm", "other npm"],
  ["app", "app shared"],
  ["route", "route"],
  ["stub", "stubs"],
  ["glue", "glue"],
];
const REACT = /^(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/.*)$/;
const I18NEXT = /^(i18next|react-i18next|remix-i18next)$/;
const MAP_COMMENT = /\/\/# sourceMappingURL=\S+\s*$/;
// esbuild's content hash in output names, the only other difference between the twins.
const HASH = /-[A-Z0-9]{8}\.js/g;

/** Builds a copy of the app with source maps in `dir`, a new temporary directory the caller removes. */
export function buildWithSourceMaps(root, dir) {
  // Everything the compiler may read; not earlier output, its cache, or the benchmark's own builds.
  const skip = new Set([".git", "node_modules", "build", "public/build", ".cache", "bench", "test-results"]);
  fs.cpSync(root, dir, { recursive: true, filter: (src) => !skip.has(path.relative(root, src)) });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const { status, stderr } = spawnSync("npx", ["remix", "build", "--sourcemap"], { cwd: dir, encoding: "utf8" });
  if (status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`remix build --sourcemap failed:\n${stderr}`);
  }
  return dir;
}

/** The browser manifest (what `assets` is in the server build) of a built app, read without loading its server code. */
function readAssets(dir) {
  const buildDir = path.join(dir, "public/build");
  const file = fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
  return JSON.parse(
    fs
      .readFileSync(path.join(buildDir, file), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
}

// As run.mjs's gzipSize finds a URL's file under a public directory.
const fileOf = (publicDir, url) => path.join(publicDir, url.replace(/^\/build\//, "build/"));

/** Real URL → twin URL, pairing the two manifests' entries position by position. */
function pairUrls(real, twin) {
  const pairs = new Map([
    [real.url, twin.url],
    [real.entry.module, twin.entry.module],
  ]);
  real.entry.imports.forEach((url, i) => pairs.set(url, twin.entry.imports[i]));
  for (const [id, route] of Object.entries(real.routes)) {
    const other = twin.routes[id];
    if (!other) continue;
    pairs.set(route.module, other.module);
    (route.imports ?? []).forEach((url, i) => pairs.set(url, other.imports?.[i]));
  }
  return pairs;
}

/**
 * Raw bytes per source of one twin file. Keys: `npm:<package>`, `app:<path from the project root>`,
 * `stub:<specifier>` for a server-only module Remix replaced with an empty one, `runtime` for a file
 * without sources (esbuild's helpers), `empty` for a file with no code at all, `virtual:<name>`.
 */
function bytesBySource(twinDir, file) {
  const code = fs.readFileSync(file, "utf8").replace(MAP_COMMENT, "");
  if (code.length === 0) return new Map([["empty", 0]]);
  const map = JSON.parse(fs.readFileSync(`${file}.map`, "utf8"));
  const consumer = new SourceMapConsumer(map);
  // The consumer normalises source names; its list is in the map's order.
  const rawSource = new Map(consumer.sources.map((s, i) => [s, map.sources[i]]));
  const key = (source) => {
    const raw = rawSource.get(source) ?? source;
    if (raw.startsWith("empty-module:")) return `stub:${raw.slice("empty-module:".length)}`;
    // Remix's other virtual modules (a resource route's empty browser module).
    if (/^[\w-]+:/.test(raw)) return `virtual:${raw}`;
    const full = path.resolve(path.dirname(file), raw);
    const npm = full.match(/.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    if (npm) return `npm:${npm[1]}`;
    return `app:${path.relative(twinDir, full)}`;
  };

  const lines = code.split("\n");
  const segments = [];
  consumer.eachMapping((m) => segments.push(m), null, SourceMapConsumer.GENERATED_ORDER);
  const bytes = new Map();
  let mapped = 0;
  // A segment runs to the next one or to the end of its line; columns count UTF-16 units, so slice, then measure.
  segments.forEach((m, i) => {
    if (m.source == null) return;
    const next = segments[i + 1];
    const line = lines[m.generatedLine - 1] ?? "";
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : line.length;
    const n = Buffer.byteLength(line.slice(m.generatedColumn, end));
    const k = key(m.source);
    bytes.set(k, (bytes.get(k) ?? 0) + n);
    mapped += n;
  });
  const total = Buffer.byteLength(code);
  if (mapped === 0) return new Map([["runtime", total]]);
  // Unmapped bytes (cross-chunk imports, exports, inlined helpers) go to the file's sources pro rata.
  for (const [k, n] of bytes) bytes.set(k, (n * total) / mapped);
  return bytes;
}

/** Which column a source key belongs to on the page of route `routeId`. */
function column(key, routeId) {
  if (key === "empty" || key.startsWith("stub:")) return "stub";
  if (key.startsWith("npm:")) {
    const name = key.slice(4);
    if (REACT.test(name)) return "react";
    if (I18NEXT.test(name)) return "i18next";
    if (name.startsWith("@conform-to/")) return "conform";
    if (name === "zod") return "zod";
    return "npm";
  }
  // esbuild's runtime, the route manifest, virtual modules, files that differ from their twin.
  if (!key.startsWith("app:")) return "glue";
  const own = key.replace(/^app:/, "").replace(/\.[jt]sx?$/, "");
  return own === `app/${routeId}` || own === `app/${routeId}/route` ? "route" : "app";
}

/**
 * Prepares the breakdown: `filesOf(id)` gives the real first-load URLs of a page, `publicDir` is where
 * the real build is served from. Returns, per page, KiB gzip per source key plus the stub files.
 */
export function attribute({ realAssets, publicDir, twinDir, pages, filesOf }) {
  const twinAssets = readAssets(twinDir);
  const pairs = pairUrls(realAssets, twinAssets);
  const perFile = new Map();
  let unmatched = 0;
  const attributeFile = (url) => {
    if (perFile.has(url)) return perFile.get(url);
    const real = fs.readFileSync(fileOf(publicDir, url));
    const gzip = zlib.gzipSync(real, { level: 6 }).length / 1024;
    const twinUrl = pairs.get(url);
    const twinFile = twinUrl && fileOf(path.join(twinDir, "public"), twinUrl);
    const twin = twinFile && fs.readFileSync(twinFile, "utf8").replace(MAP_COMMENT, "");
    let bytes;
    if (url === realAssets.url) bytes = new Map([["manifest", real.length]]);
    else if (twin !== undefined && twin.replace(HASH, "") === real.toString("utf8").replace(HASH, "")) {
      bytes = bytesBySource(twinDir, twinFile);
    } else {
      // The sources changed between the two builds (someone editing while the bench runs).
      bytes = new Map([["unmatched", real.length]]);
      unmatched++;
    }
    const raw = [...bytes.values()].reduce((a, b) => a + b, 0);
    const kib = new Map([...bytes].map(([k, n]) => [k, raw ? (gzip * n) / raw : gzip]));
    const stubOnly = [...bytes.keys()].every((k) => k === "empty" || k.startsWith("stub:"));
    const result = { url, kib, gzip, stubOnly, sources: [...bytes.keys()] };
    perFile.set(url, result);
    return result;
  };

  const result = new Map();
  for (const id of pages) {
    const files = filesOf(id).map(attributeFile);
    const byKey = new Map();
    for (const f of files) for (const [k, v] of f.kib) byKey.set(k, (byKey.get(k) ?? 0) + v);
    const byColumn = new Map(COLUMNS.map(([c]) => [c, 0]));
    for (const [k, v] of byKey) byColumn.set(column(k, id), byColumn.get(column(k, id)) + v);
    result.set(id, { byKey, byColumn, stubFiles: files.filter((f) => f.stubOnly) });
  }
  return { pages: result, unmatched, importers: stubImporters(twinDir) };
}

/** For each `stub:<specifier>` key, the app files that import it (from esbuild's metafile of the twin build). */
function stubImporters(twinDir) {
  const meta = JSON.parse(fs.readFileSync(path.join(twinDir, "build/metafile.js.json"), "utf8"));
  const importers = new Map();
  for (const [file, input] of Object.entries(meta.inputs)) {
    for (const { path: p } of input.imports) {
      if (!p.startsWith("empty-module:")) continue;
      const key = `stub:${p.slice("empty-module:".length)}`;
      const name = file.replace(/^app\/(routes\/)?/, "").replace(/\.[jt]sx?$/, "");
      importers.set(key, [...(importers.get(key) ?? []), name]);
    }
  }
  return importers;
}

const kib = (v) => v.toFixed(1);

/** Prints the table, the largest parts of the catch-all columns, the stub files and the pages over the budget. */
export function printBreakdown({ pages, unmatched, importers }, totals, budget) {
  const w = 30;
  console.log(
    "\nFirst-load JavaScript by library (KiB gzip, estimated: each file's gzipped size split in proportion to\n" +
      "its raw bytes per source, read from the source maps of a `remix build --sourcemap` copy):",
  );
  console.log(`  ${"page".padEnd(w)} ${"total".padStart(6)}${COLUMNS.map(([, label]) => label.padStart(12)).join("")}`);
  for (const [id, page] of pages) {
    const cells = COLUMNS.map(([c]) => {
      const text = c === "stub" ? `${kib(page.byColumn.get(c))} (${page.stubFiles.length})` : kib(page.byColumn.get(c));
      return text.padStart(12);
    });
    console.log(`  ${id.padEnd(w)} ${kib(totals.get(id)).padStart(6)}${cells.join("")}`);
  }
  console.log(
    "  React+Remix: react, react-dom, scheduler, @remix-run/*, react-router(-dom); i18next: i18next, react-i18next,\n" +
      "  remix-i18next; conform: @conform-to/*; app shared: app/ but the page's own route module (root.tsx included);\n" +
      "  stubs: *.server modules Remix empties for the browser and chunks with no code, (n) = files holding nothing\n" +
      "  else, one request each; glue: esbuild's runtime helpers and Remix's route manifest.",
  );
  if (unmatched)
    console.log(`  ${unmatched} file(s) differ from their source-mapped twin (edited mid-run?): counted as glue.`);

  // The largest sources behind the catch-all columns, each at its largest on any page.
  const largest = (col, count) => {
    const max = new Map();
    for (const [id, page] of pages) {
      for (const [k, v] of page.byKey) if (column(k, id) === col) max.set(k, Math.max(max.get(k) ?? 0, v));
    }
    const top = [...max].sort((a, b) => b[1] - a[1]).slice(0, count);
    return top.map(([k, v]) => `${k.replace(/^\w+:/, "")} ${v.toFixed(2)}`).join(", ") || "none";
  };
  console.log(`  other npm, largest (KiB): ${largest("npm", 6)}`);
  console.log(`  app shared, largest (KiB): ${largest("app", 8)}`);

  // Each stub file costs a request of its own; name what it stands for and who imports it.
  const stubFiles = new Map();
  for (const [id, page] of pages) {
    for (const f of page.stubFiles) {
      const entry = stubFiles.get(f.url) ?? { ...f, pages: [] };
      entry.pages.push(id);
      stubFiles.set(f.url, entry);
    }
  }
  const all = [...stubFiles.values()];
  const gzip = all.reduce((n, f) => n + f.gzip * 1024, 0);
  console.log(
    `\nFiles of only *.server stubs or of no code in first loads: ${all.length}, ${gzip.toFixed(0)} B gzip in all, one request each:`,
  );
  for (const f of all.sort((a, b) => b.pages.length - a.pages.length)) {
    const stubs = f.sources.filter((k) => k.startsWith("stub:"));
    const what = stubs.length
      ? `${stubs.map((k) => k.slice(5)).join(" + ")}, imported by ${[...new Set(stubs.flatMap((k) => importers.get(k) ?? []))].join(", ")}`
      : "no code (app modules whose exports are all tree-shaken away; their import remains)";
    console.log(`  ${path.basename(f.url)} ${(f.gzip * 1024).toFixed(0)} B gzip, on ${f.pages.length} pages: ${what}`);
  }

  // Conform's client is gone from the browser (decision 0108): what is left to show is who is over, by how much.
  const over = [...pages.keys()].filter((id) => totals.get(id) > budget).sort((a, b) => totals.get(b) - totals.get(a));
  console.log(`\nPages over ${budget} KiB: ${over.length || "none"}`);
  for (const id of over) {
    console.log(
      `  ${id.padEnd(w)} ${kib(totals.get(id)).padStart(6)} KiB, over by ${kib(totals.get(id) - budget)} KiB`,
    );
  }
}
