/**
 * Real services for loader and action tests: a temporary SQLite file with the
 * app's migrations and the run's Auth emulator (started in globalSetup).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { createIdentity } from "~/infra/firebase/admin.server";
import type { AuthEmulator } from "~/infra/firebase/emulator.server";
import { loadConfig, type Config } from "~/infra/config.server";
import { createPhoneCodes } from "~/auth/phoneCodes.server";
import { openDatabase } from "~/infra/sqlite/database.server";
import { smsSender, type Services } from "~/infra/services.server";

export interface TestServices extends Services {
  dataDir: string;
  cleanup(): Promise<void>;
}

export function createTestServices(env: Record<string, string> = {}): TestServices {
  const host = inject("authEmulatorHost");
  const projectId = inject("authProjectId");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-test-"));
  const config: Config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, FIREBASE_PROJECT_ID: projectId, ...env });
  const db = openDatabase(path.join(dataDir, "test.sqlite"));
  const origin = `http://${host}`;
  // The run's shared emulator; this handle does not own its process.
  const emulator: AuthEmulator = {
    host,
    origin,
    projectId,
    pid: undefined,
    persist: async () => undefined,
    answers: async () => (await fetch(`${origin}/`)).ok,
    stop: async () => undefined,
  };
  const identity = createIdentity(config, emulator);
  const sessionSecret = randomBytes(32).toString("base64url");
  return {
    config,
    db,
    identity,
    emulator,
    sessionSecret,
    phoneCodes: createPhoneCodes({ db, secret: sessionSecret, sender: smsSender(config) }),
    dataDir,
    async cleanup() {
      await identity.close();
      db.close();
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
  };
}
