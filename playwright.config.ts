/**
 * End-to-end tests on Debian's Chromium with a phone viewport, twice: with
 * JavaScript and without. They run against the built server in local mode.
 */
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";
import { standInClient } from "./tests/support/googleStandIn.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Google's OAuth endpoints are a local stand-in (tests/support/googleStandIn.mjs): Google cannot be reached here.
const GOOGLE_PORT = PORT + 4;
const googleOrigin = `http://127.0.0.1:${GOOGLE_PORT}`;
// Exported so test workers can read what the server wrote there (the SMS outbox).
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `klife-e2e-${process.pid}`));

const phone = {
  ...devices["Pixel 5"],
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
};

const ADMIN_CONTENT = /adminContent\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  // Removes the data directory below: a test run leaves no temporary directory behind.
  globalTeardown: "./tests/support/e2eTeardown.ts",
  timeout: 60_000,
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: "off" },
  projects: [
    { name: "js", use: { ...phone, javaScriptEnabled: true }, testIgnore: ADMIN_CONTENT },
    { name: "nojs", use: { ...phone, javaScriptEnabled: false }, testIgnore: ADMIN_CONTENT },
    // The admin forms' spec writes benefits, offers and terms versions that other specs' pages count (the shipped
    // services, an empty shop): it runs once they are done (and not when one of them failed).
    ...(["js", "nojs"] as const).map((name) => ({
      name: `admin-${name}`,
      use: { ...phone, javaScriptEnabled: name === "js" },
      testMatch: ADMIN_CONTENT,
      dependencies: ["js", "nojs"],
    })),
  ],
  // Started with the Node that runs Playwright (the carried one, decision 0085), whatever `node` the shell finds.
  webServer: [
    {
      command: `"${process.execPath}" tests/support/googleStandIn.mjs ${GOOGLE_PORT}`,
      url: `${googleOrigin}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The server's log goes to server.log in its data directory: tests read there where its Auth emulator answers.
      command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && exec "${process.execPath}" build/server.js > ${dataDir}/server.log`,
      url: `http://127.0.0.1:${PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        DATA_DIR: dataDir,
        AUTH_EMULATOR_PORT: String(PORT + 1),
        AUTH_EMULATOR_HUB_PORT: String(PORT + 2),
        AUTH_EMULATOR_LOGGING_PORT: String(PORT + 3),
        // Two browsers hammer one loopback address: keep the limits out of the way.
        RATE_LIMIT_ALL: "100000",
        RATE_LIMIT_MUTATIONS: "100000",
        RATE_LIMIT_AUTH: "100000",
        // Per number or ID: low enough for signIn.spec to reach it, above what any flow posts for one person.
        RATE_LIMIT_AUTH_PER_ID: "8",
        // Every test's texts come from the same loopback address: the daily cap per address would end the run.
        SMS_DAILY_CAP_PER_CLIENT: "100000",
        GOOGLE_CLIENT_ID: standInClient.id,
        GOOGLE_CLIENT_SECRET: standInClient.secret,
        GOOGLE_AUTHORIZE_URL: `${googleOrigin}/authorize`,
        GOOGLE_TOKEN_URL: `${googleOrigin}/token`,
      },
    },
  ],
});
