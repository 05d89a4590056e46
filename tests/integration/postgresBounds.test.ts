/**
 * The built server on PostgreSQL against what an attacker or a deploy sends it (issue 36, decision 0083), on a
 * cluster of this file's own that logs every new session:
 * - a NUL byte or a broken percent escape (a lone surrogate's bytes) in any input is refused at the edge with the
 *   form's message (the form loop), the app's 400 page (an address) or the protocol's invalid_request (/sso),
 *   never 500, logs no error, and opens no new database session;
 * - a table locked by another session (a migration at deploy) costs the requests that read it their answer, not
 *   the pool: the app never holds more backends than its pool, the database cancels the statements that waited,
 *   and pages that do not read the table, sign-in and /readyz keep answering;
 * - a DATABASE_URL with a bad percent escape stops start-up naming the variable, never the password.
 * SQLite mode answers the same refusals (400) as before.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinOverHttp, lastCodeOverHttp, httpBrowser } from "../support/join";
import { createEmptyDatabase, startCluster, type Cluster } from "../support/postgres";
import { failedStart, startServer, type RunningServer } from "../support/server";
import { registerPartner, type Partner } from "../support/sso";
import { LIMITED_BY_ITS_WAITS, waitFor } from "../support/waitFor";

const root = path.resolve(__dirname, "../..");
const english = JSON.parse(fs.readFileSync(path.join(root, "locales", "en", "common.json"), "utf8")) as {
  errors: { form: Record<string, string> };
};
const REFUSED_TEXT = english.errors.form.textCharacters!;
const POOL_SIZE = 4;
const PASSWORD = "a long enough passphrase";
// Percent-encoded, as a form or an address carries them: a NUL, and the UTF-8-like bytes of a lone surrogate.
const NUL = "%00";
const LONE_SURROGATE = "%ED%A0%80";

let cluster: Cluster;
let databaseName = "";
let server: RunningServer;
let sqliteServer: RunningServer | undefined;
let origin = "";
let partner: Partner;
const member = { email: `pg-member-${randomUUID()}@example.com`, cookies: "" };
const admin = { email: `pg-admin-${randomUUID()}@example.com`, cookies: "" };
const dirs: string[] = [];

/** A query on the cluster as its superuser, on the app's database. */
async function onDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The sessions the app opened so far: the cluster logs each (log_connections) with its application name. */
const sessionsOpened = () =>
  fs
    .readFileSync(cluster.logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes(`database=${databaseName}`) && line.includes("application_name=klife")).length;

/** The app's backends now, and those of them waiting on a lock. */
const appBackends = () =>
  onDatabase(async (client) => {
    const { rows } = await client.query<{ all: number; waiting: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting
         FROM pg_stat_activity WHERE datname = $1 AND application_name = 'klife'`,
      [databaseName],
    );
    return rows[0]!;
  });

const errorLines = (output: string) => output.split("\n").filter((line) => line.includes('"level":"error"'));

/** A signed-in browser's cookies (`name=value; …`). */
async function signIn(email: string) {
  const browser = httpBrowser(origin, { "Accept-Language": "en" });
  const response = await browser.request("/member/startId", { email, password: PASSWORD, redirectTo: "/" });
  expect(response.status).toBe(302);
  return browser.jar.header;
}

/** A request with a body written as sent (percent escapes as they are), cookies and same-origin posts. */
async function send(
  base: string,
  target: string,
  options: { body?: string; cookies?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${target}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers: {
      "Accept-Language": "en",
      ...(options.cookies ? { Cookie: options.cookies } : {}),
      ...(options.body === undefined ? {} : { Origin: base, "Content-Type": "application/x-www-form-urlencoded" }),
      ...options.headers,
    },
    body: options.body,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

/** A form's body with `bad` (percent-encoded) in place of the text "BAD". */
const formBody = (fields: Record<string, string>, bad: string) =>
  new URLSearchParams(fields).toString().replaceAll("BAD", bad);

beforeAll(async () => {
  cluster = await startCluster();
  const admin0 = new pg.Client({ connectionString: cluster.adminUrl });
  await admin0.connect();
  await admin0.query("ALTER SYSTEM SET log_connections = on");
  await admin0.query("SELECT pg_reload_conf()");
  await admin0.end();
  databaseName = "klife";
  const url = await createEmptyDatabase(cluster.adminUrl, databaseName);
  server = await startServer({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    // Short, so that statements waiting on a lock give up quickly here.
    DATABASE_STATEMENT_TIMEOUT_MS: "1000",
    RATE_LIMIT_ALL: "100000",
    RATE_LIMIT_MUTATIONS: "100000",
    RATE_LIMIT_AUTH: "100000",
    RATE_LIMIT_AUTH_PER_ID: "100000",
    RATE_LIMIT_SSO: "100000",
  });
  origin = `http://localhost:${server.env.PORT}`;
  const codeTo = (e164: string) => lastCodeOverHttp(origin, e164);
  await joinOverHttp(origin, server.dataDir, { email: member.email, password: PASSWORD, codeTo });
  await joinOverHttp(origin, server.dataDir, { email: admin.email, password: PASSWORD, codeTo });
  execFileSync(process.execPath, [path.join(root, "scripts", "grant-admin.mjs"), admin.email], {
    env: { ...server.env, FIREBASE_PROJECT_ID: "demo-klife" } as unknown as NodeJS.ProcessEnv,
  });
  member.cookies = await signIn(member.email);
  admin.cookies = await signIn(admin.email);
  partner = registerPartner(server.env, "Bounds Bank", "https://bank.example/callback");
}, 180_000);

afterAll(async () => {
  const errors = errorLines(server?.output() ?? "");
  if (errors.length) console.log(errors.slice(-20).join("\n"));
  await server?.stop("SIGKILL");
  await sqliteServer?.stop("SIGKILL");
  await cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Each door that takes text, with what it is sent; `bad` goes where the text "BAD" is. */
const formDoors = (bad: string) => [
  {
    door: "POST /member/startId",
    target: "/member/startId",
    body: formBody({ email: "nul@exampleBAD.com", password: "a password", redirectTo: "/" }, bad),
  },
  {
    door: "POST /member/findPw",
    target: "/member/findPw",
    body: formBody({ intent: "send", email: "nul@exampleBAD.com" }, bad),
  },
  {
    door: "POST /mypage/changePw",
    target: "/mypage/changePw",
    cookies: () => member.cookies,
    body: formBody(
      {
        currentPassword: `${PASSWORD}BAD`,
        password: "another long passphrase",
        passwordConfirm: "another long passphrase",
      },
      bad,
    ),
  },
  {
    door: "POST /admin/rates",
    target: "/admin/rates",
    cookies: () => admin.cookies,
    body: formBody({ currency: "USD", unit: "1", base: "1300.5", day: "2026-11-30", sourceName: "Hana BAD Bank" }, bad),
  },
  {
    door: "POST /admin/notices/edit",
    target: "/admin/notices/edit",
    cookies: () => admin.cookies,
    body: formBody(
      { intent: "save", itemCd: "noticeBAD", "translations.ko.title": "공지", "translations.ko.body": "본문" },
      bad,
    ),
  },
];

describe("text the database cannot store", () => {
  for (const [kind, bad] of [
    ["a NUL byte", NUL],
    ["a lone surrogate", LONE_SURROGATE],
  ] as const) {
    it(`refuses ${kind} in every form with the form's message, and costs no database session`, async () => {
      const sessions = sessionsOpened();
      const errors = errorLines(server.output()).length;
      for (let round = 0; round < 4; round++) {
        for (const door of formDoors(bad)) {
          const answer = await send(origin, door.target, { body: door.body, cookies: door.cookies?.() });
          expect(answer.status, door.door).toBe(400);
          expect(answer.text, door.door).toContain(REFUSED_TEXT);
        }
      }
      // Twenty requests: not one session more than the pool may hold.
      expect(sessionsOpened() - sessions).toBeLessThanOrEqual(POOL_SIZE);
      expect(errorLines(server.output()).slice(errors)).toEqual([]);
    });

    it(`refuses ${kind} in an address with the 400 page, and at /sso with the protocol's invalid_request`, async () => {
      const sessions = sessionsOpened();
      const errors = errorLines(server.output()).length;
      const basic = `Basic ${Buffer.from(`${encodeURIComponent(partner.clientId)}:${encodeURIComponent(partner.secret)}`).toString("base64")}`;
      for (let round = 0; round < 4; round++) {
        const page = await send(origin, `/admin/notices/edit?itemCd=notice${bad}`, { cookies: admin.cookies });
        expect(page.status).toBe(400);
        expect(page.type).toMatch(/text\/html/);
        const list = await send(origin, `/mypage/notice?after=x${bad}`, { cookies: member.cookies });
        expect(list.status).toBe(400);

        const authorize = await send(
          origin,
          `/sso/authorize?client_id=${encodeURIComponent(partner.clientId)}${bad}&response_type=code&scope=openid` +
            `&redirect_uri=${encodeURIComponent(partner.redirectUri)}`,
        );
        expect(authorize.status).toBe(400);
        expect(authorize.type).toMatch(/text\/html/);
        const token = await send(origin, "/sso/token", {
          body: `grant_type=authorization_code&code=abc${bad}&redirect_uri=${encodeURIComponent(partner.redirectUri)}`,
          headers: { Authorization: basic },
        });
        expect(token.status).toBe(400);
        expect(JSON.parse(token.text)).toMatchObject({ error: "invalid_request" });
        const userinfo = await send(origin, "/sso/userinfo", { body: `access_token=abc${bad}` });
        expect(userinfo.status).toBe(400);
        expect(JSON.parse(userinfo.text)).toMatchObject({ error: "invalid_request" });
      }
      expect(sessionsOpened() - sessions).toBeLessThanOrEqual(POOL_SIZE);
      expect(errorLines(server.output()).slice(errors)).toEqual([]);
    });
  }

  it("answers the same in SQLite mode (400, the form's message)", async () => {
    sqliteServer ??= await startServer({ RATE_LIMIT_AUTH: "100000", RATE_LIMIT_AUTH_PER_ID: "100000" });
    const base = `http://localhost:${sqliteServer.env.PORT}`;
    for (const bad of [NUL, LONE_SURROGATE]) {
      const answer = await send(base, "/member/startId", {
        body: formBody({ email: "nul@exampleBAD.com", password: "a password", redirectTo: "/" }, bad),
      });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(REFUSED_TEXT);
    }
  }, 120_000);
});

describe("a table locked by another session", () => {
  it(
    "costs its readers their answer, not the pool: the database cancels their statements and other pages answer",
    LIMITED_BY_ITS_WAITS,
    async () => {
      const url = new URL(cluster.adminUrl);
      url.pathname = `/${databaseName}`;
      const locker = new pg.Client({ connectionString: url.toString() });
      await locker.connect();
      let peak = 0;
      let watching = true;
      const watch = (async () => {
        while (watching) {
          peak = Math.max(peak, (await appBackends()).all);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      try {
        await locker.query("BEGIN");
        await locker.query("LOCK TABLE notices IN ACCESS EXCLUSIVE MODE");
        // Three rounds of more readers than the pool has connections, each reader given up on by the app.
        for (let round = 0; round < 3; round++) {
          const answers = await Promise.all(
            Array.from({ length: POOL_SIZE * 2 }, () => send(origin, "/mypage/notice", { cookies: member.cookies })),
          );
          for (const answer of answers) expect(answer.status).not.toBe(200);
        }
        // The statements that waited on the lock were cancelled in the database, not left waiting there.
        await waitFor("no statement of the app waiting on the lock", async () => (await appBackends()).waiting === 0, {
          within: 10_000,
          every: 100,
        });
        // Pages that do not read notices, sign-in and readiness answer while the lock is still held.
        for (const target of ["/community", "/member/startId", "/readyz", "/community", "/readyz"]) {
          expect((await send(origin, target)).status, target).toBe(200);
        }
        const signedIn = httpBrowser(origin, { "Accept-Language": "en" });
        expect(
          (await signedIn.request("/member/startId", { email: member.email, password: PASSWORD, redirectTo: "/" }))
            .status,
        ).toBe(302);
      } finally {
        watching = false;
        await watch;
        await locker.query("ROLLBACK").catch(() => undefined);
        await locker.end();
      }
      expect(peak).toBeLessThanOrEqual(POOL_SIZE);
      expect((await send(origin, "/mypage/notice", { cookies: member.cookies })).status).toBe(200);
    },
  );
});

describe("DATABASE_URL with a bad percent escape", () => {
  it("stops start-up with one line naming DATABASE_URL, never the password", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-pgbounds-"));
    dirs.push(dir);
    const { code, output } = await failedStart({
      DATA_DIR: dir,
      DATABASE_URL: "postgres://u:pSeCrEt77%zz@127.0.0.1/db",
    });
    expect(code).not.toBe(0);
    const named = output.split("\n").filter((line) => line.includes("DATABASE_URL"));
    expect(named.length).toBeGreaterThanOrEqual(1);
    expect(output).not.toContain("URI malformed");
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain("pSeCrEt77");
  });
});
