#!/usr/bin/env node
/**
 * npm run bench:photo (also the last part of npm run bench): what one uploaded photo
 * costs the server. Bundles app/community/photos.server.ts with esbuild, makes a
 * 12-megapixel phone photo (4000 × 3000 JPEG at quality 90, noisy enough to be a
 * phone's size, EXIF with a camera, a GPS position and orientation 6), then runs
 * `processPhoto` on it in a fresh child process per run (so memory starts clean;
 * a tiny photo goes through first, so libvips's start-up is not counted) and
 * prints the medians of CPU time (user + system, every thread) and of the extra
 * memory (peak resident set minus the resident set before), with the targets, and
 * whether the stored photos carry any EXIF (the run fails if they do).
 *
 * Env: BENCH_PHOTO_RUNS (5).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const RUNS = Math.max(1, Number(process.env.BENCH_PHOTO_RUNS ?? 5));
const TARGETS = { cpuSeconds: 1.5, extraMiB: 150 };
const WIDTH = 4000;
const HEIGHT = 3000;
const GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "37/1 33/1 3600/100",
  GPSLongitudeRef: "E",
  GPSLongitude: "126/1 58/1 4200/100",
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The GPS latitude in an EXIF block (as sharp's metadata returns it: "Exif\0\0" then TIFF), or null. */
export function gpsLatitude(exif) {
  if (!exif) return null;
  const tiff = exif.subarray(exif.toString("latin1", 0, 6) === "Exif\0\0" ? 6 : 0);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd) => Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12);
  const gpsPointer = entries(u32(4)).find((e) => u16(e) === 0x8825);
  if (gpsPointer === undefined) return null;
  const gpsIfd = u32(gpsPointer + 8);
  const ref = entries(gpsIfd).find((e) => u16(e) === 0x0001);
  const latitude = entries(gpsIfd).find((e) => u16(e) === 0x0002);
  if (latitude === undefined) return null;
  const values = u32(latitude + 8);
  const [d, m, s] = [0, 1, 2].map((i) => u32(values + i * 8) / u32(values + i * 8 + 4));
  return `${d}°${m}'${s.toFixed(0)}"${ref === undefined ? "" : tiff.toString("latin1", ref + 8, ref + 9)}`;
}

/** A phone-sized 12-megapixel JPEG: smooth shapes (a tiny random image blown up) plus sensor-like noise. */
async function makePhoto(sharp) {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 256;
  const tiny = Buffer.from(Array.from({ length: 40 * 30 * 3 }, random));
  const pixels = await sharp(tiny, { raw: { width: 40, height: 30, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const noise = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.min(255, Math.max(0, pixels[i] + noise[i] - 128));
  const exif = { IFD0: { Make: "samsung", Model: "SM-A146P", Software: "A146PXXS5CXK1" }, IFD3: GPS };
  const photo = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif(exif)
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } })
    .jpeg()
    .toBuffer();
  return { photo, small };
}

/** Bundles photos.server.ts (with `~` → app, packages left to node_modules) into `dir`; the module's file URL. */
async function bundle(dir) {
  const { build } = await import("esbuild");
  const outfile = path.join(dir, "photos.mjs");
  await build({
    entryPoints: [path.join(root, "app/community/photos.server.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    alias: { "~": path.join(root, "app") },
    outfile,
    logLevel: "warning",
  });
  return pathToFileURL(outfile).href;
}

const kib = (line) => Number(/\d+/.exec(line)[0]);
function status(field) {
  const line = fs.readFileSync("/proc/self/status", "utf8").match(new RegExp(`^${field}:.*$`, "m"));
  return line ? kib(line[0]) * 1024 : null;
}

/** In the child: one measured processPhoto, after a tiny warm-up; prints one JSON line. */
async function measureInChild(moduleUrl, photoFile, smallFile) {
  const { processPhoto } = await import(moduleUrl);
  const { default: sharp } = await import("sharp");
  const bytes = fs.readFileSync(photoFile);
  const warm = await processPhoto(fs.readFileSync(smallFile));
  if (!warm.ok) throw new Error(`the warm-up photo was refused: ${warm.problem}`);
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 50));
  // Resets the peak (VmHWM) to the current resident set where the kernel allows it.
  let peakReset = true;
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    peakReset = false;
  }
  const rssBefore = process.memoryUsage.rss();
  let sampledPeak = rssBefore;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss())), 10);
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await processPhoto(bytes);
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
  const hwm = status("VmHWM");
  // VmHWM is exact when it could be reset (or when the warm-up stayed below the peak anyway).
  const peak = Math.max(sampledPeak, peakReset && hwm !== null ? hwm : 0);
  if (!result.ok) throw new Error(`processPhoto refused the photo: ${result.problem}`);
  const [full, thumb] = await Promise.all([sharp(result.full).metadata(), sharp(result.thumb).metadata()]);
  process.stdout.write(
    `${JSON.stringify({
      cpu: (used.user + used.system) / 1e6,
      wall,
      extra: (peak - rssBefore) / 2 ** 20,
      peakFrom: peakReset && hwm !== null ? "VmHWM" : "samples",
      width: result.width,
      height: result.height,
      fullBytes: result.full.length,
      thumbBytes: result.thumb.length,
      fullFormat: full.format,
      thumbSize: `${thumb.width}×${thumb.height}`,
      exif: { full: full.exif !== undefined, thumb: thumb.exif !== undefined },
      xmp: full.xmp !== undefined || thumb.xmp !== undefined,
      gps: gpsLatitude(full.exif) ?? gpsLatitude(thumb.exif),
    })}\n`,
  );
}

function child(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--expose-gc", here, "--measure", ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("error", reject);
    p.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)))
        : reject(new Error(`measuring child exited ${code}`)),
    );
  });
}

/**
 * Runs the photo benchmark and prints its table; resolves its medians (`cpu` seconds, `extra` MiB) and `targets`.
 * Throws (after printing) when a stored photo keeps any EXIF or XMP: that is a leak, not a slow run.
 */
export async function photoBenchmark() {
  const { default: sharp } = await import("sharp");
  // Under the project so the bundle's `import "sharp"` finds node_modules; removed at the end.
  fs.mkdirSync(path.join(root, ".cache"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, ".cache", "bench-photo-"));
  // Also when the run is stopped (servers.mjs exits on SIGINT/SIGTERM).
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
  process.once("exit", cleanUp);
  try {
    const moduleUrl = await bundle(dir);
    const { photo, small } = await makePhoto(sharp);
    const photoFile = path.join(dir, "photo.jpg");
    const smallFile = path.join(dir, "small.jpg");
    fs.writeFileSync(photoFile, photo);
    fs.writeFileSync(smallFile, small);
    const input = await sharp(photo).metadata();
    console.log(
      `\nPhoto processing (processPhoto, ${RUNS} runs, each in a fresh process): input ${input.width}×${input.height} JPEG, ` +
        `${(photo.length / 2 ** 20).toFixed(1)} MiB, orientation ${input.orientation}, ` +
        `EXIF ${input.exif ? `${input.exif.length} B with GPS ${gpsLatitude(input.exif) ?? "MISSING"}` : "MISSING"}`,
    );
    if (!gpsLatitude(input.exif)) throw new Error("the test photo has no GPS position in its EXIF: nothing to strip");
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await child([moduleUrl, photoFile, smallFile]));
    const cpu = median(runs.map((r) => r.cpu));
    const extra = median(runs.map((r) => r.extra));
    const wall = median(runs.map((r) => r.wall));
    const last = runs.at(-1);
    const cpuOk = cpu < TARGETS.cpuSeconds;
    const extraOk = extra < TARGETS.extraMiB;
    const clean = runs.every((r) => !r.exif.full && !r.exif.thumb && !r.gps && !r.xmp);
    const mark = (ok) => (ok ? "ok" : "MISSED");
    console.log("measure                 median    runs                                   target");
    const row = (name, value, all, target, ok) =>
      console.log(`${name.padEnd(22)} ${value.padStart(8)}    ${all.padEnd(38)} ${target}  ${mark(ok)}`);
    row(
      "CPU (user+system)",
      `${cpu.toFixed(2)} s`,
      runs.map((r) => r.cpu.toFixed(2)).join(" "),
      `< ${TARGETS.cpuSeconds} s`,
      cpuOk,
    );
    row(
      "extra memory (peak)",
      `${extra.toFixed(0)} MiB`,
      runs.map((r) => r.extra.toFixed(0)).join(" "),
      `< ${TARGETS.extraMiB} MiB`,
      extraOk,
    );
    console.log(
      `${"wall time".padEnd(22)} ${`${wall.toFixed(2)} s`.padStart(8)}    ${runs.map((r) => r.wall.toFixed(2)).join(" ")}`,
    );
    console.log(
      `  output: full ${last.fullFormat} ${last.width}×${last.height} ${(last.fullBytes / 1024).toFixed(0)} KiB, ` +
        `thumb ${last.thumbSize} ${(last.thumbBytes / 1024).toFixed(0)} KiB; peak memory from ${last.peakFrom}`,
    );
    console.log(
      `  EXIF in the output (full, thumb): ${last.exif.full ? "present" : "none"}, ${last.exif.thumb ? "present" : "none"}` +
        `; GPS: ${last.gps ?? "none"}; XMP: ${last.xmp ? "present" : "none"}  ${clean ? "ok" : "FAILED: metadata leaks"}`,
    );
    if (!clean) throw new Error("processPhoto's output keeps EXIF or XMP metadata");
    return { cpu, extra, targets: TARGETS, ok: cpuOk && extraOk };
  } finally {
    cleanUp();
    process.removeListener("exit", cleanUp);
  }
}

if (process.argv[2] === "--measure") {
  measureInChild(...process.argv.slice(3)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  photoBenchmark().then(
    (result) => process.exit(result.ok ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
