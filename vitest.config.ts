import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Four projects: unit tests (plain functions, no server, no emulator: `npm run
 * test:unit` works on a fresh clone), the stores' contract suite (every store
 * implementation against the same cases, on temporary files: `npm run
 * test:contract`) and integration tests (loaders and actions
 * against the real Auth emulator, and the built server: `npm run test:integration`
 * builds first), and the hosted project (the built server in hosted mode against stand-ins of the
 * services it calls, in a network namespace: `npm run test:hosted` builds first).
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  esbuild: { jsx: "automatic" },
  test: {
    environment: "node",
    // Integration tests start servers and emulators: give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          // A throwaway PostgreSQL cluster: the suite runs against SQLite and PostgreSQL.
          globalSetup: ["tests/support/postgresSetup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["tests/support/globalSetup.ts", "tests/support/postgresSetup.ts"],
        },
      },
      {
        extends: true,
        test: {
          // The built server in hosted mode, in a network namespace with stand-ins of Google and Twilio
          // (tests/hosted/world.ts, docs/decisions/0086).
          name: "hosted",
          include: ["tests/hosted/**/*.test.ts"],
        },
      },
    ],
  },
});
