/**
 * The visa reminder job: in the server process, at start and then every
 * REMINDER_JOB_INTERVAL_MS, every member with an expiry date gets the reminder
 * due today (Asia/Seoul), stored as a notification (app/visa/reminders.ts says
 * which one); a member with a passport expiry date (/mypage/visa) gets its
 * reminders too (6 months and 1 month before, `passportReminder`), by the same rules.
 *
 * Safe to run any number of times and in any number of processes at once: a
 * reminder's dedupe key (`visa:{expiresOn}:{milestone}`) is unique per member in
 * the store, and the day a date was first seen is written once, so a restart, a
 * clock jump or a second process never stores a reminder twice.
 *
 * A changed expiry date: the old date's reminders are kept, read or not. Each
 * names the date it was for (`data.expiresOn`), so the inbox can tell an old one
 * from a current one, and a date changed back never reminds twice (deleting them
 * would let the same reminder be made again). The new date is a date first seen
 * now: its past milestones are never sent.
 *
 * Appointments (issue 43): each member's stored appointment gets the inbox reminder of its occasion due now (19:00
 * the evening before, 08:00 on the day: reminderSchedule.ts), keyed `appointment:{id}:{milestone}`. An appointment
 * changed or deleted has a new id or none, so its old occasions are never stored after; one already past when it
 * was saved (its day before the save's) is never stored.
 */
import type { Services } from "~/context";
import { log as defaultLog, type Log } from "~/infra/log.server";
import type { Stores } from "~/stores/stores";
import { seoulDateTime } from "./immigrationOffices";
import { appointmentOccasions } from "./reminderSchedule";
import {
  duePassportReminder,
  dueReminder,
  passportReminderDates,
  passportSeenKey,
  reminderDates,
  seoulDate,
} from "./reminders";

/** Often enough that a reminder comes early on its day, rarely enough to cost nothing. */
export const REMINDER_JOB_INTERVAL_MS = 15 * 60 * 1000;

const MEMBERS_PER_PAGE = 500;

export interface ReminderRun {
  /** The Seoul date the run used. */
  today: string;
  /** Members with a visa or passport expiry date today or later. */
  checked: number;
  /** Reminders stored by this run (not by another process). */
  created: number;
}

/** The dedupe key of one reminder: one per member, expiry date and milestone. */
export const reminderKey = (expiresOn: string, milestone: string) => `visa:${expiresOn}:${milestone}`;

/** The dedupe key of one passport reminder: one per member, passport expiry date and milestone. */
export const passportReminderKey = (expiresOn: string, milestone: string) => `passport:${expiresOn}:${milestone}`;

/** One pass over every member at `now`: stores each reminder due today. */
export async function runReminderJob(
  stores: Pick<Stores, "members" | "notifications" | "reminders">,
  now: Date | number,
  clock: () => number = Date.now,
): Promise<ReminderRun> {
  const at = typeof now === "number" ? now : now.getTime();
  // One day for the whole run, even when it crosses midnight.
  const today = seoulDate(at);
  // A date first seen now is recorded on the run's day, never after the wall clock's: a run as at a later time
  // (`npm run jobs -- run … --now`) must not mark it seen in the future and silence the milestones before.
  const seenToday = seoulDate(Math.min(at, clock()));
  const run: ReminderRun = { today, checked: 0, created: 0 };
  let after: string | null = null;
  do {
    const page = await stores.members.page({ after, limit: MEMBERS_PER_PAGE });
    if (!page.ok) throw new Error("the members store refused its own cursor");
    for (const member of page.items) {
      const visaOn = member.visaExpiresOn;
      const passportOn = member.passportExpiresOn;
      // No date, not a date, or past the expiry day: nothing, and nothing recorded.
      const visa = visaOn && reminderDates(visaOn) && visaOn >= today ? visaOn : null;
      const passport = passportOn && passportReminderDates(passportOn) && passportOn >= today ? passportOn : null;
      if (!visa && !passport) continue;
      run.checked++;
      const due: Array<{
        kind: "visaReminder" | "passportReminder";
        dedupeKey: string;
        milestone: string;
        on: string;
      }> = [];
      if (visa) {
        const milestone = dueReminder(visa, today, await stores.notifications.firstSeen(member.uid, visa, seenToday));
        if (milestone) due.push({ kind: "visaReminder", dedupeKey: reminderKey(visa, milestone), milestone, on: visa });
      }
      if (passport) {
        const firstSeenOn = await stores.notifications.firstSeen(member.uid, passportSeenKey(passport), seenToday);
        const milestone = duePassportReminder(passport, today, firstSeenOn);
        if (milestone) {
          due.push({
            kind: "passportReminder",
            dedupeKey: passportReminderKey(passport, milestone),
            milestone,
            on: passport,
          });
        }
      }
      if (due.length === 0) continue;
      // Read at the last moment: the member's choice on my page (and a withdrawal since the page was read).
      // The passport's reminders go with the visa's: both say when the stay can end.
      const settings = await stores.members.settings(member.uid);
      if (!settings?.notify.visa) continue;
      for (const reminder of due) {
        const { created } = await stores.notifications.add({
          uid: member.uid,
          kind: reminder.kind,
          dedupeKey: reminder.dedupeKey,
          data: { milestone: reminder.milestone, expiresOn: reminder.on },
          createdAt: at,
        });
        if (created) run.created++;
      }
    }
    after = page.next;
  } while (after);
  run.created += await storeAppointmentReminders(stores, at);
  return run;
}

/** The dedupe key of one appointment reminder in the inbox. */
export const appointmentReminderKey = (id: string, milestone: string) => `appointment:${id}:${milestone}`;

/** Stores the inbox reminder of every appointment whose occasion is due at `at`; how many were stored. */
async function storeAppointmentReminders(stores: Pick<Stores, "members" | "notifications" | "reminders">, at: number) {
  let created = 0;
  let after: string | null = null;
  for (;;) {
    const page = await stores.reminders.appointmentsFrom(at, after, MEMBERS_PER_PAGE);
    for (const appointment of page) {
      const savedOn = seoulDate(appointment.savedAt);
      const due = appointmentOccasions(appointment.id, appointment.startsAt).find(
        (o) => o.at <= at && at < o.until && seoulDate(o.at) >= savedOn,
      );
      if (!due) continue;
      const settings = await stores.members.settings(appointment.uid);
      if (!settings?.notify.visa) continue;
      const { date, time } = seoulDateTime(appointment.startsAt);
      const stored = await stores.notifications.add({
        uid: appointment.uid,
        kind: "appointmentReminder",
        dedupeKey: appointmentReminderKey(appointment.id, due.milestone),
        data: { milestone: due.milestone, date, time, office: appointment.office },
        createdAt: at,
      });
      if (stored.created) created++;
    }
    if (page.length < MEMBERS_PER_PAGE) break;
    after = page[page.length - 1]?.uid ?? null;
  }
  return created;
}

/**
 * The job for the scheduler (app/server/scheduler.server.ts): at start and every
 * `intervalMs`, one run over every member; a run that stored reminders says so.
 */
export function visaReminderJob(
  services: Pick<Services, "stores">,
  options: { intervalMs?: number; now?: () => number; log?: Pick<Log, "info"> } = {},
) {
  const { intervalMs = REMINDER_JOB_INTERVAL_MS, now = Date.now, log = defaultLog } = options;
  return {
    name: "visaReminders.run",
    intervalMs,
    async run(at = now()) {
      const run = await runReminderJob(services.stores, at);
      if (run.created > 0) log.info("visaReminders.run", { ...run });
      return { ...run };
    },
  };
}
