/**
 * Accounts are never lost (the built server in local mode): a join confirmed over
 * HTTP survives the server being killed right after (kill -9), and a SIGTERM to the
 * server's whole process group (Ctrl-C in a terminal, a supervisor stopping the job)
 * cannot end the Auth emulator before the server's final save. Each restart finds
 * every account in the emulator and every profile in SQLite. A taken port stops
 * start-up cleanly, and no emulator outlives its server.
 *
 * The restart loops run 3 rounds (20 in `npm run test:soak`). A server's start costs its Auth emulator seconds of
 * CPU: the tests that start one more than once have no time limit of their own, each of their waits being bounded
 * and named instead (docs/decisions/0051).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { joinOverHttp } from "../support/join";
import { failedStart, launch, localEnv, processesWith, startServer, type RunningServer } from "../support/server";
import { soakRounds } from "../support/soak";
import { LIMITED_BY_ITS_WAITS } from "../support/waitFor";

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  try {
    for (const server of servers) await server.stop("SIGKILL");
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-durable-"));
  dirs.push(dir);
  return dir;
}

const serverEnv = {
  // Many joins from one machine: keep the rate limits out of the way, and give each
  // join its own client address (X-Forwarded-For from loopback) for the daily code caps.
  RATE_LIMIT_ALL: "100000",
  RATE_LIMIT_MUTATIONS: "100000",
  RATE_LIMIT_AUTH: "100000",
  TRUST_PROXY: "loopback",
  SHUTDOWN_TIMEOUT_MS: "3000",
};

interface Joined {
  e164: string;
  name: string;
}

/** The accounts the server's emulator holds, by phone number (read through its admin API). */
async function accountsByPhone(server: RunningServer): Promise<Map<string, string>> {
  const { origin, projectId } = server.authEmulator;
  const res = await fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
    { headers: { Authorization: "Bearer owner" }, signal: AbortSignal.timeout(10_000) },
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { users: { localId: string; phoneNumber?: string }[] };
  return new Map(body.users.filter((u) => u.phoneNumber).map((u) => [u.phoneNumber!, u.localId]));
}

/** The member profiles in the server's SQLite file, by phone number (read-only, beside the server). */
function profilesByPhone(dataDir: string): Map<string, { uid: string; name: string }> {
  const db = new Database(path.join(dataDir, "klife.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT uid, name, phone_number FROM members").all() as {
      uid: string;
      name: string;
      phone_number: string;
    }[];
    return new Map(rows.map((r) => [r.phone_number, { uid: r.uid, name: r.name }]));
  } finally {
    db.close();
  }
}

/** Every member joined so far has both halves, with the same uid. */
async function expectAllKept(server: RunningServer, joined: Joined[], round: number) {
  const accounts = await accountsByPhone(server);
  const profiles = profilesByPhone(server.dataDir);
  for (const member of joined) {
    const profile = profiles.get(member.e164);
    expect(profile, `profile of ${member.e164} after round ${round}`).toMatchObject({ name: member.name });
    expect(accounts.get(member.e164), `account of ${member.e164} after round ${round}`).toBe(profile!.uid);
  }
  // And nothing else: no account without its profile, no profile without its account.
  expect(accounts.size).toBe(joined.length);
  expect(profiles.size).toBe(joined.length);
}

/** A Korean mobile number no other join in this file uses, as typed. */
let numberSeq = 0;
const freshNumber = (block: number) => `0109${String(block).padStart(3, "0")}${String(++numberSeq).padStart(4, "0")}`;

/**
 * Joins, stops the server at once with `stopNow`, starts it again on the same
 * data directory and ports, and checks every member so far: `soakRounds` times (3, or 20 in `npm run test:soak`).
 */
async function joinThenStop(
  block: number,
  stopNow: (server: RunningServer) => Promise<number | null>,
  expectedExit: number | null,
  detached: boolean,
) {
  const dataDir = tempDir();
  const env = await localEnv(dataDir, serverEnv);
  let server = await launch(env, dataDir, { detached });
  servers.push(server);
  const joined: Joined[] = [];
  const began = Date.now();
  for (let round = 1; round <= soakRounds; round++) {
    const name = `Member ${block}-${round}`;
    const { e164 } = await joinOverHttp(server.url, dataDir, {
      local: freshNumber(block),
      name,
      headers: { "X-Forwarded-For": `198.51.100.${round}` },
    });
    joined.push({ e164, name });
    expect(await stopNow(server)).toBe(expectedExit);
    servers.splice(servers.indexOf(server), 1);
    server = await launch(env, dataDir, { detached });
    servers.push(server);
    await expectAllKept(server, joined, round);
  }
  const ms = Date.now() - began;
  console.log(
    `${soakRounds} joins, each followed by a stop and a restart: ${ms} ms (${Math.round(ms / soakRounds)} ms a round)`,
  );
  const pids = server.emulatorPids;
  expect(pids.length).toBe(2);
  expect(await server.stop("SIGTERM")).toBe(0);
  servers.splice(servers.indexOf(server), 1);
  expect(processesWith(dataDir)).toEqual([]);
}

describe("accounts are never lost", () => {
  it(
    `keeps a join confirmed just before kill -9 (${soakRounds} rounds), and the emulator dies with the server`,
    LIMITED_BY_ITS_WAITS,
    async () => {
      await joinThenStop(
        1,
        async (server) => {
          const code = await server.stop("SIGKILL");
          // stop() waited for the emulator's lifeline to end it: nothing of this run is left.
          expect(processesWith(server.dataDir)).toEqual([]);
          return code;
        },
        null,
        false,
      );
    },
  );

  it(
    `keeps a join confirmed just before a SIGTERM to the server's process group (${soakRounds} rounds)`,
    LIMITED_BY_ITS_WAITS,
    async () => {
      await joinThenStop(
        2,
        async (server) => {
          const code = await server.stop("SIGTERM", { group: true });
          expect(server.output()).toContain('"event":"stopped"');
          expect(server.output()).not.toMatch(/could not save accounts/);
          return code;
        },
        0,
        true,
      );
    },
  );

  it(
    "deletes an account left without a profile at start, and reports a profile left without an account",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const dataDir = tempDir();
      const env = await localEnv(dataDir, serverEnv);
      let server = await launch(env, dataDir);
      servers.push(server);
      const { e164 } = await joinOverHttp(server.url, dataDir, { local: freshNumber(3), name: "Kept Member" });
      // A join cut between its two writes: the account exists, the profile does not.
      const { origin, projectId } = server.authEmulator;
      const half = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
        signal: AbortSignal.timeout(10_000),
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
        body: JSON.stringify({ localId: "half-made-join", phoneNumber: "+821099990000" }),
      });
      expect(half.ok).toBe(true);
      expect(await server.stop("SIGTERM")).toBe(0);
      servers.splice(servers.indexOf(server), 1);
      // A profile whose account is gone (it cannot be made again here).
      const db = new Database(path.join(dataDir, "klife.sqlite"));
      db.prepare(
        `INSERT INTO members (uid, name, language, phone_number, nationality, visa, visa_expires_on,
                            sign_up_method, created_at, updated_at)
       VALUES ('lost-account', 'Lost', 'en', '+821099990001', 'VN', NULL, NULL, 'phone', 0, 0)`,
      ).run();
      db.close();

      server = await launch(env, dataDir);
      servers.push(server);
      expect(server.output()).toContain("deleted account half-made-join");
      expect(server.output()).toMatch(/1 member profile\(s\) have no Firebase account[^"]*lost-account/);
      const accounts = await accountsByPhone(server);
      expect([...accounts.keys()]).toEqual([e164]);
      expect(profilesByPhone(dataDir).get("+821099990001")).toMatchObject({ uid: "lost-account" });
      expect(await server.stop("SIGTERM")).toBe(0);
      servers.splice(servers.indexOf(server), 1);
    },
  );

  it.each(["AUTH_EMULATOR_PORT", "AUTH_EMULATOR_HUB_PORT", "AUTH_EMULATOR_LOGGING_PORT"] as const)(
    "stops start-up when %s is held by another server: exit 1, the port named, nothing left running",
    async (name) => {
      const dataDir = tempDir();
      const env = await localEnv(dataDir, serverEnv);
      const port = Number(env[name]);
      const other = http.createServer((_req, res) => res.writeHead(404, { "Content-Type": "text/html" }).end("<p>no"));
      await new Promise<void>((r) => other.listen(port, "127.0.0.1", r));
      try {
        const { code, output } = await failedStart(env);
        expect(code).toBe(1);
        expect(output).toContain(`${name} ${port} is already in use by another process`);
        expect(processesWith(dataDir)).toEqual([]);
        // Nothing was saved over: there was nothing to import and nothing was written.
        expect(fs.existsSync(path.join(dataDir, "auth-emulator", "export", "firebase-export-metadata.json"))).toBe(
          false,
        );
      } finally {
        await new Promise((r) => other.close(r));
      }
    },
  );

  it(
    "a server started by startServer leaves no data directory and no process behind, whatever the signal",
    LIMITED_BY_ITS_WAITS,
    async () => {
      for (const signal of ["SIGKILL", "SIGTERM"] as const) {
        const server = await startServer(serverEnv);
        expect(server.emulatorPids.length).toBe(2);
        await server.stop(signal);
        expect(fs.existsSync(server.dataDir)).toBe(false);
        expect(processesWith(server.dataDir)).toEqual([]);
      }
    },
  );
});
