/**
 * Two built server processes, A and B, on one PostgreSQL database (DATABASE_URL) and
 * the run's one Auth emulator (AUTH_EMULATOR_HOST, local mode), as issue 29 lists
 * (decision 0076): a member joins on A and signs in on B; a photo posted on A is
 * served by B; signing out on B ends the session on A at the next request; 40 wrong
 * sign-ins spread over A and B are refused exactly as 40 on one process are (the
 * sign-in tier counts in the database); a due visa reminder is stored once though
 * both schedulers run the job (the lease row names the one process that ran it);
 * and A killed with SIGKILL in the middle of a stream of posts loses none that it
 * confirmed, while B keeps answering. One database of the project's cluster; every
 * wait bounded.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPg, type Pg } from "~/infra/postgres/database.server";
import { openPostgresStores } from "~/infra/postgres/stores.server";
import { dueReminder, seoulDate } from "~/visa/reminders";
import { createDatabase, dropDatabase } from "../support/postgres";
import { joinOverHttp, lastCodeOverHttp } from "../support/join";
import { photo, postFeed } from "../support/multipart";
import { launch, localEnv, makeDataDir, type RunningServer } from "../support/server";

/** The sign-in tier per address and window, as the servers are configured (RATE_LIMIT_AUTH). */
const AUTH_LIMIT = 30;
const WRONG_SIGN_INS = 40;
const PASSWORD = "a long enough passphrase";

const dataDir = makeDataDir();
const servers: RunningServer[] = [];
let a: RunningServer;
let b: RunningServer;
let databaseUrl = "";
let db: Pg;
const reminded = { uid: `due-${crypto.randomBytes(6).toString("hex")}`, expiresOn: "" };

afterAll(async () => {
  try {
    for (const server of servers) await server.stop("SIGKILL").catch(() => undefined);
    await db?.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(inject("postgresAdminUrl"), databaseUrl);
  }
});

beforeAll(async () => {
  databaseUrl = await createDatabase(inject("postgresAdminUrl"), inject("postgresTemplate"));
  db = createPg(databaseUrl, { max: 2 });
  // A member whose visa expires in 7 days (Korea): a reminder is due today, before either process starts.
  const now = Date.now();
  reminded.expiresOn = seoulDate(now + 7 * 24 * 60 * 60 * 1000);
  expect(dueReminder(reminded.expiresOn, seoulDate(now), seoulDate(now))).not.toBeNull();
  const stores = await openPostgresStores(databaseUrl, { max: 1 });
  try {
    const created = await stores.members.create({
      uid: reminded.uid,
      name: "Due Member",
      language: "en",
      phoneNumber: null,
      nationality: "VN",
      visa: "E-9",
      visaExpiresOn: reminded.expiresOn,
      signUpMethod: "id",
      terms: [],
      createdAt: now,
    });
    expect(created).toEqual({ ok: true });
  } finally {
    await stores.close();
  }
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
    FIREBASE_PROJECT_ID: inject("authProjectId"),
    RATE_LIMIT_ALL: "100000",
    RATE_LIMIT_MUTATIONS: "100000",
    RATE_LIMIT_AUTH: String(AUTH_LIMIT),
    TRUST_PROXY: "loopback",
    SHUTDOWN_TIMEOUT_MS: "3000",
  };
  // One after the other: the first makes the data directory's session secret, which both then use.
  a = await launch(await localEnv(dataDir, env), dataDir);
  servers.push(a);
  b = await launch(await localEnv(dataDir, env), dataDir);
  servers.push(b);
});

/** A request as a browser without JavaScript sends it (no redirect followed), with cookies and an address. */
async function send(
  server: RunningServer,
  pathname: string,
  options: { cookie?: string; form?: Record<string, string>; address?: string } = {},
) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: options.form ? "POST" : "GET",
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.form ? { Origin: server.url } : {}),
      ...(options.address ? { "X-Forwarded-For": options.address } : {}),
    },
    body: options.form ? new URLSearchParams(options.form) : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The `__session=…` a response set, or null. */
const sessionOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("__session=") && c !== "__session=") ?? null;

const email = `two-${crypto.randomBytes(4).toString("hex")}@example.com`;
let joined = "";
let signedInOnB = "";

describe("two server processes on one PostgreSQL database and one Auth emulator", () => {
  it("stores a due visa reminder once though both ran the job: the lease chose one process", async () => {
    const rows = await db.rows<{ dedupe_key: string }>(
      "SELECT dedupe_key FROM notifications WHERE uid = $1 AND kind = 'visaReminder'",
      [reminded.uid],
    );
    expect(rows).toHaveLength(1);
    const lease = await db.row<{ holder: string }>("SELECT holder FROM job_leases WHERE name = 'visaReminders.run'");
    const holders = [a, b].filter((s) => lease?.holder.split(":").includes(String(s.child.pid)));
    expect(holders).toHaveLength(1);
    // Only the holder's run stored it (a run that stores reminders logs so).
    for (const server of [a, b]) {
      expect(server.output().includes('"visaReminders.run"'), `${server === a ? "A" : "B"}'s log`).toBe(
        server === holders[0],
      );
    }
  });

  it("lets a member join on A and sign in on B, each session good on the other", async () => {
    const member = await joinOverHttp(a.url, dataDir, {
      email,
      password: PASSWORD,
      name: "Two Process Member",
      codeTo: (e164) => lastCodeOverHttp(b.url, e164),
    });
    joined = member.cookies;
    const signIn = await send(b, "/member/startId", { form: { email, password: PASSWORD } });
    expect(signIn.status).toBe(302);
    signedInOnB = sessionOf(signIn.headers)!;
    expect(signedInOnB).not.toBeNull();
    for (const [server, cookie] of [
      [b, joined],
      [a, signedInOnB],
    ] as const) {
      const mypage = await send(server, "/mypage", { cookie });
      expect(mypage.status).toBe(200);
      expect(mypage.body.toString()).toContain("Two Process Member");
    }
  });

  it("serves on B a photo posted on A, with the same headers", async () => {
    const posted = await postFeed(a.url, joined, "Posted on A", [{ name: "a.jpg", bytes: await photo(76) }]);
    expect(posted.status).toBe(302);
    const page = (await send(b, posted.headers.get("location")!)).body.toString();
    const files = [...new Set(page.match(/\/files\/[A-Za-z0-9_-]{12}(?:-s)?\.webp/g) ?? [])];
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const [onA, onB] = [await send(a, file), await send(b, file)];
      expect(onB.status).toBe(200);
      expect(onB.body.equals(onA.body)).toBe(true);
      for (const name of ["content-type", "cache-control", "content-length", "etag", "x-content-type-options"]) {
        expect(onB.headers.get(name), name).toBe(onA.headers.get(name));
      }
    }
  });

  it("ends the session on A at the next request once the member signs out on B", async () => {
    expect((await send(a, "/mypage", { cookie: signedInOnB })).status).toBe(200);
    const out = await send(b, "/member/signOut", { cookie: signedInOnB, form: {} });
    expect(out.status).toBe(302);
    for (const cookie of [signedInOnB, joined]) {
      const mypage = await send(a, "/mypage", { cookie });
      expect(mypage.status).toBe(302);
      expect(mypage.headers.get("location")).toMatch(/^\/member\/start/);
    }
  });

  it(`refuses ${WRONG_SIGN_INS} wrong sign-ins spread over A and B as ${WRONG_SIGN_INS} on one process`, async () => {
    /** Wrong sign-ins from one address, each for its own ID (no per-ID count in the way): the refusals (429). */
    const refusals = async (on: (i: number) => RunningServer, address: string) => {
      let refused = 0;
      for (let i = 0; i < WRONG_SIGN_INS; i++) {
        const answer = await send(on(i), "/member/startId", {
          form: { email: `nobody-${address}-${i}@example.com`, password: "not the password 1" },
          address,
        });
        expect([400, 401, 429], answer.body.toString().slice(0, 200)).toContain(answer.status);
        if (answer.status === 429) refused++;
      }
      return refused;
    };
    const onOne = await refusals(() => a, "203.0.113.41");
    const spread = await refusals((i) => (i % 2 ? b : a), "203.0.113.42");
    expect(onOne).toBe(WRONG_SIGN_INS - AUTH_LIMIT);
    expect(spread).toBe(onOne);
  });

  it("takes an admin role granted, then revoked, by grant-admin.mjs from the member's next request in both processes", async () => {
    const adminEmail = `two-admin-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const member = await joinOverHttp(a.url, dataDir, {
      email: adminEmail,
      password: PASSWORD,
      name: "Two Process Admin",
      codeTo: (e164) => lastCodeOverHttp(b.url, e164),
    });
    const cookie = member.cookies;
    // The operator's command on the deployment's database, as the servers have it.
    const grantAdmin = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.resolve(__dirname, "../../scripts/grant-admin.mjs"), ...args], {
        env: {
          PATH: process.env.PATH ?? "",
          DATABASE_URL: databaseUrl,
          FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
          FIREBASE_PROJECT_ID: inject("authProjectId"),
        } as unknown as NodeJS.ProcessEnv,
        timeout: 60_000,
      });
    expect((await send(a, "/admin", { cookie })).status).toBe(404);
    await grantAdmin(adminEmail);
    expect((await send(a, "/admin", { cookie })).status).toBe(200);
    expect((await send(b, "/admin", { cookie })).status).toBe(200);
    await grantAdmin(adminEmail, "--revoke");
    const itemCd = `two-${crypto.randomBytes(4).toString("hex")}`;
    const form = { itemCd, category: "service", "translations.ko.title": "공지", "translations.ko.body": "본문" };
    expect((await send(b, "/admin/notices/edit", { cookie, form: { ...form, intent: "publish" } })).status).toBe(404);
    expect((await send(a, "/admin", { cookie })).status).toBe(404);
    expect(await db.rows("SELECT item_cd FROM notices WHERE item_cd = $1", [itemCd])).toEqual([]);
  }, 120_000);

  it("loses no confirmed post when A is killed with SIGKILL mid-stream, and B keeps answering", async () => {
    // A fresh session: the member signed out above.
    const signIn = await send(b, "/member/startId", { form: { email, password: PASSWORD } });
    const cookie = sessionOf(signIn.headers)!;
    expect(cookie).not.toBeNull();
    const confirmed: string[] = [];
    let failed = 0;
    let killed = false;
    /** One writer: posts to A until A is gone, keeping the feed of every post A confirmed. */
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const answer = await postFeed(a.url, cookie, `stream ${w}-${i}`, [], AbortSignal.timeout(10_000));
          await answer.arrayBuffer();
          if (answer.status === 302) confirmed.push(answer.headers.get("location")!.split("/").pop()!);
          else failed++;
        } catch {
          // Cut by the kill (or refused after it): not confirmed, so not counted as kept.
          failed++;
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    const deadline = Date.now() + 30_000;
    while (confirmed.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(confirmed.length).toBeGreaterThanOrEqual(20);
    const stopped = a.stop("SIGKILL");
    killed = true;
    expect(await stopped).toBeNull();
    await Promise.all(writers);
    servers.splice(servers.indexOf(a), 1);
    console.log(`posts confirmed by A before SIGKILL: ${confirmed.length}; answered otherwise or cut: ${failed}`);

    const stored = await db.rows<{ id: string }>("SELECT id FROM feeds WHERE id = ANY($1::text[])", [confirmed]);
    expect(stored.map((r) => r.id).sort()).toEqual([...new Set(confirmed)].sort());
    // B answers: the list, a feed A confirmed just before dying, and a new post.
    expect((await send(b, "/community")).status).toBe(200);
    expect((await send(b, `/community/${confirmed.at(-1)}`)).status).toBe(200);
    expect((await postFeed(b.url, cookie, "Posted on B after A died")).status).toBe(302);
  });
});
