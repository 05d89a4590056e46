/**
 * The job that sends reminders out of the app (app/visa/reminderDelivery.server.ts) over real stores, with local
 * mode's real text outbox: each reminder once per channel and device across runs and two clients, held through the
 * quiet hours, retried after a failure without sending twice, a gone browser forgotten, the service's wait honoured.
 * The push transport here is the test's recorder (the Web Push sender and its wire format are tested against a push
 * service of the test's own elsewhere).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { outboxSender, readOutbox, type SmsSender } from "~/infra/sms/sender.server";
import type { NewMember } from "~/stores/members";
import type { Stores } from "~/stores/stores";
import {
  runDeliveryJob,
  type DeliveryDeps,
  type PushMessage,
  type PushOutcome,
  type PushSender,
} from "~/visa/reminderDelivery.server";
import { readStopToken } from "~/visa/reminderStop.server";
import { implementations, twoClients } from "./implementations";

const SECRET = "x".repeat(48);
/** An instant written as Seoul's wall clock. */
const kst = (text: string) => Date.parse(`${text}+09:00`);
/** The member's stay ends 2027-06-30: one month before is 2027-05-30, one week 2027-06-23. */
const EXPIRY = "2027-06-30";
const JOINED = kst("2026-12-01T12:00:00");

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function outbox() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-remind-"));
  dirs.push(dir);
  return { dir, sender: outboxSender(dir) };
}

/** A push transport that records what it was given and answers as told, per call. */
function recorder(answers: PushOutcome[] = []) {
  const sent: Array<{ endpoint: string; message: PushMessage }> = [];
  const push: PushSender = {
    async send(subscription, message) {
      sent.push({ endpoint: subscription.endpoint, message });
      return answers.shift() ?? { ok: true };
    },
  };
  return { sent, push };
}

async function member(stores: Stores, language = "vi") {
  const profile: NewMember = {
    uid: randomUUID(),
    name: "Nguyen Van A",
    language,
    phoneNumber: `+8210${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    nationality: "VN",
    visa: "E-9-1",
    visaExpiresOn: EXPIRY,
    signUpMethod: "phone",
    terms: [],
    createdAt: JOINED,
  };
  await stores.members.create(profile);
  // The reminder job saw the date the day the member joined.
  await stores.notifications.firstSeen(profile.uid, EXPIRY, "2026-12-01");
  return profile;
}

const deps = (stores: Stores, sms: SmsSender, push: PushSender | null): DeliveryDeps => ({
  stores,
  sms,
  push,
  origin: "https://k-life.example.kr",
  secret: SECRET,
});

describe.each(implementations)("reminder delivery: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("texts the due milestone once, in Korean and English for a Vietnamese member, with a working opt-out link", async () => {
    const { a, b } = clients;
    const m = await member(a);
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "sms", on: true }], JOINED, "page");
    const { dir, sender } = outbox();
    const at = kst("2027-05-30T08:00:00");
    const sentFrom = Date.now();
    const runs = await Promise.all([
      runDeliveryJob(deps(a, sender, null), at),
      runDeliveryJob(deps(b, sender, null), at),
      runDeliveryJob(deps(a, sender, null), at + 60_000),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const texts = readOutbox(dir);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe(m.phoneNumber);
    const text = texts[0]!.text;
    expect(text).toMatch(/^\[케이라이프\] 체류기간이 한 달 뒤인 2027-06-30에 끝나요\./);
    expect(text).toContain("Your period of stay ends in one month, on 2027-06-30.");
    expect(text).toContain("https://k-life.example.kr/mypage/visa?lng=vi");
    const token = /\/reminders\/stop\?t=([^\s]+)/.exec(text)?.[1];
    // The link works from when it was sent (the wall clock), whatever time the run was given.
    const claim = readStopToken(SECRET, token, Date.now());
    expect(claim).toMatchObject({ uid: m.uid, kind: "visa", channel: "sms" });
    expect(claim!.issuedAt).toBeGreaterThanOrEqual(sentFrom);
    expect(claim!.issuedAt).toBeLessThanOrEqual(Date.now());
  });

  it("sends nothing at 22:00 and sends it at 08:00", async () => {
    const { a } = clients;
    const m = await member(a, "en");
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "sms", on: true }], JOINED, "page");
    const { dir, sender } = outbox();
    const night = await runDeliveryJob(deps(a, sender, null), kst("2027-05-30T22:00:00"));
    expect(night).toMatchObject({ sent: 0, deferred: 1 });
    // Missed at 08:00 on its day (the server was down): held overnight, then sent.
    expect(readOutbox(dir)).toHaveLength(0);
    const morning = await runDeliveryJob(deps(a, sender, null), kst("2027-05-31T08:00:00"));
    expect(morning.sent).toBe(1);
    expect(readOutbox(dir)[0]!.text).toMatch(/^\[K-Life\] Your period of stay ends in one month/);
    // Sent: the next night holds nothing back.
    expect(await runDeliveryJob(deps(a, sender, null), kst("2027-05-31T22:00:00"))).toMatchObject({ deferred: 0 });
  });

  it("retries a failed text after its backoff, and sends it once", async () => {
    const { a, b } = clients;
    const m = await member(a, "ko");
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "sms", on: true }], JOINED, "page");
    const { dir, sender } = outbox();
    let failures = 1;
    const flaky: SmsSender = {
      async send(to, text) {
        if (failures-- > 0) throw new Error("provider answered 500");
        await sender.send(to, text);
      },
    };
    const at = kst("2027-06-23T09:00:00");
    expect(await runDeliveryJob(deps(a, flaky, null), at)).toMatchObject({ sent: 0, failed: 1 });
    // Within the first wait (2 minutes) nobody tries again.
    expect(await runDeliveryJob(deps(b, flaky, null), at + 60_000)).toMatchObject({ sent: 0, failed: 0 });
    const [x, y] = await Promise.all([
      runDeliveryJob(deps(a, flaky, null), at + 2 * 60_000),
      runDeliveryJob(deps(b, flaky, null), at + 2 * 60_000),
    ]);
    expect(x.sent + y.sent).toBe(1);
    expect(readOutbox(dir).map((t) => t.text.split("\n")[0])).toEqual([
      "[케이라이프] 체류기간이 일주일 뒤인 2027-06-30에 끝나요.",
    ]);
  });

  it("pushes to each browser once, in the member's language and direction, opening the reminder's page", async () => {
    const { a, b } = clients;
    const m = await member(a, "ur");
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "push", on: true }], JOINED, "page");
    for (const n of [1, 2]) {
      await a.reminders.addPushSubscription(
        m.uid,
        { endpoint: `https://fcm.googleapis.com/fcm/send/d${n}`, p256dh: "k", auth: "a" },
        JOINED,
      );
    }
    const { sent, push } = recorder();
    const { sender } = outbox();
    const at = kst("2027-06-30T08:15:00");
    await Promise.all([runDeliveryJob(deps(a, sender, push), at), runDeliveryJob(deps(b, sender, push), at)]);
    expect(sent.map((s) => s.endpoint).sort()).toEqual([
      "https://fcm.googleapis.com/fcm/send/d1",
      "https://fcm.googleapis.com/fcm/send/d2",
    ]);
    expect(sent[0]!.message).toMatchObject({
      lang: "ur",
      dir: "rtl",
      url: "https://k-life.example.kr/mypage/visa?lng=ur",
      title: "قیام کی مدت",
      stop: { label: "یاد دہانیاں بند کریں" },
    });
    expect(sent[0]!.message.body).toContain("2027-06-30");
    // Every push carries its opt-out: a link that turns this member's push reminders off.
    expect(sent[0]!.message.stop.url).toMatch(/^https:\/\/k-life\.example\.kr\/reminders\/stop\?t=\S+$/);
  });

  it("forgets a browser its push service says is gone, and waits as long as a 429 asks", async () => {
    const { a } = clients;
    const m = await member(a, "en");
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "push", on: true }], JOINED, "page");
    const gone = "https://fcm.googleapis.com/fcm/send/gone";
    const busy = "https://fcm.googleapis.com/fcm/send/busy";
    await a.reminders.addPushSubscription(m.uid, { endpoint: gone, p256dh: "k", auth: "a" }, JOINED);
    await a.reminders.addPushSubscription(m.uid, { endpoint: busy, p256dh: "k", auth: "a" }, JOINED + 1);
    const hour = 60 * 60_000;
    const { sent, push } = recorder([
      { ok: false, gone: true },
      { ok: false, retryAfterMs: hour, error: "429" },
    ]);
    const { sender } = outbox();
    const at = kst("2027-06-23T10:00:00");
    expect(await runDeliveryJob(deps(a, sender, push), at)).toMatchObject({ gone: 1, failed: 1, sent: 0 });
    expect((await a.reminders.pushSubscriptions(m.uid)).map((s) => s.endpoint)).toEqual([busy]);
    expect((await runDeliveryJob(deps(a, sender, push), at + hour - 1)).sent).toBe(0);
    expect((await runDeliveryJob(deps(a, sender, push), at + hour)).sent).toBe(1);
    expect(sent.map((s) => s.endpoint)).toEqual([gone, busy, busy]);
  });

  it("sends nothing to a channel the member turned off (by its opt-out link)", async () => {
    const { a } = clients;
    const m = await member(a, "en");
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "sms", on: true }], JOINED, "page");
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "sms", on: false }], JOINED + 1, "stopLink");
    const { dir, sender } = outbox();
    await runDeliveryJob(deps(a, sender, null), kst("2027-05-30T09:00:00"));
    expect(readOutbox(dir)).toHaveLength(0);
  });

  it("never reaches a member who withdrew", async () => {
    const { a } = clients;
    const m = await member(a, "en");
    await a.reminders.setChoices(m.uid, [{ kind: "visa", channel: "sms", on: true }], JOINED, "page");
    await a.members.withdraw(m.uid, { at: JOINED + 10, reason: null });
    const { dir, sender } = outbox();
    expect((await runDeliveryJob(deps(a, sender, null), kst("2027-05-30T09:00:00"))).checked).toBe(0);
    expect(readOutbox(dir)).toHaveLength(0);
  });
});
