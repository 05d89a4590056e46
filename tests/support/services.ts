/**
 * Real services for loader and action tests, composed as the server composes
 * them (composeServices): the SQLite stores on a temporary data directory and the
 * run's Auth emulator (started in globalSetup).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { otherProcessEmulator } from "~/infra/firebase/emulator.server";
import { loadConfig, type Config } from "~/infra/config.server";
import type { Services } from "~/context";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { composeServices } from "~/server/services.server";
import { seedKind } from "~/content/kind.server";
import { termsKind } from "~/terms/termsKind.server";
import { databaseFileOf } from "~/server/storage.server";

export interface TestServices extends Services {
  dataDir: string;
  /** Settled once the shipped terms versions are written (at once in effect: SQLite answers without waiting). */
  seeded: Promise<void>;
  /** The SQLite file behind `stores`, for tests that reach past the stores (a broken table, a forged flow). */
  databaseFile: string;
  cleanup(): Promise<void>;
}

export function createTestServices(env: Record<string, string> = {}): TestServices {
  const host = inject("authEmulatorHost");
  const projectId = inject("authProjectId");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-test-"));
  const config: Config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, FIREBASE_PROJECT_ID: projectId, ...env });
  // SQLite, opened synchronously so test files can make their services at module level.
  const stores = openSqliteStores(databaseFileOf(config));
  // The run's shared emulator; this handle does not own its process.
  const emulator = otherProcessEmulator(host, projectId);
  const services = composeServices({ config, stores, emulator, sessionSecret: randomBytes(32).toString("base64url") });
  // The shipped terms versions, as the server writes them at start (startServices seeds every kind; a read never
  // does): joining and member pages need versions in force. The other kinds are seeded by the tests that read them.
  // SQLite's reads and writes do not wait, so this is done before the file's first test runs.
  const seeded = seedKind(stores, termsKind).then(() => undefined);
  return {
    ...services,
    seeded,
    dataDir,
    databaseFile: databaseFileOf(config),
    async cleanup() {
      await services.identity.close();
      await stores.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function loadContext(services: Services): AppLoadContext {
  return {
    services,
    cspNonce: "test-nonce",
    buildVersion: "test-build",
    clientAddress: "192.0.2.1",
    fromThisMachine: false,
    rateLimited: null,
  };
}
