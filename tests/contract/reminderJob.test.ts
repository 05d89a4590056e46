/**
 * The visa reminder job over real stores: each reminder once (across runs, clock
 * jumps and two clients running it at once), never late for a date just entered,
 * and a changed expiry date with reminders of its own.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { Log } from "~/infra/log.server";
import type { NewMember } from "~/stores/members";
import type { NotificationRecord } from "~/stores/notifications";
import type { Stores } from "~/stores/stores";
import { startScheduler } from "~/server/scheduler.server";
import { runReminderJob, visaReminderJob } from "~/visa/reminderJob.server";
import { seoulDate } from "~/visa/reminders";
import { implementations, twoClients } from "./implementations";

const DAY = 24 * 60 * 60 * 1000;
/** 2026-11-22 10:00 in Seoul. */
const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);

const newMember = (visaExpiresOn: string | null): NewMember => ({
  uid: randomUUID(),
  name: "Nguyen Van A",
  language: "vi",
  phoneNumber: null,
  nationality: "VN",
  visa: "E-9-1",
  visaExpiresOn,
  signUpMethod: "phone",
  terms: [{ document: "privacy", version: "2026-11-01", agreed: true, recordedAt: T0 - DAY }],
  createdAt: T0 - DAY,
});

/** The member's reminders, oldest first, as (milestone, expiry date, Seoul day it was made). */
async function remindersOf(stores: Stores, uid: string) {
  const page = await stores.notifications.listFor(uid, { limit: 100 });
  if (!page.ok) throw new Error("cursor refused");
  return page.items
    .slice()
    .reverse()
    .map((n: NotificationRecord) => {
      expect(n.kind).toBe("visaReminder");
      expect(n.dedupeKey).toBe(`visa:${n.data.expiresOn}:${n.data.milestone}`);
      return `${n.data.expiresOn as string} ${n.data.milestone as string} on ${seoulDate(n.createdAt)}`;
    });
}

/**
 * The stores as the job sees them after the member changed their expiry date
 * (the job reads profiles only through members.page).
 */
function withExpiry(stores: Stores, uid: string, visaExpiresOn: string | null): Stores {
  return {
    ...stores,
    members: {
      ...stores.members,
      async page(query) {
        const page = await stores.members.page(query);
        if (!page.ok) return page;
        return { ...page, items: page.items.map((m) => (m.uid === uid ? { ...m, visaExpiresOn } : m)) };
      },
    },
  };
}

/** Runs the job every `step` from `from` to `to` (both included). */
async function runEvery(stores: Stores, from: number, to: number, step: number) {
  let created = 0;
  for (let at = from; at <= to; at += step) created += (await runReminderJob(stores, at)).created;
  return created;
}

describe.each(implementations)("visa reminder job: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("gives a member whose stay ends in 4 months exactly one reminder, however often it runs", async () => {
    const member = newMember("2027-03-22");
    await clients.a.members.create(member);
    expect(await runReminderJob(clients.a, T0)).toEqual({ today: "2026-11-22", checked: 1, created: 1 });
    expect(await runReminderJob(clients.a, T0 + 15 * 60 * 1000)).toMatchObject({ created: 0 });
    // A restart is another client (another connection) on the same file.
    expect(await runReminderJob(clients.b, new Date(T0 + 5 * 60 * 60 * 1000))).toMatchObject({ created: 0 });
    expect(await remindersOf(clients.a, member.uid)).toEqual(["2027-03-22 windowOpens on 2026-11-22"]);
    expect(await clients.a.notifications.unreadCount(member.uid)).toBe(1);
  });

  it("sends nothing to a member who turned visa reminders off on my page", async () => {
    const member = newMember("2027-03-22");
    await clients.a.members.create(member);
    await clients.a.members.setNotify(member.uid, { visa: false, community: true, notices: true }, T0);
    expect(await runReminderJob(clients.b, T0)).toMatchObject({ created: 0 });
    expect(await remindersOf(clients.a, member.uid)).toEqual([]);
  });

  it("stores each reminder once when two clients run the job at the same time", async () => {
    const members = Array.from({ length: 40 }, () => newMember("2027-03-22"));
    for (const member of members) await clients.a.members.create(member);
    for (let round = 0; round < 3; round++) {
      const runs = await Promise.all([
        runReminderJob(clients.a, T0 + round),
        runReminderJob(clients.b, T0 + round),
        runReminderJob(clients.a, T0 + round),
        runReminderJob(clients.b, T0 + round),
      ]);
      expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(round === 0 ? members.length : 0);
    }
    for (const member of members) expect(await remindersOf(clients.b, member.uid)).toHaveLength(1);
  });

  it("never sends the 4-month or 1-month reminder for a date entered 20 days before it", async () => {
    const member = newMember("2026-12-12");
    await clients.a.members.create(member);
    // Every 6 hours from the day it was entered to well after the expiry date, from both clients.
    await runEvery(clients.a, T0, T0 + 30 * DAY, 6 * 60 * 60 * 1000);
    await runEvery(clients.b, T0 + 3 * 60 * 60 * 1000, T0 + 30 * DAY, 6 * 60 * 60 * 1000);
    expect(await remindersOf(clients.a, member.uid)).toEqual([
      "2026-12-12 oneWeek on 2026-12-05",
      "2026-12-12 expiryDay on 2026-12-12",
    ]);
  });

  it("sends all four reminders, each on its day, for a date known well before", async () => {
    const member = newMember("2027-06-30");
    await clients.a.members.create(member);
    await runEvery(clients.a, T0, Date.UTC(2027, 7, 1), 8 * 60 * 60 * 1000);
    expect(await remindersOf(clients.a, member.uid)).toEqual([
      "2027-06-30 windowOpens on 2027-02-28",
      "2027-06-30 oneMonth on 2027-05-30",
      "2027-06-30 oneWeek on 2027-06-23",
      "2027-06-30 expiryDay on 2027-06-30",
    ]);
  });

  it("does not repeat a reminder when the clock jumps back or forward", async () => {
    const member = newMember("2026-12-12");
    const seenEarly = newMember("2027-03-22");
    await clients.a.members.create(member);
    await clients.a.members.create(seenEarly);
    await runReminderJob(clients.a, T0);
    await runReminderJob(clients.a, Date.UTC(2026, 11, 5, 1)); // oneWeek
    await runReminderJob(clients.b, T0); // back two weeks
    await runReminderJob(clients.b, Date.UTC(2026, 11, 5, 2));
    await runReminderJob(clients.a, Date.UTC(2026, 11, 12, 1)); // expiryDay
    await runReminderJob(clients.a, Date.UTC(2026, 11, 5, 3)); // back again
    expect(await remindersOf(clients.a, member.uid)).toEqual([
      "2026-12-12 oneWeek on 2026-12-05",
      "2026-12-12 expiryDay on 2026-12-12",
    ]);
    // A jump of months: only the latest due milestone, once.
    await runReminderJob(clients.a, Date.UTC(2027, 2, 16, 1));
    await runReminderJob(clients.b, Date.UTC(2027, 2, 16, 2));
    expect(await remindersOf(clients.a, seenEarly.uid)).toEqual([
      "2027-03-22 windowOpens on 2026-11-22",
      "2027-03-22 oneWeek on 2027-03-16",
    ]);
  });

  it("gives a changed expiry date its own reminders and keeps the old date's", async () => {
    const member = newMember("2027-03-22");
    await clients.a.members.create(member);
    await runReminderJob(clients.a, T0);
    // On 2026-12-02 the stay was extended to 2027-05-10 (window opens 2027-01-10: still ahead).
    const extended = withExpiry(clients.a, member.uid, "2027-05-10");
    await runEvery(extended, Date.UTC(2026, 11, 2, 1), Date.UTC(2027, 4, 11, 1), 12 * 60 * 60 * 1000);
    expect(await remindersOf(clients.a, member.uid)).toEqual([
      "2027-03-22 windowOpens on 2026-11-22",
      "2027-05-10 windowOpens on 2027-01-10",
      "2027-05-10 oneMonth on 2027-04-10",
      "2027-05-10 oneWeek on 2027-05-03",
      "2027-05-10 expiryDay on 2027-05-10",
    ]);
  });

  it("does not send a new date's past milestones, and a date changed back does not remind twice", async () => {
    const member = newMember("2027-03-22");
    await clients.a.members.create(member);
    await runReminderJob(clients.a, T0); // 2027-03-22 windowOpens
    // Corrected on 2026-12-02 to 2027-02-15, whose window opened 2026-10-15: no window reminder.
    const corrected = withExpiry(clients.b, member.uid, "2027-02-15");
    await runEvery(corrected, Date.UTC(2026, 11, 2, 1), Date.UTC(2027, 0, 16, 1), 12 * 60 * 60 * 1000);
    // And back to the first date, whose window reminder was already sent.
    await runEvery(clients.a, Date.UTC(2027, 0, 17, 1), Date.UTC(2027, 1, 22, 1), 12 * 60 * 60 * 1000);
    expect(await remindersOf(clients.a, member.uid)).toEqual([
      "2027-03-22 windowOpens on 2026-11-22",
      "2027-02-15 oneMonth on 2027-01-15",
      "2027-03-22 oneMonth on 2027-02-22",
    ]);
  });

  it("gives nothing to members without an expiry date, or whose expiry day has passed", async () => {
    const none = newMember(null);
    const past = newMember("2026-11-21");
    const notADate = newMember("2026-11-31");
    for (const member of [none, past, notADate]) await clients.a.members.create(member);
    expect(await runReminderJob(clients.a, T0)).toEqual({ today: "2026-11-22", checked: 0, created: 0 });
    await runEvery(clients.a, T0, T0 + 400 * DAY, 5 * DAY);
    for (const member of [none, past, notADate]) expect(await remindersOf(clients.a, member.uid)).toEqual([]);
  });

  it("pages through every member", async () => {
    const members = Array.from({ length: 1203 }, () => newMember("2026-11-22"));
    for (const member of members) await clients.a.members.create(member);
    expect(await runReminderJob(clients.a, T0)).toMatchObject({ checked: 1203, created: 1203 });
  });

  it("runs at start and on every interval, logging a failed run and going on", async () => {
    const member = newMember("2027-03-22");
    await clients.a.members.create(member);
    let calls = 0;
    const flaky: Stores = {
      ...clients.a,
      members: {
        ...clients.a.members,
        async page(query) {
          if (++calls === 1) throw new Error("storage unavailable");
          return clients.a.members.page(query);
        },
      },
    };
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Log;
    const { stop } = startScheduler([visaReminderJob({ stores: flaky }, { intervalMs: 20, now: () => T0, log })], {
      log,
    });
    await vi.waitFor(() => expect(log.info).toHaveBeenCalled());
    await stop();
    const runsSoFar = calls;
    expect(log.error).toHaveBeenCalledWith("visaReminders.run", expect.any(Error));
    expect(log.info).toHaveBeenCalledWith("visaReminders.run", { today: "2026-11-22", checked: 1, created: 1 });
    expect(await remindersOf(clients.a, member.uid)).toEqual(["2027-03-22 windowOpens on 2026-11-22"]);
    // Stopped: no further run.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toBe(runsSoFar);
  });
});
