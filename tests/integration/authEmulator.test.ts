/**
 * Local mode's Auth emulator keeps its accounts under the data directory as they
 * change: a crash (SIGKILL, no clean exit) loses nothing that was saved, and the
 * next start imports them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type AuthEmulator } from "~/auth/emulator.server";
import { freePorts } from "../support/ports";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-emu-"));
const projectId = "demo-klife-persist";
let emulator: AuthEmulator | null = null;
afterAll(async () => {
  await emulator?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(persistIntervalMs: number) {
  const [port, hubPort, loggingPort] = await freePorts(3);
  return startAuthEmulator({
    dataDir,
    projectId,
    port: port!,
    hubPort: hubPort!,
    loggingPort: loggingPort!,
    persistIntervalMs,
    log: () => undefined,
  });
}

async function signUp(e: AuthEmulator, email: string) {
  const res = await fetch(`${e.origin}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=local`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", returnSecureToken: true }),
  });
  expect(res.ok).toBe(true);
}

async function signIn(e: AuthEmulator, email: string) {
  const res = await fetch(`${e.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", returnSecureToken: true }),
  });
  return res.ok;
}

describe("Auth emulator supervision", () => {
  it("saves accounts while running and brings them back after a crash", async () => {
    emulator = await start(200);
    expect(await emulator.answers()).toBe(true);
    await signUp(emulator, "crash@example.com");

    // The watcher saves within its interval, without anyone calling persist().
    const accounts = path.join(dataDir, "auth-emulator", "export", "auth_export", "accounts.json");
    await expect
      .poll(() => fs.existsSync(accounts) && fs.readFileSync(accounts, "utf8").includes("crash@example.com"), {
        timeout: 10_000,
      })
      .toBe(true);

    // Crash: the emulator dies without any chance to export.
    process.kill(emulator.pid!, "SIGKILL");
    await expect.poll(() => emulator!.answers(), { timeout: 10_000 }).toBe(false);
    emulator = await start(0);
    expect(await signIn(emulator, "crash@example.com")).toBe(true);
  });

  it("saves on persist() and on stop, and imports on the next start", async () => {
    await emulator!.stop();
    emulator = await start(0);
    await signUp(emulator, "clean@example.com");
    await emulator.stop();
    emulator = await start(0);
    expect(await signIn(emulator, "clean@example.com")).toBe(true);
    expect(await signIn(emulator, "crash@example.com")).toBe(true);
  });
});
