/**
 * Local processes sharing one Auth emulator (AUTH_EMULATOR_HOST) and one database (DATABASE_URL): the second
 * server uses the first one's emulator instead of starting its own, its stop leaves it running, and a shared host
 * where no emulator answers stops start-up naming the variable. Two servers in this file: the sharing is the test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../support/ports";
import { createEmptyDatabase } from "../support/postgres";
import { failedStart, isEmulator, startServer, type RunningServer } from "../support/server";
import { LIMITED_BY_ITS_WAITS } from "../support/waitFor";

let owner: RunningServer;
let databaseUrl: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-shared-emu-"));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  databaseUrl = await createEmptyDatabase(inject("postgresAdminUrl"), `shared_emulator_${process.pid}`);
  owner = await startServer({ DATABASE_URL: databaseUrl });
});
afterAll(async () => {
  await owner?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const readyz = async (server: RunningServer) =>
  (await (await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(20_000) })).json()) as {
    auth: boolean;
    database: boolean;
  };

describe("AUTH_EMULATOR_HOST", () => {
  it(
    "makes a second server use the running emulator, which its stop leaves running",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const host = new URL(owner.authEmulator.origin).host;
      const second = await startServer({ DATABASE_URL: databaseUrl, AUTH_EMULATOR_HOST: host });
      try {
        // It names the shared emulator, and started none of its own.
        expect(second.authEmulator.origin).toBe(owner.authEmulator.origin);
        expect(second.output()).toContain("started by another process");
        expect(second.emulatorPids).toEqual([]);
        expect(fs.existsSync(path.join(second.dataDir, "auth-emulator"))).toBe(false);
        expect(await readyz(second)).toMatchObject({ auth: true, database: true });
      } finally {
        expect(await second.stop("SIGTERM")).toBe(0);
      }
      // The owner's emulator outlived the server that only used it.
      expect(owner.emulatorPids.length).toBeGreaterThan(0);
      expect(owner.emulatorPids.some(isEmulator)).toBe(true);
      expect(await readyz(owner)).toMatchObject({ auth: true, database: true });
    },
  );

  it("stops start-up, naming it, when no emulator answers there", async () => {
    const port = await freePort();
    const { code, output } = await failedStart({
      DATA_DIR: tempDir(),
      DATABASE_URL: databaseUrl,
      AUTH_EMULATOR_HOST: `127.0.0.1:${port}`,
    });
    expect(code).toBe(1);
    expect(output).toContain(`AUTH_EMULATOR_HOST 127.0.0.1:${port}: no Auth emulator answers there`);
  });
});
