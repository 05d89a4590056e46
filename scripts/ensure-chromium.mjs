#!/usr/bin/env node
// Installs Debian's Chromium for the end-to-end tests when it is missing.
// Playwright's own browser download cannot work here, so the tests use /usr/bin/chromium.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { chromiumPath as chromium } from "./chromium.mjs";

if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo ";
console.log(`${chromium} is missing: installing Debian's chromium package…`);
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: "inherit",
  });
} catch {
  console.error("Could not install chromium. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).");
  process.exit(1);
}
if (!fs.existsSync(chromium)) {
  console.error(`chromium was installed but ${chromium} does not exist; set CHROMIUM_PATH.`);
  process.exit(1);
}
