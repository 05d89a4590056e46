/**
 * When a reminder may leave the app (issue 42): the occasions of each kind a member can opt in to, as instants,
 * and the quiet hours no push or text message is sent in. Pure arithmetic on Seoul time, which has no daylight
 * saving (not since 1988), so an instant in Seoul is UTC + 9 h throughout.
 *
 * Kinds (a member chooses channels per kind on /mypage/reminders):
 * - `visa`: the four milestones of app/visa/reminders.ts, at 08:00 on their day;
 * - `passport`: 6 months and 1 month before the passport's expiry, at 08:00 (a stay is granted only within the
 *   passport's validity since 2021-07-01, domain facts §2, so a passport that ends first ends the stay first);
 * - `appointment`: 19:00 the evening before and 08:00 on the day (none after the appointment has begun).
 *
 * The inbox keeps its own daily rule (reminderJob.server.ts); this module decides the outbound channels.
 */
import type { ReminderChannel, ReminderKind } from "~/stores/reminders";
import { passportMilestones, passportReminderDates, reminderDates, reminderMilestones, seoulDate } from "./reminders";

export { reminderKinds, reminderChannels, outboundChannels, channelField } from "~/stores/reminders";
export type { ReminderKind, ReminderChannel, OutboundChannel } from "~/stores/reminders";

export { passportMilestones } from "./reminders";
export const appointmentMilestones = ["eveningBefore", "morning"] as const;

export type ReminderMilestoneOf = {
  visa: (typeof reminderMilestones)[number];
  passport: (typeof passportMilestones)[number];
  appointment: (typeof appointmentMilestones)[number];
};

/** One moment a reminder of a kind is due. */
export interface ReminderOccasion {
  kind: ReminderKind;
  milestone: string;
  /** What it is about: the expiry date ("yyyy-mm-dd") or the appointment's id. */
  about: string;
  /** ms since the epoch: from when it may be sent. */
  at: number;
  /** ms since the epoch: after this it is stale and never sent (the next occasion has come, or the day is over). */
  until: number;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SEOUL_OFFSET = 9 * HOUR;
/** No push or text message from 21:00 to 08:00 in Seoul. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** The hour a dated reminder is due on its day: the end of the quiet hours. */
const MORNING_HOUR = QUIET_UNTIL_HOUR;
const EVENING_HOUR = 19;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant of `hour`:00 in Seoul on `day` ("yyyy-mm-dd"); null when the day is not a real date. */
export function seoulInstant(day: string, hour: number): number | null {
  const match = DATE.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null;
  return utc + hour * HOUR - SEOUL_OFFSET;
}

/** The hour of the day (0–23) in Seoul at an instant. */
export const seoulHour = (at: number) => new Date(at + SEOUL_OFFSET).getUTCHours();

export const isQuietHour = (at: number) => {
  const hour = seoulHour(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
};

/** `at` itself outside the quiet hours, otherwise the 08:00 in Seoul that ends them. */
export function afterQuietHours(at: number): number {
  if (!isQuietHour(at)) return at;
  const today = seoulInstant(seoulDate(at), MORNING_HOUR) as number;
  return at < today ? today : today + DAY;
}

/** Occasions of dated milestones: each due at 08:00 on its day, stale when the next one is due. */
function datedOccasions(kind: ReminderKind, about: string, days: Array<[string, string]>, lastUntil: number) {
  const occasions: ReminderOccasion[] = [];
  days.forEach(([milestone, day], index) => {
    const at = seoulInstant(day, MORNING_HOUR) as number;
    const next = days[index + 1];
    occasions.push({
      kind,
      milestone,
      about,
      at,
      until: next ? (seoulInstant(next[1], MORNING_HOUR) as number) : lastUntil,
    });
  });
  return occasions;
}

/** The visa milestones as occasions; the last (the expiry day) is stale at the end of that day. */
export function visaOccasions(expiresOn: string): ReminderOccasion[] {
  const dates = reminderDates(expiresOn);
  if (!dates) return [];
  const endOfDay = (seoulInstant(expiresOn, 0) as number) + DAY;
  return datedOccasions(
    "visa",
    expiresOn,
    reminderMilestones.map((m) => [m, dates[m]]),
    endOfDay,
  );
}

/** 6 months and 1 month before the passport's expiry; the last is stale when the passport has expired. */
export function passportOccasions(expiresOn: string): ReminderOccasion[] {
  const dates = passportReminderDates(expiresOn);
  if (!dates) return [];
  return datedOccasions(
    "passport",
    expiresOn,
    passportMilestones.map((m) => [m, dates[m]]),
    (seoulInstant(expiresOn, 0) as number) + DAY,
  );
}

/**
 * 19:00 the evening before (stale at 08:00 on the day, when the morning one is due) and 08:00 on the day (stale
 * when the appointment begins). An appointment before 08:00 gets only the evening one, stale at its start.
 */
export function appointmentOccasions(id: string, startsAt: number): ReminderOccasion[] {
  const day = seoulDate(startsAt);
  const morning = seoulInstant(day, MORNING_HOUR) as number;
  const evening = morning - MORNING_HOUR * HOUR - (24 - EVENING_HOUR) * HOUR;
  const occasions: ReminderOccasion[] = [];
  if (evening < startsAt) {
    occasions.push({
      kind: "appointment",
      milestone: "eveningBefore",
      about: id,
      at: evening,
      until: Math.min(morning, startsAt),
    });
  }
  if (morning < startsAt) {
    occasions.push({ kind: "appointment", milestone: "morning", about: id, at: morning, until: startsAt });
  }
  return occasions;
}

/**
 * The occasion to send now, if any: the one whose time has come and that is not stale, not one the member
 * was not told of in time (due on a day before `firstSeenAt`'s, when the date was entered: the inbox's rule, so
 * a milestone already past is never sent late), and never in the quiet hours (it waits: a run at 08:00 sends it,
 * if it is not stale by then).
 */
export function dueOccasion(occasions: ReminderOccasion[], now: number, firstSeenAt: number): ReminderOccasion | null {
  if (isQuietHour(now)) return null;
  const firstDay = seoulDate(firstSeenAt);
  return occasions.find((o) => o.at <= now && now < o.until && seoulDate(o.at) >= firstDay) ?? null;
}

/** The delivery key of one occasion on one channel: unique per member, claimed before anything is sent. */
export const deliveryKey = (
  occasion: Pick<ReminderOccasion, "kind" | "about" | "milestone">,
  channel: ReminderChannel,
) => `${occasion.kind}:${occasion.about}:${occasion.milestone}:${channel}`;
