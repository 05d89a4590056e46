#!/usr/bin/env node
// Installs Debian's Chromium for the end-to-end tests when it is missing, and the fonts of the scripts the layout
// tests measure (Korean, Urdu, Burmese and the others of the 19 languages): without them Chromium draws empty
// boxes, and a page's widths are measured on those.
// Playwright's own browser download cannot work here, so the tests use /usr/bin/chromium.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { chromiumPath as chromium } from "./chromium.mjs";

/** Debian packages with fonts for every language of the app: Noto's core set and its CJK set. */
const fontPackages = ["fonts-noto-core", "fonts-noto-cjk"];
const fontsMissing = () => {
  try {
    return ["ko", "ur", "my"].some(
      (lang) => execSync(`fc-list :lang=${lang} family`, { encoding: "utf8" }).trim() === "",
    );
  } catch {
    return true;
  }
};

const packages = [...(fs.existsSync(chromium) ? [] : ["chromium"]), ...(fontsMissing() ? fontPackages : [])];
if (packages.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo ";
console.log(`installing Debian's ${packages.join(", ")} for the end-to-end tests…`);
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(" ")}`,
    { stdio: "inherit" },
  );
} catch {
  console.error(
    `Could not install ${packages.join(", ")}. Install them with: apt-get install -y ${packages.join(" ")}`,
  );
  if (packages.includes("chromium")) console.error("(or set CHROMIUM_PATH for another Chromium).");
  process.exit(1);
}
if (!fs.existsSync(chromium)) {
  console.error(`chromium was installed but ${chromium} does not exist; set CHROMIUM_PATH.`);
  process.exit(1);
}
