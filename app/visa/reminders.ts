/**
 * Visa expiry reminders: the days, counted from a member's expiry date, on which
 * the app reminds them to extend their stay, and which reminder (if any) is due
 * on a given day. Pure calendar arithmetic on "yyyy-mm-dd" dates in Korea; the
 * job that stores the reminders is reminderJob.server.ts.
 *
 * Source (shared/research/domain-facts.md §2): an extension is applied for on
 * HiKorea (or with help from 1345) from 4 months before the expiry date up to the
 * expiry date itself. Fees and fines are never part of a reminder: published
 * amounts change and conflict.
 */
import { EXTENSION_WINDOW_MONTHS } from "./stay";

/** In the order they fall: each milestone's date is strictly before the next one's. */
export const reminderMilestones = ["windowOpens", "oneMonth", "oneWeek", "expiryDay"] as const;

export type ReminderMilestone = (typeof reminderMilestones)[number];

/** The date ("yyyy-mm-dd", Korea) of every milestone of one expiry date. */
export type ReminderDates = Record<ReminderMilestone, string>;

export interface NextReminder {
  milestone: ReminderMilestone;
  on: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Day {
  year: number;
  /** 1…12 */
  month: number;
  day: number;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The calendar date, or null when the text is not a date that exists (2027-02-30 is none). */
function parseDay(text: string): Day | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const formatDay = ({ year, month, day }: Day) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/**
 * `months` calendar months before `date`, on the same day of the month, or on
 * that month's last day when it is shorter: 4 months before 2027-06-30 is
 * 2027-02-28, 1 month before 2027-03-31 is 2027-02-28 (2028-02-29 in a leap
 * year). The same rule as date-fns' subMonths, which stay.ts uses for the
 * window it shows, so the reminder and the page name the same day.
 */
function monthsBefore(date: Day, months: number): Day {
  const index = date.year * 12 + (date.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

function daysBefore(date: Day, days: number): Day {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day - days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

/**
 * The milestone dates of a stay ending on `expiresOn`: the extension window
 * opening (4 calendar months before), one calendar month before, 7 days before,
 * and the expiry day. Null when `expiresOn` is not a real date.
 */
export function reminderDates(expiresOn: string): ReminderDates | null {
  const expiry = parseDay(expiresOn);
  if (!expiry) return null;
  return {
    windowOpens: formatDay(monthsBefore(expiry, EXTENSION_WINDOW_MONTHS)),
    oneMonth: formatDay(monthsBefore(expiry, 1)),
    oneWeek: formatDay(daysBefore(expiry, 7)),
    expiryDay: formatDay(expiry),
  };
}

/**
 * The one reminder to create on `today` for a stay ending on `expiresOn`, whose
 * date the job first saw on `firstSeenOn`: the latest milestone dated between
 * `firstSeenOn` and `today` (both included). So a milestone already past when the
 * date was entered is never sent, and after a pause of the job only the latest
 * of several due milestones is (the earlier ones are stale by then). Null after
 * the expiry day, and when any of the dates is not a real date.
 */
export function dueReminder(expiresOn: string, today: string, firstSeenOn: string): ReminderMilestone | null {
  return latestDue(reminderMilestones, reminderDates(expiresOn), expiresOn, today, firstSeenOn);
}

/** The latest of `order`'s milestones dated between `firstSeenOn` and `today` (both included), none after `expiresOn`. */
function latestDue<M extends string>(
  order: readonly M[],
  dates: Record<M, string> | null,
  expiresOn: string,
  today: string,
  firstSeenOn: string,
): M | null {
  if (!dates || !parseDay(today) || !parseDay(firstSeenOn) || today > expiresOn) return null;
  // "yyyy-mm-dd" strings of real dates compare as the dates do.
  for (const milestone of [...order].reverse()) {
    const on = dates[milestone];
    if (on <= today && on >= firstSeenOn) return milestone;
  }
  return null;
}

/**
 * Passport reminders: 6 calendar months and 1 calendar month before the passport's expiry (the same month-end
 * rule as the visa's). A stay is granted only within the passport's validity (domain facts §2), so a passport that
 * ends first ends the stay first.
 */
export const passportMilestones = ["sixMonths", "oneMonth"] as const;

export type PassportMilestone = (typeof passportMilestones)[number];

/** The date ("yyyy-mm-dd", Korea) of each passport milestone, or null when `expiresOn` is not a real date. */
export function passportReminderDates(expiresOn: string): Record<PassportMilestone, string> | null {
  const expiry = parseDay(expiresOn);
  if (!expiry) return null;
  return { sixMonths: formatDay(monthsBefore(expiry, 6)), oneMonth: formatDay(monthsBefore(expiry, 1)) };
}

/** The passport reminder to create on `today` (the rule of `dueReminder`: never one already past when first seen). */
export function duePassportReminder(expiresOn: string, today: string, firstSeenOn: string): PassportMilestone | null {
  return latestDue(passportMilestones, passportReminderDates(expiresOn), expiresOn, today, firstSeenOn);
}

/**
 * The key under which the reminder jobs keep the day they first saw a passport's expiry date (a visa's is the
 * date itself): its own, so a passport ending on the day the visa does is not taken as seen when the visa was.
 */
export const passportSeenKey = (expiresOn: string) => `passport:${expiresOn}`;

/**
 * The next reminder after `today` (for "next reminder on …"): the first milestone
 * dated after today. Today's own milestone is not "next": the job sends it
 * within its first run of the day. Null when none is left or a date is not real.
 */
export function nextReminder(expiresOn: string, today: string): NextReminder | null {
  const dates = reminderDates(expiresOn);
  if (!dates || !parseDay(today)) return null;
  const milestone = reminderMilestones.find((m) => dates[m] > today);
  return milestone ? { milestone, on: dates[milestone] } : null;
}

const seoulFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date ("yyyy-mm-dd") in Korea at an instant (a Date or ms since the epoch). */
export function seoulDate(now: Date | number): string {
  const parts = seoulFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return formatDay({ year: part("year"), month: part("month"), day: part("day") });
}
