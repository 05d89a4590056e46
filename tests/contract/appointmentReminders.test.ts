/**
 * Appointment reminders (issue 43) over real stores: a member's stored appointment at an immigration office gets
 * its two reminders — 19:00 the evening before and 08:00 on the day — in the inbox (reminderJob.server.ts) and on
 * the channels the member chose (reminderDelivery.server.ts, local mode's real text outbox), each once however often
 * the jobs run; a changed appointment reminds of the new time only, a deleted one of nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { outboxSender, readOutbox } from "~/infra/sms/sender.server";
import type { Stores } from "~/stores/stores";
import { runDeliveryJob } from "~/visa/reminderDelivery.server";
import { runReminderJob } from "~/visa/reminderJob.server";
import { implementations, twoClients } from "./implementations";

/** An instant written as Seoul's wall clock. */
const kst = (text: string) => Date.parse(`${text}+09:00`);
const SAVED = kst("2026-12-03T12:00:00");
const STARTS = kst("2026-12-10T10:30:00");
const QUARTER = 15 * 60 * 1000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function memberWithAppointment(stores: Stores) {
  const uid = randomUUID();
  await stores.members.create({
    uid,
    name: "Tran Thi B",
    language: "en",
    phoneNumber: `+8210${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    nationality: "VN",
    visa: "E-9-1",
    visaExpiresOn: null,
    signUpMethod: "phone",
    terms: [],
    createdAt: SAVED,
  });
  const id = randomUUID();
  expect(await stores.reminders.setAppointment(uid, { id, office: "suwon", startsAt: STARTS, savedAt: SAVED })).toBe(
    true,
  );
  await stores.reminders.setChoices(uid, [{ kind: "appointment", channel: "sms", on: true }], SAVED, "page");
  return { uid, id };
}

/** Runs both jobs every quarter hour from `from` to `to`, as the scheduler does. */
async function runJobs(stores: Stores, from: number, to: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-appt-"));
  dirs.push(dir);
  const sms = outboxSender(dir);
  const deps = { stores, sms, push: null, origin: "https://k-life.example.kr", secret: "x".repeat(48) };
  for (let at = from; at <= to; at += QUARTER) {
    await runReminderJob(stores, at);
    await runDeliveryJob(deps, at);
  }
  return readOutbox(dir);
}

async function inbox(stores: Stores, uid: string) {
  const page = await stores.notifications.listFor(uid, { limit: 100 });
  if (!page.ok) throw new Error("cursor refused");
  return page.items
    .slice()
    .reverse()
    .map((n) => ({ kind: n.kind, key: n.dedupeKey, data: n.data, at: new Date(n.createdAt).toISOString() }));
}

describe.each(implementations)("appointment reminders: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("reminds at 19:00 the evening before and at 08:00 on the day, each once, in the inbox and by text", async () => {
    const { a, b } = clients;
    const m = await memberWithAppointment(a);
    const texts = await runJobs(a, kst("2026-12-09T00:00:00"), kst("2026-12-10T12:00:00"));
    // A second process running the same day again stores and sends nothing more.
    const again = await runJobs(b, kst("2026-12-09T18:00:00"), kst("2026-12-10T09:00:00"));
    expect(again).toEqual([]);
    expect(await inbox(a, m.uid)).toEqual([
      {
        kind: "appointmentReminder",
        key: `appointment:${m.id}:eveningBefore`,
        data: { milestone: "eveningBefore", date: "2026-12-10", time: "10:30", office: "suwon" },
        at: new Date(kst("2026-12-09T19:00:00")).toISOString(),
      },
      {
        kind: "appointmentReminder",
        key: `appointment:${m.id}:morning`,
        data: { milestone: "morning", date: "2026-12-10", time: "10:30", office: "suwon" },
        at: new Date(kst("2026-12-10T08:00:00")).toISOString(),
      },
    ]);
    // The outbox lists the newest first: the evening's text and the morning's, each once.
    const firstLines = texts.map((t) => t.text.split("\n")[0]).sort();
    expect(firstLines).toEqual([
      "[K-Life] Reminder: your appointment is today at 10:30.",
      "[K-Life] Reminder: your appointment is tomorrow, 2026-12-10 at 10:30.",
    ]);
    for (const t of texts) expect(t.text).toContain("https://k-life.example.kr/mypage/visa/appointment?lng=en");
  });

  it("reminds of the new time only after a change, and of nothing after a delete", async () => {
    const { a } = clients;
    const m = await memberWithAppointment(a);
    const moved = kst("2026-12-11T14:00:00");
    const savedAgain = kst("2026-12-09T12:00:00");
    await a.reminders.setAppointment(m.uid, {
      id: randomUUID(),
      office: "ansan",
      startsAt: moved,
      savedAt: savedAgain,
    });
    const texts = await runJobs(a, kst("2026-12-09T12:00:00"), kst("2026-12-11T15:00:00"));
    expect(texts.map((t) => t.text.split("\n")[0])).toHaveLength(2);
    const items = await inbox(a, m.uid);
    expect(items.map((n) => [n.data.milestone, n.data.date, n.data.time, n.at])).toEqual([
      ["eveningBefore", "2026-12-11", "14:00", new Date(kst("2026-12-10T19:00:00")).toISOString()],
      ["morning", "2026-12-11", "14:00", new Date(kst("2026-12-11T08:00:00")).toISOString()],
    ]);
    expect(items.some((n) => n.key.startsWith(`appointment:${m.id}:`))).toBe(false);

    const other = await memberWithAppointment(a);
    expect(await a.reminders.deleteAppointment(other.uid)).toBe(true);
    expect(await runJobs(a, kst("2026-12-09T18:00:00"), kst("2026-12-10T09:00:00"))).toEqual([]);
    expect(await inbox(a, other.uid)).toEqual([]);
  });

  it("never keeps an appointment for a member who has gone", async () => {
    const { a } = clients;
    expect(
      await a.reminders.setAppointment(randomUUID(), {
        id: randomUUID(),
        office: "seoul",
        startsAt: STARTS,
        savedAt: SAVED,
      }),
    ).toBe(false);
  });
});
