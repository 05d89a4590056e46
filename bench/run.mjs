#!/usr/bin/env node
/**
 * npm run bench: builds the app and a bare Remix 2.17 page (bench/baseline), serves
 * both on loopback, and in one run measures requests per second and p99 latency,
 * interleaved round by round after a warm-up (the main page both anonymous and
 * signed in, and the signed-in settings page); prints medians and ratios to the
 * baseline, then the gzipped JavaScript each route loads on a first visit, and
 * that JavaScript by library (bench/breakdown.mjs).
 *
 * Env: BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (10).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { attribute, buildWithSourceMaps, printBreakdown } from "./breakdown.mjs";
import { joinByPhone } from "./member.mjs";
import {
  baselineDir,
  buildBoth,
  HUMAN,
  languageCookie,
  median,
  root,
  runBenchmark,
  startApp,
  startBaseline,
  temporaryDirectory,
} from "./servers.mjs";

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EN_COOKIE = languageCookie("en");
const BUDGET_KIB = 120;

function measure(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS }, (error, result) =>
      error
        ? reject(error)
        : resolve({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts }),
    );
  });
}

/** The JavaScript files a first visit to a route loads: entry, root and the route, with their imports. */
function firstLoadFiles(assets, routeId) {
  const files = new Set([assets.url, assets.entry.module, ...assets.entry.imports]);
  for (const id of ["root", routeId]) {
    const route = assets.routes[id];
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files];
}

function gzipSize(publicDir, files) {
  let total = 0;
  let firebase = false;
  for (const url of files) {
    const file = path.join(publicDir, url.replace(/^\/build\//, "build/"));
    const content = fs.readFileSync(file);
    total += zlib.gzipSync(content, { level: 6 }).length;
    if (/@firebase\/|firebase\/app|initializeApp\(/.test(content.toString())) firebase = true;
  }
  return { kib: total / 1024, firebase };
}

async function main() {
  console.log("building the app and the baseline…");
  buildBoth();
  // Right after the real build, so both see the same sources; a failure only loses the breakdown.
  let twin;
  try {
    twin = { dir: buildWithSourceMaps(root, temporaryDirectory("klife-bench-sourcemap-")) };
  } catch (error) {
    twin = { error };
  }

  const app = await startApp();
  const baseline = await startBaseline();
  const headers = { "user-agent": HUMAN, cookie: EN_COOKIE, "accept-encoding": "gzip" };
  const signedIn = {
    ...headers,
    cookie: `${EN_COOKIE}; ${await joinByPhone(app.url, app.dataDir)}`,
  };
  const targets = [
    {
      name: "baseline /",
      url: `${baseline.url}/`,
      headers: { "user-agent": HUMAN, "accept-encoding": "gzip" },
    },
    { name: "app /", url: `${app.url}/`, headers },
    { name: "app /language", url: `${app.url}/language`, headers },
    { name: "app 404", url: `${app.url}/no/such/page`, headers },
    { name: "app / signed in", url: `${app.url}/`, headers: signedIn },
    { name: "app /mypage", url: `${app.url}/mypage`, headers: signedIn },
  ];
  for (const t of targets) {
    const status = (await fetch(t.url, { headers: t.headers, redirect: "manual" })).status;
    console.log(`  ${t.name}: HTTP ${status}`);
  }

  console.log(`warming up (${SECONDS}s each)…`);
  for (const t of targets) await measure(t.url, t.headers);

  const results = new Map(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    // Rotate the order each round so no target always runs first.
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const t of order) results.get(t.name).push(await measure(t.url, t.headers));
    console.log(`round ${round}/${ROUNDS} done`);
  }

  const base = results.get("baseline /");
  console.log(`\nThroughput (${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connections, medians):`);
  console.log("target            req/s     p99 ms   ratio to baseline req/s");
  for (const t of targets) {
    const rounds = results.get(t.name);
    const ratio = median(rounds.map((r, i) => r.rps / base[i].rps));
    const errors = rounds.reduce((n, r) => n + r.errors, 0);
    console.log(
      `${t.name.padEnd(16)} ${median(rounds.map((r) => r.rps))
        .toFixed(0)
        .padStart(7)} ${median(rounds.map((r) => r.p99))
        .toFixed(1)
        .padStart(9)}   ${ratio.toFixed(2)}×${errors ? `  (${errors} socket errors)` : ""}`,
    );
  }

  const appBuild = await import(pathToFileURL(path.join(root, "build/index.js")).href);
  const baseBuild = await import(pathToFileURL(path.join(baselineDir, "build/index.js")).href);
  console.log("\nFirst-load JavaScript (gzip level 6):");
  const base0 = gzipSize(path.join(baselineDir, "public"), firstLoadFiles(baseBuild.assets, "routes/_index"));
  console.log(`  baseline /                 ${base0.kib.toFixed(1)} KiB`);
  let worst = 0;
  let firebase = false;
  const totals = new Map();
  // Pages only: resource routes (no component) are never a first visit's document.
  const pages = Object.keys(appBuild.routes).filter((id) => id !== "root" && appBuild.routes[id].module.default);
  for (const id of pages) {
    const size = gzipSize(path.join(root, "public"), firstLoadFiles(appBuild.assets, id));
    worst = Math.max(worst, size.kib);
    totals.set(id, size.kib);
    firebase ||= size.firebase;
    console.log(
      `  ${id.padEnd(26)} ${size.kib.toFixed(1)} KiB${size.firebase ? "  (contains the Firebase web SDK!)" : ""}`,
    );
  }
  console.log(
    `  largest first load: ${worst.toFixed(1)} KiB (target ≤ ${BUDGET_KIB} KiB); Firebase web SDK in a first load: ${firebase ? "yes" : "no"}`,
  );

  try {
    if (twin.error) throw twin.error;
    const breakdown = attribute({
      realAssets: appBuild.assets,
      publicDir: path.join(root, "public"),
      twinDir: twin.dir,
      pages,
      filesOf: (id) => firstLoadFiles(appBuild.assets, id),
    });
    printBreakdown(breakdown, totals, BUDGET_KIB);
  } catch (error) {
    console.log(`\nNo breakdown by library: ${error.message}`);
  }
}

runBenchmark(main);
