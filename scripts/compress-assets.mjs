#!/usr/bin/env node
/**
 * After `remix build`: a Brotli (quality 11) and a gzip (level 9) copy beside every
 * script, stylesheet and SVG in public/build. server.ts serves them to browsers that
 * accept them (express-static-gzip): Brotli at its highest quality is about a sixth
 * smaller than the on-the-fly compression a request could afford, and costs the
 * server nothing per request. Hashed names never change, so this runs once per build.
 *
 * Before compressing, every script gets V8's compile hint on its first line
 * (docs/decisions/0118): Chrome 136+ then compiles all of its functions on a
 * background thread while the file downloads, instead of each on the main thread at
 * its first call while React attaches. Our scripts are what a page runs to hydrate
 * (React's chunk, the root, the route), so nearly all of it is called. The prefix is
 * the same for every build, so a hashed name still names one content.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "build");
const COMPRESSIBLE = /\.(?:js|css|svg)$/;

const COMPILE_HINT = Buffer.from("//# allFunctionsCalledOnLoad\n");

/** A script with the compile hint as its first line (once: a second run over the same build adds nothing). */
function withCompileHint(name, content) {
  if (!name.endsWith(".js") || content.subarray(0, COMPILE_HINT.length).equals(COMPILE_HINT)) return content;
  return Buffer.concat([COMPILE_HINT, content]);
}

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const built = fs.readFileSync(file);
  const content = withCompileHint(entry.name, built);
  if (content !== built) fs.writeFileSync(file, content);
  const br = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
  // A copy that is not smaller is not worth a second name.
  if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += content.length;
  after += Math.min(br.length, content.length);
}
console.log(
  `compressed ${files} assets: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with Brotli`,
);
