#!/usr/bin/env node
/**
 * Makes a member a community moderator and admin, or takes it back with --revoke.
 *
 *   node scripts/grant-admin.mjs <uid | e-mail | +82 number> [--revoke]
 *
 * Local mode: run it while the app runs, with the app's DATA_DIR; it talks to the app's Auth emulator
 * (AUTH_EMULATOR_PORT, default 9099; FIREBASE_PROJECT_ID as the app has it). Hosted mode: with the server's
 * environment (FIREBASE_SERVICE_ACCOUNT, FIREBASE_PROJECT_ID, DATABASE_URL).
 *
 * The role is kept in the app's own storage, which every server process reads on every request: granting or
 * revoking holds from the member's very next request, and revoking ends their sessions at once (decision 0082).
 * The work is scripts/grantAdmin.ts, built by `npm run build` into build/grant-admin.js.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

// Typed as `node scripts/grant-admin.mjs`, this may run on the system's older Node, on which the build's native
// addons crash: it then runs itself again on the project's own Node (decision 0085), or says to install it.
const engines = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const needed = Number(/^>=(\d+)/.exec(engines)?.[1]);
if (Number(process.versions.node.split(".")[0]) < needed) {
  const carried = fileURLToPath(new URL("../node_modules/.bin/node", import.meta.url));
  if (!fs.existsSync(carried)) {
    console.error(`grant-admin needs Node ${engines} and this is Node v${process.versions.node}: run npm ci first.`);
    process.exit(2);
  }
  const again = spawnSync(carried, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(again.status ?? 1);
}

const built = new URL("../build/grant-admin.js", import.meta.url);
if (!fs.existsSync(built)) {
  console.error("build/grant-admin.js is missing: run npm run build first.");
  process.exit(2);
}
await import(built.href);
