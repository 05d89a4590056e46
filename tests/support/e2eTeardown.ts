/**
 * Playwright's global teardown: removes the e2e server's data directory, which
 * playwright.config.ts makes under the temporary directory, so a run leaves none
 * behind. It runs before Playwright kills the server: what the server still
 * writes there until then fails harmlessly (nothing is created in a removed directory).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  // Only the directory the config made: one given by the caller is theirs to keep.
  if (dir && path.dirname(dir) === os.tmpdir() && path.basename(dir).startsWith("klife-e2e-")) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
