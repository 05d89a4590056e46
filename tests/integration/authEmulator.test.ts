/**
 * Local mode's Auth emulator keeps its accounts under the data directory: a crash
 * (SIGKILL, no clean exit) loses nothing that was saved, an account change is saved
 * before its call resolves, nothing is saved before the import finished, a save
 * never replaces good files with an answer that is not an export, and a taken port
 * stops start-up with a message naming it.
 *
 * A start costs the emulator seconds of CPU (on a busy 2-core machine, half a minute): the tests that start it more
 * than once have no time limit of their own but wait for each thing on its condition, each wait bounded and named
 * (docs/decisions/0051).
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type AuthEmulator } from "~/infra/firebase/emulator.server";
import { createIdentity } from "~/infra/firebase/admin.server";
import { loadConfig } from "~/infra/config.server";
import { freePorts } from "../support/ports";
import { soakRounds } from "../support/soak";
import { LIMITED_BY_ITS_WAITS, nextSecond, waitFor } from "../support/waitFor";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-emu-"));
const projectId = "demo-klife-persist";
let emulator: AuthEmulator | null = null;
const others: AuthEmulator[] = [];
const dirs: string[] = [dataDir];
afterAll(async () => {
  await emulator?.stop();
  for (const e of others) await e.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-emu-"));
  dirs.push(dir);
  return dir;
}

async function start(persistIntervalMs: number, dir = dataDir, ports?: number[]) {
  const [port, hubPort, loggingPort] = ports ?? (await freePorts(3));
  return startAuthEmulator({
    dataDir: dir,
    projectId,
    port: port!,
    hubPort: hubPort!,
    loggingPort: loggingPort!,
    persistIntervalMs,
    log: () => undefined,
  });
}

const accountsFile = (dir: string) => path.join(dir, "auth-emulator", "export", "auth_export", "accounts.json");
const prevAccountsFile = (dir: string) =>
  path.join(dir, "auth-emulator", "export.prev", "auth_export", "accounts.json");

/** The users in a saved accounts file; null when it is missing or not an export. */
function savedUsers(file: string): { localId: string; email?: string }[] | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, "utf8")) as { kind?: string; users?: { localId: string }[] };
    return value.kind === "identitytoolkit#DownloadAccountResponse" && Array.isArray(value.users) ? value.users : null;
  } catch {
    return null;
  }
}

/** How long a request to the emulator may take to be answered. */
const ANSWER_WITHIN = 10_000;

async function signUp(e: AuthEmulator, email: string) {
  const res = await fetch(`${e.origin}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=local`, {
    signal: AbortSignal.timeout(ANSWER_WITHIN),
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", returnSecureToken: true }),
  });
  expect(res.ok).toBe(true);
}

async function signIn(e: AuthEmulator, email: string) {
  const res = await fetch(`${e.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local`, {
    signal: AbortSignal.timeout(ANSWER_WITHIN),
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", returnSecureToken: true }),
  });
  return res.ok;
}

/** Many accounts at once, through the emulator's admin API. */
async function createMany(e: AuthEmulator, prefix: string, count: number) {
  const users = Array.from({ length: count }, (_, i) => ({
    localId: `${prefix}${i}`,
    email: `${prefix}${i}@example.com`,
  }));
  const res = await fetch(`${e.origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`, {
    signal: AbortSignal.timeout(ANSWER_WITHIN),
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ users }),
  });
  expect(res.ok).toBe(true);
}

/** The killed emulator answers no more: neither as an emulator nor at all. */
async function waitUntilDown(e: AuthEmulator) {
  await waitFor("the killed emulator no longer answering", async () => {
    const answered = await fetch(e.origin, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    );
    return !answered && !(await e.answers());
  });
}

describe("Auth emulator supervision", () => {
  it("saves accounts while running and brings them back after a crash", LIMITED_BY_ITS_WAITS, async () => {
    emulator = await start(200);
    expect(await emulator.answers()).toBe(true);
    await signUp(emulator, "crash@example.com");

    // The watcher saves within its interval, without anyone calling persist().
    await waitFor("the watcher saving crash@example.com", () =>
      savedUsers(accountsFile(dataDir))?.some((u) => u.email === "crash@example.com"),
    );

    // Crash: the emulator dies without any chance to export.
    process.kill(emulator.pid!, "SIGKILL");
    await waitUntilDown(emulator);
    emulator = await start(0);
    expect(await signIn(emulator, "crash@example.com")).toBe(true);
  });

  it("saves on persist() and on stop, and imports on the next start", LIMITED_BY_ITS_WAITS, async () => {
    await emulator!.stop();
    emulator = await start(0);
    await signUp(emulator, "clean@example.com");
    await emulator.stop();
    emulator = await start(0);
    expect(await signIn(emulator, "clean@example.com")).toBe(true);
    expect(await signIn(emulator, "crash@example.com")).toBe(true);
    await emulator.stop();
    emulator = null;
  });

  it("saves every account change before the call resolves", async () => {
    const dir = tempDir();
    const e = await start(0, dir);
    others.push(e);
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const identity = createIdentity(loadConfig({ NODE_ENV: "test", DATA_DIR: dir, FIREBASE_PROJECT_ID: projectId }), e);
    try {
      const saved = () => savedUsers(accountsFile(dir))!;
      const user = await identity.admin.auth.createUser({ email: "saved@example.com", phoneNumber: "+821055550001" });
      expect(saved().map((u) => u.localId)).toContain(user.uid);
      await identity.admin.auth.updateUser(user.uid, { displayName: "Saved Name" });
      expect(saved().find((u) => u.localId === user.uid)).toMatchObject({ displayName: "Saved Name" });
      await identity.admin.auth.setCustomUserClaims(user.uid, { role: "tester" });
      expect(saved().find((u) => u.localId === user.uid)).toMatchObject({ customAttributes: '{"role":"tester"}' });
      const before = saved().find((u) => u.localId === user.uid) as { validSince?: string };
      // validSince has one-second resolution: the revocation changes it once the clock is in a later second.
      await nextSecond();
      await identity.admin.auth.revokeRefreshTokens(user.uid);
      expect((saved().find((u) => u.localId === user.uid) as { validSince?: string }).validSince).not.toBe(
        before.validSince,
      );
      const tokens = await identity.admin.toolkit.signUp("toolkit@example.com", "correct horse battery");
      expect(saved().map((u) => u.localId)).toContain(tokens.uid);
      // The identity port's verbs go through the same saving clients.
      const made = await identity.createUser({ email: "port@example.com", password: "correct horse battery" });
      if (!made.ok) throw new Error(`createUser: ${made.reason}`);
      expect(saved().map((u) => u.localId)).toContain(made.uid);
      expect(await identity.updateUser(made.uid, { displayName: "Port Name" })).toEqual({ ok: true });
      expect(saved().find((u) => u.localId === made.uid)).toMatchObject({ displayName: "Port Name" });
      expect(await identity.deleteUser(made.uid)).toEqual({ ok: true });
      expect(saved().map((u) => u.localId)).not.toContain(made.uid);
      await identity.admin.auth.importUsers([{ uid: "imported-1", email: "imported@example.com" }]);
      expect(saved().map((u) => u.localId)).toContain("imported-1");
      await identity.admin.auth.deleteUser(user.uid);
      expect(saved().map((u) => u.localId)).not.toContain(user.uid);
      await identity.admin.auth.deleteUsers([tokens.uid, "imported-1"]);
      expect(saved().map((u) => u.localId)).toEqual([]);
    } finally {
      await identity.close();
      if (host === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    }
  });

  it(
    `never saves before the import finished: the export does not shrink in ${soakRounds} restarts`,
    LIMITED_BY_ITS_WAITS,
    async () => {
      const dir = tempDir();
      const first = await start(0, dir);
      await createMany(first, "seed", 300);
      await first.stop();
      let expected = 300;
      let smallest = Infinity;
      let unreadable = 0;
      // Watch the saved file as closely as a timer allows while the emulator starts and stops.
      const watch = setInterval(() => {
        const users = savedUsers(accountsFile(dir));
        if (users === null) unreadable++;
        else smallest = Math.min(smallest, users.length - expected);
      }, 1);
      const began = Date.now();
      try {
        for (let round = 0; round < soakRounds; round++) {
          // A short interval: the watcher's first save comes as early as it can.
          const e = await start(20, dir);
          try {
            const saved = savedUsers(accountsFile(dir));
            expect(saved?.length, `round ${round}`).toBe(expected);
            await signUp(e, `round${round}@example.com`);
            await e.persist();
            expected++;
            expect(savedUsers(accountsFile(dir))?.length, `round ${round}`).toBe(expected);
          } finally {
            await e.stop();
          }
        }
      } finally {
        clearInterval(watch);
      }
      console.log(`${soakRounds} start/stop rounds with ${expected} accounts: ${Date.now() - began} ms`);
      expect(unreadable).toBe(0);
      expect(smallest).toBe(0);
      expect(savedUsers(accountsFile(dir))!.length).toBe(300 + soakRounds);
    },
  );

  it("never replaces the saved accounts with an answer that is not an export", LIMITED_BY_ITS_WAITS, async () => {
    const dir = tempDir();
    const [port, hubPort, loggingPort] = await freePorts(3);
    const e = await start(0, dir, [port!, hubPort!, loggingPort!]);
    await signUp(e, "kept@example.com");
    await e.persist();
    const saved = fs.readFileSync(accountsFile(dir), "utf8");

    // The emulator dies and another server takes its port.
    process.kill(e.pid!, "SIGKILL");
    await waitUntilDown(e);
    for (const [status, type, body] of [
      [404, "text/html", "<!doctype html><title>404</title><p>Not Found</p>"],
      [200, "text/html", "<p>hello</p>"],
      [200, "application/json", '{"error":{"code":500}}'],
      [200, "application/json", '{"kind":"identitytoolkit#DownloadAccountResponse"}'],
      [503, "application/json", '{"kind":"identitytoolkit#DownloadAccountResponse","users":[]}'],
    ] as const) {
      const stranger = http.createServer((_req, res) => res.writeHead(status, { "Content-Type": type }).end(body));
      await new Promise<void>((r) => stranger.listen(port, "127.0.0.1", r));
      try {
        await expect(e.persist()).rejects.toThrow(/not a valid export/);
        expect(fs.readFileSync(accountsFile(dir), "utf8")).toBe(saved);
      } finally {
        // The emulator's client may keep its connection open (keep-alive): close() alone would wait for it.
        stranger.closeAllConnections();
        await new Promise((r) => stranger.close(r));
      }
    }
    await e.stop();
    expect(fs.readFileSync(accountsFile(dir), "utf8")).toBe(saved);

    const again = await start(0, dir);
    try {
      expect(await signIn(again, "kept@example.com")).toBe(true);
    } finally {
      await again.stop();
    }
  });

  it(
    "imports the previous good copy when the live one is damaged, and refuses to start when both are",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const dir = tempDir();
      const e = await start(0, dir);
      await signUp(e, "first@example.com");
      await e.persist();
      await signUp(e, "second@example.com");
      await e.persist();
      await e.stop();
      // The previous copy is the save before the last one.
      expect(savedUsers(prevAccountsFile(dir))?.map((u) => u.email)).toEqual(["first@example.com"]);

      fs.writeFileSync(accountsFile(dir), '{"kind":"identitytoolkit#DownloadAcc');
      const again = await start(0, dir);
      try {
        expect(await signIn(again, "first@example.com")).toBe(true);
        // The damaged file is replaced by a good one, and never becomes the previous copy.
        expect(savedUsers(accountsFile(dir))?.map((u) => u.email)).toEqual(["first@example.com"]);
        expect(savedUsers(prevAccountsFile(dir))?.map((u) => u.email)).toEqual(["first@example.com"]);
      } finally {
        await again.stop();
      }

      fs.writeFileSync(accountsFile(dir), "<!doctype html><p>Not Found</p>");
      fs.writeFileSync(prevAccountsFile(dir), "");
      await expect(start(0, dir)).rejects.toThrow(/saved accounts .* are damaged and there is no good previous copy/);
    },
  );

  it.each([
    ["AUTH_EMULATOR_PORT", 0],
    ["AUTH_EMULATOR_HUB_PORT", 1],
    ["AUTH_EMULATOR_LOGGING_PORT", 2],
  ])("stops start-up when %s is taken, naming the port", async (name, index) => {
    const dir = tempDir();
    const ports = await freePorts(3);
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(ports[index], "127.0.0.1", r));
    try {
      await expect(start(0, dir, ports)).rejects.toThrow(
        `${name} ${ports[index]} is already in use by another process`,
      );
    } finally {
      await new Promise((r) => holder.close(r));
    }
  });
});
