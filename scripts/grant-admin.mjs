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
import fs from "node:fs";

const built = new URL("../build/grant-admin.js", import.meta.url);
if (!fs.existsSync(built)) {
  console.error("build/grant-admin.js is missing: run npm run build first.");
  process.exit(2);
}
await import(built.href);
