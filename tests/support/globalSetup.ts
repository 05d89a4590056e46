/**
 * One real Firebase Auth emulator for the whole Vitest run, shared by every
 * integration test through FIREBASE_AUTH_EMULATOR_HOST.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startAuthEmulator, type AuthEmulator } from "../../app/infra/firebase/emulator.server";
import { freePorts } from "./ports";

let emulator: AuthEmulator | null = null;
let dataDir = "";

export async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-vitest-"));
  const [port, hubPort, loggingPort] = await freePorts(3);
  emulator = await startAuthEmulator({
    dataDir,
    projectId: "demo-klife-test",
    port: port!,
    hubPort: hubPort!,
    loggingPort: loggingPort!,
    persistIntervalMs: 0,
    log: () => undefined,
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  project.provide("authEmulatorHost", emulator.host);
  project.provide("authProjectId", emulator.projectId);
}

export async function teardown() {
  await emulator?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorHost: string;
    authProjectId: string;
  }
}
