#!/usr/bin/env node
// The whole test suite, in the order that fails fastest: types and lint, unit and
// integration tests (Vitest, against the built server and the real Auth emulator),
// then end-to-end tests (Playwright on Debian's Chromium, JavaScript on and off).
// A run must leave nothing behind: a temporary directory (klife-…) or an Auth
// emulator process that was not there before it is a failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

const steps = [
  [process.execPath, ["scripts/ensure-chromium.mjs"]],
  [process.execPath, ["scripts/ensure-postgres.mjs"]],
  ["npx", ["tsc", "--noEmit"]],
  ["npm", ["run", "lint"]],
  // The production build, precompressed assets included: the tests see what an operator deploys.
  ["npm", ["run", "build"]],
  ["npx", ["vitest", "run"]],
  ["npx", ["playwright", "test"]],
];

/** The test run's temporary directories (klife-…). */
function tempEntries() {
  return new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("klife-")));
}

/** Running Auth emulators (and their lifelines): pid → command line. Zombies have no command line. */
function emulatorProcesses() {
  const found = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes("emulators:start")) found.set(entry, cmdline.replaceAll("\0", " ").trim());
    } catch {
      // Ended while we looked.
    }
  }
  return found;
}

const tempBefore = tempEntries();
const emulatorsBefore = emulatorProcesses();

/** What this run left behind; an emulator may take a few seconds to finish stopping. */
async function leftovers() {
  let temp = [];
  let emulators = [];
  for (let tries = 0; tries < 50; tries++) {
    temp = [...tempEntries()].filter((name) => !tempBefore.has(name));
    emulators = [...emulatorProcesses()].filter(([pid]) => !emulatorsBefore.has(pid));
    if (temp.length === 0 && emulators.length === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const problems = [
    ...temp.map((name) => `temporary directory ${os.tmpdir()}/${name}`),
    ...emulators.map(([pid, cmdline]) => `process ${pid}: ${cmdline.slice(0, 300)}`),
  ];
  if (problems.length) console.error(`\n✖ the tests left behind:\n  ${problems.join("\n  ")}`);
  return problems.length;
}

for (const [command, args] of steps) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${status})`);
    await leftovers();
    process.exit(status ?? 1);
  }
}
if (await leftovers()) process.exit(1);
console.log("\n✔ all tests passed");
