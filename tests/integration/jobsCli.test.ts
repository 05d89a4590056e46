/**
 * `npm run jobs` (build/jobs.js) as an operator runs it, against the deployment's storage: `list` names every job
 * of the composition root; `run NAME --now T` runs one once and prints one JSON line of what it did, and a replay
 * of the same run sends nothing again (the delivery rows). On PostgreSQL, two processes running the delivery job at
 * once, against a push service of the test's own on loopback that fails once (500) and then takes it (201), give
 * exactly one delivery: one failed attempt, one retry after its backoff, nothing after.
 */
import { spawn } from "node:child_process";
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { inboxItem } from "~/community/inbox.server";
import { i18nFor } from "~/i18n/instances.server";
import { openPostgresStorage } from "~/infra/postgres/stores.server";
import { readOutbox } from "~/infra/sms/sender.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { NewMember } from "~/stores/members";
import type { Stores } from "~/stores/stores";
import { passportSeenKey } from "~/visa/reminders";
import { createDatabase, dropDatabase } from "../support/postgres";

const root = path.resolve(__dirname, "../..");
/** Each test starts several processes of the command, one after another: room for a loaded 2-core machine. */
const SLOW = { timeout: 240_000 };
const cli = path.join(root, "build", "jobs.js");
/** The member's stay ends 2027-06-30: the one-month reminder is due from 08:00 on 2027-05-30 in Seoul. */
const EXPIRY = "2027-06-30";
const DUE = "2027-05-30T08:00:00+09:00";
/** The same day at 22:00 in Seoul, in the quiet hours. */
const NIGHT = "2027-05-30T22:00:00+09:00";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-jobs-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** build/jobs.js with `args`, in local mode on `env` (DATA_DIR, DATABASE_URL), from another folder than the app's. */
function jobs(args: string[], env: Record<string, string>): Promise<Ran> {
  if (!fs.existsSync(cli)) throw new Error("build/jobs.js is missing: run `npm run build` first");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: os.tmpdir(),
      env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The one JSON line a run prints. */
function runLine(ran: Ran): Record<string, unknown> {
  expect(ran.code, ran.stderr).toBe(0);
  const lines = ran.stdout.trim().split("\n");
  expect(lines, ran.stdout).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

async function member(stores: Stores, language: string): Promise<NewMember> {
  const profile: NewMember = {
    uid: randomUUID(),
    name: "Nguyen Van A",
    language,
    phoneNumber: "+821055501234",
    nationality: "VN",
    visa: "E-9-1",
    visaExpiresOn: EXPIRY,
    signUpMethod: "phone",
    terms: [],
    createdAt: Date.parse("2026-12-01T12:00:00+09:00"),
  };
  expect(await stores.members.create(profile)).toEqual({ ok: true });
  // The inbox's job saw the date the day the member joined, long before the milestone.
  await stores.notifications.firstSeen(profile.uid, EXPIRY, "2026-12-01");
  return profile;
}

describe("npm run jobs on a SQLite DATA_DIR", () => {
  const dataDir = tempDir();
  const env = { DATA_DIR: dataDir };

  beforeAll(async () => {
    const stores = openSqliteStores(path.join(dataDir, "klife.sqlite"));
    try {
      const m = await member(stores, "en");
      await stores.reminders.setChoices(m.uid, [{ kind: "visa", channel: "sms", on: true }], Date.now(), "page");
    } finally {
      await stores.close();
    }
  });

  it("lists every job of the server, with its interval", SLOW, async () => {
    const ran = await jobs(["list"], env);
    expect(ran.code, ran.stderr).toBe(0);
    const names = ran.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t")[0]);
    expect(names.sort()).toEqual(
      ["community.photoSweep", "exchangeRates.refresh", "reminders.deliver", "visaReminders.run"].sort(),
    );
    expect(ran.stdout).toContain("reminders.deliver\tevery 15 min");
  });

  it("holds back what falls due in the quiet hours, and says so", SLOW, async () => {
    const night = runLine(await jobs(["run", "reminders.deliver", "--now", NIGHT], env));
    expect(night).toMatchObject({ job: "reminders.deliver", sent: 0, deferred: 1 });
    expect(readOutbox(dataDir)).toHaveLength(0);
  });

  it("runs one job at --now and prints what it did; the same run again sends nothing", SLOW, async () => {
    const first = runLine(await jobs(["run", "reminders.deliver", "--now", DUE], env));
    expect(first).toMatchObject({ job: "reminders.deliver", now: "2027-05-29T23:00:00.000Z", sent: 1, failed: 0 });
    expect(Object.keys(first).slice(0, 2)).toEqual(["job", "now"]);
    const again = runLine(await jobs(["run", "reminders.deliver", "--now", DUE], env));
    expect(again).toMatchObject({ job: "reminders.deliver", sent: 0, failed: 0 });
    const texts = readOutbox(dataDir);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(`Your period of stay ends in one month, on ${EXPIRY}.`);
    // The inbox's job too: the milestone stored once.
    const inbox = runLine(await jobs(["run", "visaReminders.run", "--now", DUE], env));
    expect(inbox).toMatchObject({ job: "visaReminders.run", today: "2027-05-30", created: 1 });
    expect(runLine(await jobs(["run", "visaReminders.run", "--now", DUE], env))).toMatchObject({ created: 0 });
    // Sent: the night's run holds nothing back any more.
    expect(runLine(await jobs(["run", "reminders.deliver", "--now", NIGHT], env))).toMatchObject({ deferred: 0 });
  });

  it("refuses an unknown job or a time it cannot read, with the usage, and runs nothing", SLOW, async () => {
    const unknown = await jobs(["run", "reminders.send"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("reminders.deliver");
    const bad = [["--now", "yesterday"], ["--now", "2027-05-30"], ["--now"], ["--later", DUE]];
    const refused = await Promise.all(bad.map((options) => jobs(["run", "reminders.deliver", ...options], env)));
    refused.forEach((ran, i) => {
      expect(ran.code, bad[i]!.join(" ")).toBe(2);
      expect(ran.stderr).toContain("usage: npm run jobs");
    });
    expect((await jobs([], env)).code).toBe(2);
    expect(readOutbox(dataDir)).toHaveLength(1);
  });
});

describe("passport reminders by npm run jobs on a SQLite DATA_DIR", () => {
  const dataDir = tempDir();
  const env = { DATA_DIR: dataDir };
  /** The passport ends 2028-01-31: 6 months before is 2027-07-31, 1 month before 2027-12-31 (month ends kept). */
  const PASSPORT = "2028-01-31";
  const SIX_MONTHS = "2027-07-31T08:00:00+09:00";
  const ONE_MONTH = "2027-12-31T08:00:00+09:00";
  let uid = "";
  let server: http.Server;
  const pushes: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        pushes.push(req.url ?? "");
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const stores = openSqliteStores(path.join(dataDir, "klife.sqlite"));
    try {
      const m = await member(stores, "en");
      uid = m.uid;
      expect(await stores.members.update(uid, { passportExpiresOn: PASSPORT }, Date.now())).toMatchObject({ ok: true });
      // Entered the day the member joined, long before its first milestone.
      await stores.notifications.firstSeen(uid, passportSeenKey(PASSPORT), "2026-12-01");
      await stores.reminders.setChoices(
        uid,
        [
          { kind: "passport", channel: "sms", on: true },
          { kind: "passport", channel: "push", on: true },
        ],
        Date.now(),
        "page",
      );
      const ecdh = createECDH("prime256v1");
      await stores.reminders.addPushSubscription(
        uid,
        {
          endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/laptop`,
          p256dh: ecdh.generateKeys().toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
        },
        Date.now(),
      );
    } finally {
      await stores.close();
    }
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function inbox() {
    const stores = openSqliteStores(path.join(dataDir, "klife.sqlite"));
    try {
      const page = await stores.notifications.listFor(uid, { after: null, limit: 20 });
      if (!page.ok) throw new Error("the inbox refused its first page");
      return page.items;
    } finally {
      await stores.close();
    }
  }

  it(
    "stores each passport milestone in the inbox once, from two processes at once, and sends it on the chosen channels once",
    SLOW,
    async () => {
      const inboxRuns = await Promise.all(
        [0, 1].map(() => jobs(["run", "visaReminders.run", "--now", SIX_MONTHS], env)),
      );
      const created = inboxRuns.map(runLine).reduce((n, line) => n + Number(line.created), 0);
      expect(created).toBe(1);
      expect(runLine(await jobs(["run", "visaReminders.run", "--now", SIX_MONTHS], env))).toMatchObject({ created: 0 });

      const stored = await inbox();
      expect(stored.map((n) => [n.kind, n.dedupeKey, n.data])).toEqual([
        ["passportReminder", `passport:${PASSPORT}:sixMonths`, { milestone: "sixMonths", expiresOn: PASSPORT }],
      ]);
      // As the inbox page shows it: its sentence in the reader's language, leading to the page with the date.
      const item = inboxItem(stored[0]!, "en", Date.now());
      expect(item).toMatchObject({ href: "/mypage/visa", message: { key: "passport.sixMonths" } });
      const t = (await i18nFor("en")).getFixedT("en", "inbox");
      expect(t(`messages.${item.message.key}`, item.message.values)).toMatch(
        /^Your passport expires in six months, on 2028-01-31\./,
      );

      // The text and the push: one each, however often the day's run is replayed.
      expect(runLine(await jobs(["run", "reminders.deliver", "--now", SIX_MONTHS], env))).toMatchObject({
        sent: 2,
        failed: 0,
      });
      expect(runLine(await jobs(["run", "reminders.deliver", "--now", SIX_MONTHS], env))).toMatchObject({ sent: 0 });
      const texts = readOutbox(dataDir);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toContain(`Your passport expires in six months, on ${PASSPORT}.`);
      expect(pushes).toEqual(["/push/laptop"]);

      // A month before: the second milestone, once more in the inbox and on each channel.
      expect(runLine(await jobs(["run", "visaReminders.run", "--now", ONE_MONTH], env))).toMatchObject({ created: 1 });
      expect(runLine(await jobs(["run", "reminders.deliver", "--now", ONE_MONTH], env))).toMatchObject({ sent: 2 });
      expect((await inbox()).map((n) => n.dedupeKey)).toEqual([
        `passport:${PASSPORT}:oneMonth`,
        `passport:${PASSPORT}:sixMonths`,
      ]);
      expect(
        readOutbox(dataDir)
          .map((m) => m.text)
          .join("\n"),
      ).toContain(`Your passport expires in one month, on ${PASSPORT}.`);
      expect(pushes).toHaveLength(2);
    },
  );
});

describe("two processes on PostgreSQL against a push service that fails once", () => {
  const adminUrl = inject("postgresAdminUrl");
  let databaseUrl = "";
  let server: http.Server;
  const received: Array<{ path: string; status: number; authorization: string }> = [];
  /** The answers the push service gives, in order; then 201. */
  const answers = [500];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const status = answers.shift() ?? 201;
        received.push({ path: req.url ?? "", status, authorization: String(req.headers.authorization ?? "") });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    databaseUrl = await createDatabase(adminUrl, inject("postgresTemplate"));
    const { stores } = await openPostgresStorage(databaseUrl, { max: 2 });
    try {
      const m = await member(stores, "ur");
      await stores.reminders.setChoices(m.uid, [{ kind: "visa", channel: "push", on: true }], Date.now(), "page");
      const ecdh = createECDH("prime256v1");
      await stores.reminders.addPushSubscription(
        m.uid,
        {
          endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/phone`,
          p256dh: ecdh.generateKeys().toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
        },
        Date.now(),
      );
    } finally {
      await stores.close();
    }
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  });

  it("delivers exactly once: a failed attempt, one retry after its backoff, nothing after", SLOW, async () => {
    const env = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "2", DATA_DIR: tempDir() };
    const both = async (at: string) => {
      const runs = await Promise.all([0, 1].map(() => jobs(["run", "reminders.deliver", "--now", at], env)));
      const lines = runs.map(runLine);
      const sum = (key: string) => lines.reduce((n, line) => n + Number(line[key]), 0);
      return { sent: sum("sent"), failed: sum("failed") };
    };
    const due = Date.parse(DUE);
    const iso = (ms: number) => new Date(ms).toISOString();

    // The one attempt of the first runs meets the 500: a failure, retried after 2 minutes.
    expect(await both(iso(due))).toEqual({ sent: 0, failed: 1 });
    expect(received.map((r) => r.status)).toEqual([500]);
    // Before the backoff is over, neither process tries again.
    expect(await both(iso(due + 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
    // After it, exactly one of them does, and the service takes it.
    expect(await both(iso(due + 3 * 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(await both(iso(due + 20 * 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(received.map((r) => r.status)).toEqual([500, 201]);
    expect(received.every((r) => r.path === "/push/phone" && r.authorization.startsWith("vapid t="))).toBe(true);
  });
});
