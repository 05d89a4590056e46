/**
 * How a member's period of stay stands on a given day: days left, and whether the
 * extension window is open.
 *
 * Source (shared/research/domain-facts.md §2): an extension is applied for from
 * 4 months before the expiry date up to the expiry date itself (gov.kr foreigner
 * portal m010102; 법무부 2017 notice). Dates are calendar dates in Korea ("yyyy-mm-dd"),
 * as stored on the profile and as the server reads today in Asia/Seoul.
 */
import { differenceInCalendarDays, format, isValid, parseISO, subMonths } from "date-fns";

export const EXTENSION_WINDOW_MONTHS = 4;

/** `upcoming`: before the window; `extensionOpen`: the window (expiry day included); `expired`: after it. */
export type StayState = "upcoming" | "extensionOpen" | "expired";

export interface StayOutlook {
  expiresOn: string;
  /** Days from today to the expiry date: 0 on the last day, negative once it has passed. */
  daysLeft: number;
  /** The first day an extension can be applied for. */
  extensionFrom: string;
  state: StayState;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day "yyyy-mm-dd" as a local date, or null when it is not one (also used by finance/severance.ts). */
export function parseDay(day: string): Date | null {
  if (!DATE.test(day)) return null;
  const date = parseISO(day);
  // parseISO rolls 2026-02-30 over to March: a date that does not exist is no date.
  return isValid(date) && format(date, "yyyy-MM-dd") === day ? date : null;
}

/** The outlook for a stay ending on `expiresOn`, seen on `today`; null when either is not a real date. */
export function stayOutlook(expiresOn: string, today: string): StayOutlook | null {
  const expiry = parseDay(expiresOn);
  const now = parseDay(today);
  if (!expiry || !now) return null;
  const daysLeft = differenceInCalendarDays(expiry, now);
  // subMonths keeps the day of the month, or the month's last day when it has fewer (31 Jul → 31 Mar, 30 Jun → 28 Feb).
  const opens = subMonths(expiry, EXTENSION_WINDOW_MONTHS);
  const state: StayState =
    daysLeft < 0 ? "expired" : differenceInCalendarDays(now, opens) >= 0 ? "extensionOpen" : "upcoming";
  return { expiresOn, daysLeft, extensionFrom: format(opens, "yyyy-MM-dd"), state };
}
