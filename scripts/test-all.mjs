#!/usr/bin/env node
// The whole test suite, in the order that fails fastest: types and lint, unit and
// integration tests (Vitest, against the built server and the real Auth emulator),
// then end-to-end tests (Playwright on Debian's Chromium, JavaScript on and off).
import { spawnSync } from "node:child_process";

const steps = [
  ["node", ["scripts/ensure-chromium.mjs"]],
  ["npx", ["tsc", "--noEmit"]],
  ["npm", ["run", "lint"]],
  ["npx", ["remix", "build"]],
  ["npm", ["run", "build:server"]],
  ["npx", ["vitest", "run"]],
  ["npx", ["playwright", "test"]],
];

for (const [command, args] of steps) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}
console.log("\n✔ all tests passed");
