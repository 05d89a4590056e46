/**
 * Two built servers, their schedulers on, sharing one database (decision 0104's open point): a SQLite file in one
 * DATA_DIR, and a PostgreSQL database with the run's Auth emulator as decisions 0075/0076 set them up. A member with
 * a visa reminder due today and the text and push channels on gets it exactly once on each channel — one text in the
 * outbox, one request to a push service of the test's own on loopback, one notification in the inbox — though both
 * servers start the same jobs on the same rows. The servers run as at 10:00 in Seoul (a clock shifted by a preload,
 * tests/support/shiftedClock.mjs), so the quiet hours never decide the outcome by the hour the test runs at. Every
 * wait is bounded.
 */
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPostgresStorage } from "~/infra/postgres/stores.server";
import { readOutbox } from "~/infra/sms/sender.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { Stores } from "~/stores/stores";
import { reminderDates, seoulDate } from "~/visa/reminders";
import { createDatabase, dropDatabase } from "../support/postgres";
import { launch, localEnv, makeDataDir, type RunningServer } from "../support/server";
import { waitFor } from "../support/waitFor";

const SLOW = { timeout: 240_000 };
const DAY = 24 * 60 * 60 * 1000;
const clockHook = pathToFileURL(path.resolve(__dirname, "../support/shiftedClock.mjs")).href;

/** The next 10:00 in Seoul at least a minute away, and the visa expiry whose one-week reminder falls that day. */
function dueMorning() {
  const real = Date.now();
  let at = Date.parse(`${seoulDate(real)}T10:00:00+09:00`);
  if (at < real + 60_000) at += DAY;
  const expiry = seoulDate(at + 7 * DAY);
  expect(reminderDates(expiry)?.oneWeek).toBe(seoulDate(at));
  return { shift: at - real, expiry };
}

/** A push service of the test's own on loopback: it counts the requests and answers 201 Created. */
async function pushService() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push(req.url ?? "");
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { origin, received, close };
}

/** A member whose one-week reminder is due, texts and pushes on, one browser. */
async function dueMember(stores: Stores, expiry: string, endpoint: string) {
  const uid = `two-${randomUUID()}`;
  const phoneNumber = `+8210${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  expect(
    await stores.members.create({
      uid,
      name: "Due Member",
      language: "en",
      phoneNumber,
      nationality: "VN",
      visa: "E-9",
      visaExpiresOn: expiry,
      signUpMethod: "phone",
      terms: [],
      createdAt: Date.now() - 30 * DAY,
    }),
  ).toEqual({ ok: true });
  // The date was entered a month ago: today's milestone is one it was entered in time for.
  await stores.notifications.firstSeen(uid, expiry, seoulDate(Date.now() - 30 * DAY));
  await stores.reminders.setChoices(
    uid,
    [
      { kind: "visa", channel: "sms", on: true },
      { kind: "visa", channel: "push", on: true },
    ],
    Date.now(),
    "page",
  );
  await stores.reminders.addPushSubscription(
    uid,
    {
      endpoint,
      p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
    Date.now(),
  );
  return { uid, phoneNumber };
}

/** Both servers started on `env` with the shifted clock, one after the other (the first makes the secret). */
async function twoServers(dataDir: string, env: Record<string, string>, shift: number) {
  const servers: RunningServer[] = [];
  const shared = {
    ...env,
    AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
    FIREBASE_PROJECT_ID: inject("authProjectId"),
    SHUTDOWN_TIMEOUT_MS: "3000",
    CLOCK_SHIFT_MS: String(shift),
    NODE_OPTIONS: `--import=${clockHook}`,
  };
  try {
    servers.push(await launch(await localEnv(dataDir, shared), dataDir));
    servers.push(await launch(await localEnv(dataDir, shared), dataDir));
  } catch (error) {
    for (const server of servers) await server.stop("SIGKILL").catch(() => undefined);
    throw error;
  }
  return servers;
}

/** Waits until each channel has what it should, then a little longer, and says how many of each arrived. */
async function deliveredOnce(
  stores: Stores,
  outbox: (limit: number) => Promise<Array<{ to: string; text: string }>>,
  member: { uid: string; phoneNumber: string },
  push: { received: string[] },
  expiry: string,
) {
  const texts = async () => (await outbox(1000)).filter((m) => m.to === member.phoneNumber);
  const inbox = async () => {
    const page = await stores.notifications.listFor(member.uid, { after: null, limit: 20 });
    return page.ok ? page.items.filter((n) => n.kind === "visaReminder") : [];
  };
  await waitFor("a text in the outbox", async () => (await texts()).length > 0, { within: 90_000, every: 250 });
  await waitFor("a push at the service", () => push.received.length > 0, { within: 90_000, every: 250 });
  await waitFor("a reminder in the inbox", async () => (await inbox()).length > 0, { within: 90_000, every: 250 });
  // Both servers have run their start-up jobs by now; leave room for a late second send to show.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const sms = await texts();
  expect(sms).toHaveLength(1);
  expect(sms[0]!.text).toContain(`Your period of stay ends in one week, on ${expiry}.`);
  expect(push.received).toEqual(["/push/phone"]);
  expect((await inbox()).map((n) => n.dedupeKey)).toEqual([`visa:${expiry}:oneWeek`]);
}

describe("two servers with their schedulers on one SQLite file", () => {
  const dataDir = makeDataDir();
  let servers: RunningServer[] = [];
  let push: Awaited<ReturnType<typeof pushService>> | null = null;
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL").catch(() => undefined);
    await push?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("deliver a due reminder once per channel: one text, one push, one inbox item", SLOW, async () => {
    const { shift, expiry } = dueMorning();
    push = await pushService();
    const stores = openSqliteStores(path.join(dataDir, "klife.sqlite"));
    try {
      const member = await dueMember(stores, expiry, `${push.origin}/push/phone`);
      servers = await twoServers(dataDir, {}, shift);
      await deliveredOnce(stores, async (limit) => readOutbox(dataDir, limit), member, push, expiry);
    } finally {
      await stores.close();
    }
  });
});

describe("two servers with their schedulers on one PostgreSQL database", () => {
  const dataDir = makeDataDir();
  let servers: RunningServer[] = [];
  let push: Awaited<ReturnType<typeof pushService>> | null = null;
  let databaseUrl = "";
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL").catch(() => undefined);
    await push?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(inject("postgresAdminUrl"), databaseUrl);
  });

  it("deliver a due reminder once per channel: one text, one push, one inbox item", SLOW, async () => {
    const { shift, expiry } = dueMorning();
    push = await pushService();
    databaseUrl = await createDatabase(inject("postgresAdminUrl"), inject("postgresTemplate"));
    // Texts wait in the database's outbox when the servers keep their data there.
    const { stores, outbox } = await openPostgresStorage(databaseUrl, { max: 2 });
    try {
      const member = await dueMember(stores, expiry, `${push.origin}/push/phone`);
      servers = await twoServers(dataDir, { DATABASE_URL: databaseUrl }, shift);
      await deliveredOnce(stores, (limit) => outbox.read(limit), member, push, expiry);
    } finally {
      await stores.close();
    }
  });
});
