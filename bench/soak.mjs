#!/usr/bin/env node
/**
 * npm run bench:soak: memory under sustained load. Starts the built server in
 * local mode, joins a member, seeds a community (10 000 feeds, one with a photo),
 * then drives 50 connections at a mix of pages in rounds of 30 seconds: anonymous
 * and signed-in home, language, visa finder, sign-in, the community list (first
 * page and deep), a feed, a photo and its thumbnail, the inbox and my page, and
 * addresses made up per request (unknown paths, feed codes and query strings:
 * what an attacker or a crawler sends, and what would grow a cache keyed by URL).
 * It prints the server's resident memory after each round, the growth between
 * the last two rounds, and the growth per round after the warm-up (two rounds).
 *
 * Then two bursts of 50 concurrent large uploads (about 47 MB from visitors, who
 * are sent to sign in without their bodies being held; 24 MB from a member, whose
 * photos are spooled to disk), each with the server's peak memory over what it
 * held before the burst.
 *
 * Env: SOAK_ROUNDS (8, at least 3), SOAK_SECONDS (30), SOAK_CONNECTIONS (50), SOAK_UPLOADS (50).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import sharp from "sharp";
import { deepListPath, seedCommunity } from "./community.mjs";
import { joinByPhone } from "./member.mjs";
import { languageCookie, run, root, runBenchmark, startApp } from "./servers.mjs";

const ROUNDS = Math.max(3, Number(process.env.SOAK_ROUNDS ?? 8));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const UPLOADS = Number(process.env.SOAK_UPLOADS ?? 50);
const EN_COOKIE = languageCookie("en");
const MiB = 1024 * 1024;

function memoryMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)[1]) / 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

/** Starts the high-water mark afresh (Linux: clear_refs 5), so a burst's peak is its own. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

function multipart(fields, files) {
  const boundary = `----klifeSoak${crypto.randomBytes(6).toString("hex")}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One POST on a kept-alive connection, as a browser sends it; resolves with the status. */
function post(base, agent, pathname, { body, contentType }, cookie) {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent,
        headers: { "Content-Type": contentType, Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
        res.on("error", reject);
      },
    );
    req.on("error", (error) => (error.code === "EPIPE" ? undefined : reject(error)));
    req.end(body);
  });
}

async function burst(app, label, pathname, upload, cookie) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: UPLOADS });
  const exact = resetPeak(app.pid);
  const before = memoryMiB(app.pid);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: UPLOADS }, () => post(app.url, agent, pathname, upload, cookie)),
  );
  const after = memoryMiB(app.pid);
  agent.destroy();
  const counts = Object.entries(statuses.reduce((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {}))
    .map(([s, n]) => `${n}× ${s}`)
    .join(", ");
  console.log(
    `  ${label}: ${UPLOADS} × ${(upload.body.length / MiB).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s (${counts}); ` +
      `RSS ${before.rss.toFixed(1)} → peak ${after.peak.toFixed(1)} MiB: +${(after.peak - before.rss).toFixed(1)} MiB` +
      (exact ? "" : " (peak since start: clear_refs was refused)"),
  );
}

async function main() {
  if (process.env.SOAK_SKIP_BUILD !== "1") {
    console.log("building…");
    run("npm", ["run", "build", "--silent"], root);
  }
  const app = await startApp();
  const base = app.url;
  const member = await joinByPhone(base, app.dataDir);
  const headers = { cookie: EN_COOKIE, "accept-encoding": "gzip" };
  const signedIn = { ...headers, cookie: `${EN_COOKIE}; ${member}` };

  // A community: seeded feeds, and one posted with a photo through the form.
  const { withComments: seeded } = seedCommunity(app.dataDir, 10_000);
  const raw = Buffer.alloc(800 * 600 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(raw, { raw: { width: 800, height: 600, channels: 3 } })
    .jpeg()
    .toBuffer();
  const posted = await fetch(`${base}/community/edit`, {
    method: "POST",
    headers: { Cookie: member, Origin: base },
    body: (() => {
      const form = new FormData();
      form.append("category", "daily");
      form.append("text", "A feed with a photo for the soak");
      form.append("photos", new Blob([jpeg], { type: "image/jpeg" }), "soak.jpg");
      return form;
    })(),
    redirect: "manual",
  });
  const photoFeed = posted.headers.get("location");
  if (posted.status !== 302 || !photoFeed) throw new Error(`posting the soak's photo feed answered ${posted.status}`);
  const feedHtml = await (await fetch(`${base}${photoFeed}`)).text();
  const [photo, thumb] = [...new Set(feedHtml.match(/\/files\/[A-Za-z0-9_-]{12}(?:-s)?\.webp/g) ?? [])].sort();
  if (!photo || !thumb) throw new Error("the soak's photo feed shows no photo");
  const { path: deepList } = await deepListPath(base, headers, 20);

  const made = () => crypto.randomBytes(9).toString("base64url");
  const requests = [
    { path: "/", headers },
    { path: "/", headers: signedIn },
    { path: "/language", headers },
    { path: "/member/findVisa?q=student", headers },
    { path: "/member/startId", headers },
    { path: "/community", headers },
    { path: deepList, headers },
    { path: `/community/${seeded}`, headers },
    { path: photoFeed, headers: signedIn },
    { path: photo, headers },
    { path: thumb, headers },
    { path: "/noti", headers: signedIn },
    { path: "/mypage", headers: signedIn },
    // Made up per request: a path never seen, a feed code that does not exist, and a query string.
    { path: "/no/such/page", headers, setupRequest: (r) => ({ ...r, path: `/no/such/${made()}` }) },
    { path: "/community/x", headers, setupRequest: (r) => ({ ...r, path: `/community/${made()}` }) },
    { path: "/", headers, setupRequest: (r) => ({ ...r, path: `/?utm_source=${made()}` }) },
  ];
  console.log(`${ROUNDS} rounds × ${SECONDS}s at ${CONNECTIONS} connections; server RSS after each round:`);
  const samples = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const result = await new Promise((resolve, reject) =>
      autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests }, (error, r) =>
        error ? reject(error) : resolve(r),
      ),
    );
    // Let the collector catch up before sampling.
    await new Promise((r) => setTimeout(r, 2000));
    const { rss } = memoryMiB(app.pid);
    samples.push(rss);
    console.log(
      `  round ${round}: ${rss.toFixed(1)} MiB  (${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
  console.log(`growth between the last two rounds: ${(samples.at(-1) - samples.at(-2)).toFixed(1)} MiB`);
  if (samples.length > 3) {
    const after = samples.slice(2);
    const growth = (after.at(-1) - after[0]) / (after.length - 1);
    console.log(`growth after warm-up: ${growth.toFixed(2)} MiB per round (rounds 3–${ROUNDS})`);
  }

  console.log(`${UPLOADS} concurrent large uploads to /community/edit:`);
  const big = Buffer.alloc(15 * MiB, 1);
  await burst(
    app,
    "visitors",
    "/community/edit",
    multipart({ category: "daily", text: "visitor" }, [
      { name: "a.jpg", bytes: big },
      { name: "b.jpg", bytes: big },
      { name: "c.jpg", bytes: big },
    ]),
    null,
  );
  await burst(
    app,
    "a member",
    "/community/edit",
    multipart({ category: "daily", text: "member" }, [
      { name: "a.jpg", bytes: Buffer.alloc(12 * MiB, 2) },
      { name: "b.jpg", bytes: Buffer.alloc(12 * MiB, 3) },
    ]),
    member,
  );
}

runBenchmark(main);
