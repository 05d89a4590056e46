/**
 * A restart of the built server in local mode keeps the sessions that were valid
 * before it (issue 24), whether it was stopped gracefully (SIGTERM) or killed
 * (SIGKILL), and still ends the ones that were revoked: at Firebase through the
 * Admin SDK (scripts/grant-admin.mjs --revoke), by disabling the account, by
 * signing out, and in the shared database while the server was down.
 *
 * The first request after a restart is the one that asks Firebase about the
 * account (the new process has never checked the session: decision 0003), so the
 * page each member gets right after the restart is the answer of that check. That
 * the check does run there is shown by the member revoked at Firebase only: the
 * app's own table knows nothing of that revocation.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { httpBrowser, joinOverHttp, type Joined } from "../support/join";
import { launch, localEnv, type RunningServer } from "../support/server";
import { LIMITED_BY_ITS_WAITS, nextSecond, waitFor } from "../support/waitFor";

const root = path.resolve(__dirname, "../..");
const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  try {
    for (const server of servers) await server.stop("SIGKILL");
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});

const serverEnv = {
  // Each join from its own client address (X-Forwarded-For from loopback), for the daily code caps.
  TRUST_PROXY: "loopback",
  SHUTDOWN_TIMEOUT_MS: "3000",
};

/** What a signed-in page answers to these cookies: 200, or a redirect to the start screen. */
async function myPage(server: RunningServer, cookies: string) {
  const response = await fetch(`${server.url}/mypage`, {
    headers: { Cookie: cookies },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return response.status === 302 ? `302 ${response.headers.get("Location")}` : String(response.status);
}
const SIGNED_OUT = "302 /member/start?redirectTo=%2Fmypage";

/** The member's uid, from the server's SQLite file (read-only, beside the server). */
function uidOf(dataDir: string, member: Joined): string {
  const db = new Database(path.join(dataDir, "klife.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT uid FROM members WHERE phone_number = ?").get(member.e164) as { uid: string };
    return row.uid;
  } finally {
    db.close();
  }
}

/** The account as the server last saved it (its export under DATA_DIR). */
function savedAccount(dataDir: string, uid: string): { validSince?: string; disabled?: boolean } | undefined {
  const file = path.join(dataDir, "auth-emulator", "export", "auth_export", "accounts.json");
  const { users } = JSON.parse(fs.readFileSync(file, "utf8")) as {
    users: { localId: string; validSince?: string; disabled?: boolean }[];
  };
  return users.find((u) => u.localId === uid);
}

describe.each(["SIGTERM", "SIGKILL"] as const)("a restart after %s", (signal) => {
  it(
    "keeps every session that was valid before it, and ends every one revoked before or during it",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-restart-"));
      dirs.push(dataDir);
      const env = await localEnv(dataDir, serverEnv);
      let server = await launch(env, dataDir);
      servers.push(server);

      let address = 0;
      const join = () =>
        joinOverHttp(server.url, dataDir, { headers: { "X-Forwarded-For": `198.51.100.${++address}` } });
      const kept = await join();
      const revokedAtFirebase = await join();
      const disabled = await join();
      const signedOut = await join();
      const revokedWhileDown = await join();
      const everyone = [kept, revokedAtFirebase, disabled, signedOut, revokedWhileDown];
      for (const member of everyone) expect(await myPage(server, member.cookies)).toBe("200");

      // Signing out through the app: the browser drops its cookie; the old cookie is kept to be tried again.
      const { jar, request } = httpBrowser(server.url);
      for (const [name, value] of signedOut.cookies.split("; ").map((c) => c.split("=") as [string, string])) {
        jar.cookies.set(name, value);
      }
      expect((await request("/member/signOut", {})).status).toBe(302);
      expect(jar.cookies.has("__session")).toBe(false);

      // Outside the app, with the Admin SDK against the running server's emulator, as an operator would.
      const { origin, projectId } = server.authEmulator;
      const revokedUid = uidOf(dataDir, revokedAtFirebase);
      const validSinceBefore = Number(savedAccount(dataDir, revokedUid)?.validSince ?? 0);
      await nextSecond();
      await promisify(execFile)(
        process.execPath,
        [path.join(root, "scripts", "grant-admin.mjs"), revokedAtFirebase.e164, "--revoke"],
        {
          cwd: root,
          timeout: 60_000,
          env: {
            PATH: process.env.PATH ?? "",
            AUTH_EMULATOR_PORT: new URL(origin).port,
            FIREBASE_PROJECT_ID: projectId,
            DATA_DIR: dataDir,
          } as unknown as NodeJS.ProcessEnv,
        },
      );
      const disabledUid = uidOf(dataDir, disabled);
      const disabling = await fetch(
        `${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
        {
          signal: AbortSignal.timeout(10_000),
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
          body: JSON.stringify({ localId: disabledUid, disableUser: true }),
        },
      );
      expect(disabling.status).toBe(200);
      // Changes made outside the app are saved by the server's once-a-second backstop: a kill before
      // that would lose them with the rest of that second's changes, which is not what this test is about.
      await waitFor("the server's backstop saving the revocation and the disabling", () => {
        const revoked = savedAccount(dataDir, revokedUid);
        return Number(revoked?.validSince) > validSinceBefore && savedAccount(dataDir, disabledUid)?.disabled === true;
      });

      expect(await server.stop(signal)).toBe(signal === "SIGTERM" ? 0 : null);
      servers.splice(servers.indexOf(server), 1);

      // While the server is down, another server process sharing the database ends a member's sessions.
      const db = new Database(path.join(dataDir, "klife.sqlite"));
      db.prepare("INSERT INTO session_revocations (uid, valid_after) VALUES (?, ?)").run(
        uidOf(dataDir, revokedWhileDown),
        Date.now(),
      );
      db.close();

      server = await launch(env, dataDir);
      servers.push(server);
      expect({
        kept: await myPage(server, kept.cookies),
        revokedAtFirebase: await myPage(server, revokedAtFirebase.cookies),
        disabled: await myPage(server, disabled.cookies),
        signedOut: await myPage(server, signedOut.cookies),
        revokedWhileDown: await myPage(server, revokedWhileDown.cookies),
      }).toEqual({
        kept: "200",
        revokedAtFirebase: SIGNED_OUT,
        disabled: SIGNED_OUT,
        signedOut: SIGNED_OUT,
        revokedWhileDown: SIGNED_OUT,
      });
      // And the kept session stays kept: a second restart does not end it either.
      expect(await server.stop(signal)).toBe(signal === "SIGTERM" ? 0 : null);
      servers.splice(servers.indexOf(server), 1);
      server = await launch(env, dataDir);
      servers.push(server);
      expect(await myPage(server, kept.cookies)).toBe("200");
      expect(await server.stop("SIGTERM")).toBe(0);
      servers.splice(servers.indexOf(server), 1);
    },
  );
});
