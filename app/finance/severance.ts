/**
 * What a worker is owed on leaving: severance pay (퇴직급여보장법 §8, §9) and annual leave (근로기준법 §60), from the
 * dates of service and the last three months' pay, in whole won with no floating point (docs/decisions/0106).
 *
 * - `end` is the leaving day as the Ministry of Employment and Labor's calculator takes it (퇴사일: the day after
 *   the last day worked). The days of service are `end − start`.
 * - Severance is owed for a year of service or more (a calendar year: `end` on or after the first anniversary of
 *   `start`, so a year holding 29 February counts 366 days) at 15 hours a week or more: 30 days' average wage per
 *   365 days of service, pro rata.
 * - The average wage (근로기준법 §2(1)6): the wages of the three calendar months before `end` over the days in
 *   them; a yearly bonus and the pay for unused leave count for 3/12 of them (the Ministry's rule, ◐ as the rules
 *   content says). Exact ratios throughout; the answers are truncated to the won.
 * - Severance is due within 14 days of leaving (§9): by `end` + 14 days.
 * - Annual leave (§60): in the first year 1 day for each month completed (at most 11); from a year at 80 %
 *   attendance 15 days, 1 more for every 2 years after the first, at most 25. A year's days are owed once the
 *   employment runs past its last day (`end` after the anniversary: one year exactly earns the 11 monthly days,
 *   not the 15). Not owed at workplaces of fewer than 5 employees (§11).
 */
import { addDays, addMonths, addYears, differenceInCalendarDays, format, subMonths } from "date-fns";
import { parseDay } from "~/visa/stay";
import { type AmountProblem, parseAmount, readDecimalInput } from "./money";
import { type HoursProblem, monthlyPaidHours, parseWeeklyHours, PAY_LIMITS } from "./pay";

export const SEVERANCE_LIMITS = {
  /** A hundred billion won: beyond any three months' pay, far inside exact arithmetic. */
  maxAmount: 10n ** 11n,
  /** Longer is a typing mistake (dates a hundred years apart). */
  maxServiceYears: 60,
  maxEmployees: 1_000_000,
  /** Severance and the paid holiday's threshold. */
  minWeeklyHours: PAY_LIMITS.holidayFromHours,
  /** Annual leave is owed from this many employees (근로기준법 §11). */
  leaveFromEmployees: 5,
  dueDays: 14,
  daysPerYearOfService: 30,
  firstYearLeaveMax: 11,
  leaveDays: { first: 15, max: 25, attendancePercent: 80 },
} as const;

export type DateProblem = "dateRequired" | "dateFormat";
export type EmployeesProblem = "employeesFormat" | "employeesRange";

export interface SeveranceProblems {
  start?: DateProblem;
  end?: DateProblem | "endNotAfterStart" | "serviceTooLong";
  lastThreeMonthsPay?: AmountProblem;
  yearlyBonus?: AmountProblem;
  unusedLeavePay?: AmountProblem;
  weeklyHours?: HoursProblem;
  employees?: EmployeesProblem;
}

export interface SeveranceInput {
  start: string;
  end: string;
  lastThreeMonthsPay: string;
  yearlyBonus?: string | null;
  unusedLeavePay?: string | null;
  /** Blank: not said (taken as 15 or more, and 40 for the leave pay's day, as the page says). */
  weeklyHours?: string | null;
  /** Blank: not said (leave shown as owed at 5 employees or more, as the page says). */
  employees?: string | null;
  lng?: string | null;
  /** The last leave year's attendance in percent (the page takes full attendance); below 80 the 15 days are not owed. */
  attendancePercent?: number;
  /** Months of full attendance in that year, for attendance below 80 % (1 day each, §60(2)). */
  fullMonthsAttended?: number;
}

export interface AnnualLeave {
  /** false: fewer than 5 employees, no annual leave is owed. */
  applies: boolean;
  /** monthly: the first year's 1 a month (or a year below 80 % attendance); yearly: the year's 15 to 25. */
  basis: "monthly" | "yearly";
  /** The days earned in the last leave year. */
  days: number;
  /** The years of service whose leave has arisen (0 in the first year). */
  leaveYears: number;
}

export interface SeveranceResult {
  start: string;
  end: string;
  lastDayWorked: string;
  /** `end − start`. */
  days: number;
  fullYears: number;
  /** `end` on or after the first anniversary. */
  oneYearOrMore: boolean;
  /** Weekly hours × 100 as typed, or null when not said. */
  weeklyHours100: bigint | null;
  /** 15 hours a week or more (true when not said). */
  hoursEnough: boolean;
  eligible: boolean;
  /** The three calendar months before `end`: the first day, the last (`end − 1`), and the days in them. */
  window: { from: string; to: string; days: number };
  threeMonthsPay: bigint;
  /** 3/12 of the yearly bonus and of the unused leave pay, truncated (the sum below is exact). */
  bonusShare: bigint;
  leaveShare: bigint;
  /** The window's wages with the shares, truncated. */
  windowWages: bigint;
  /** Truncated to the won (severance is computed from the exact ratio). */
  averageDailyWage: bigint;
  /** What 30 days' average wage per year of service comes to; owed only when `eligible`. */
  severance: bigint;
  dueBy: string;
  leave: AnnualLeave;
  /** The unused leave's pay if none of `leave.days` was taken: a day's ordinary wage estimated from the pay. */
  leavePayEstimate: bigint;
}

const dayText = (date: Date) => format(date, "yyyy-MM-dd");

function readDate(text: string): { ok: true; value: Date } | { ok: false; problem: DateProblem } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, problem: "dateRequired" };
  const date = parseDay(trimmed);
  return date ? { ok: true, value: date } : { ok: false, problem: "dateFormat" };
}

function optionalAmount(text: string | null | undefined, lng?: string | null) {
  if ((text ?? "").trim() === "") return { ok: true as const, value: 0n };
  const parsed = parseAmount(text, "KRW", { max: SEVERANCE_LIMITS.maxAmount, lng, allowZero: true });
  return parsed.ok ? { ok: true as const, value: parsed.value.minor } : parsed;
}

function readEmployees(
  text: string | null | undefined,
  lng?: string | null,
): { ok: true; value: number | null } | { ok: false; problem: EmployeesProblem } {
  if ((text ?? "").trim() === "") return { ok: true, value: null };
  const read = readDecimalInput(text, lng);
  if (!read.ok) return { ok: false, problem: read.problem === "tooLarge" ? "employeesRange" : "employeesFormat" };
  if (read.value.scale > 0) return { ok: false, problem: "employeesFormat" };
  if (read.negative || read.value.units < 1n || read.value.units > BigInt(SEVERANCE_LIMITS.maxEmployees)) {
    return { ok: false, problem: "employeesRange" };
  }
  return { ok: true, value: Number(read.value.units) };
}

/** A year's leave from the `years`-th anniversary at 80 % attendance: 15, +1 every 2 years after the first, ≤ 25. */
export function yearlyLeaveDays(years: number): number {
  const { first, max } = SEVERANCE_LIMITS.leaveDays;
  return Math.min(max, first + Math.floor((years - 1) / 2));
}

/** How many times `step` from `start` lands strictly before `end` (anniversaries or month-days passed). */
function countBefore(start: Date, end: Date, step: (date: Date, n: number) => Date, limit: number): number {
  let n = 0;
  while (n < limit && step(start, n + 1) < end) n += 1;
  return n;
}

/** The annual leave of the last leave year for these dates (근로기준법 §60). */
export function annualLeave(input: {
  start: Date;
  end: Date;
  employees: number | null;
  attendancePercent?: number;
  fullMonthsAttended?: number;
}): AnnualLeave {
  const applies = input.employees === null || input.employees >= SEVERANCE_LIMITS.leaveFromEmployees;
  const leaveYears = countBefore(input.start, input.end, addYears, SEVERANCE_LIMITS.maxServiceYears + 1);
  let basis: AnnualLeave["basis"] = "yearly";
  let days: number;
  if (leaveYears === 0) {
    basis = "monthly";
    days = countBefore(input.start, input.end, addMonths, SEVERANCE_LIMITS.firstYearLeaveMax);
  } else if ((input.attendancePercent ?? 100) < SEVERANCE_LIMITS.leaveDays.attendancePercent) {
    basis = "monthly";
    days = Math.max(0, Math.min(12, Math.floor(input.fullMonthsAttended ?? 0)));
  } else {
    days = yearlyLeaveDays(leaveYears);
  }
  return { applies, basis, days: applies ? days : 0, leaveYears };
}

/** The severance and leave owed for the inputs, every problem found at once. */
export function computeSeverance(
  input: SeveranceInput,
): { ok: true; value: SeveranceResult } | { ok: false; problems: SeveranceProblems } {
  const problems: SeveranceProblems = {};
  const start = readDate(input.start);
  if (!start.ok) problems.start = start.problem;
  const end = readDate(input.end);
  if (!end.ok) problems.end = end.problem;
  else if (start.ok && end.value <= start.value) problems.end = "endNotAfterStart";
  else if (start.ok && addYears(start.value, SEVERANCE_LIMITS.maxServiceYears) < end.value) {
    problems.end = "serviceTooLong";
  }
  const pay = parseAmount(input.lastThreeMonthsPay, "KRW", { max: SEVERANCE_LIMITS.maxAmount, lng: input.lng });
  if (!pay.ok) problems.lastThreeMonthsPay = pay.problem;
  const bonus = optionalAmount(input.yearlyBonus, input.lng);
  if (!bonus.ok) problems.yearlyBonus = bonus.problem;
  const leavePay = optionalAmount(input.unusedLeavePay, input.lng);
  if (!leavePay.ok) problems.unusedLeavePay = leavePay.problem;
  const blankHours = (input.weeklyHours ?? "").trim() === "";
  const hours = blankHours ? null : parseWeeklyHours(input.weeklyHours, input.lng);
  if (hours && !hours.ok) problems.weeklyHours = hours.problem;
  const employees = readEmployees(input.employees, input.lng);
  if (!employees.ok) problems.employees = employees.problem;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  if (!start.ok || !end.ok || !pay.ok || !bonus.ok || !leavePay.ok || !employees.ok || (hours && !hours.ok)) {
    return { ok: false, problems };
  }

  const from = start.value;
  const to = end.value;
  const days = differenceInCalendarDays(to, from);
  const fullYears = countBefore(from, addDays(to, 1), addYears, SEVERANCE_LIMITS.maxServiceYears + 1);
  const oneYearOrMore = fullYears >= 1;
  const weeklyHours100 = hours ? hours.value : null;
  const hoursEnough = weeklyHours100 === null || weeklyHours100 >= BigInt(SEVERANCE_LIMITS.minWeeklyHours) * 100n;
  const windowFrom = subMonths(to, 3);
  const windowDays = BigInt(differenceInCalendarDays(to, windowFrom));
  const three = pay.value.minor;
  // The window's wages × 4: the bonus's and the leave pay's 3/12 stay whole.
  const wages4 = 4n * three + bonus.value + leavePay.value;
  const severance = (wages4 * 30n * BigInt(days)) / (4n * windowDays * 365n);
  const leave = annualLeave({
    start: from,
    end: to,
    employees: employees.value,
    attendancePercent: input.attendancePercent,
    fullMonthsAttended: input.fullMonthsAttended,
  });
  // A day's ordinary wage, estimated: the month's pay (a third of the three months') per paid hour, for a day of
  // the weekly hours ÷ 5 (at most 8); 40 hours a week when not said.
  const h100 = weeklyHours100 ?? 4000n;
  const dayHours500 = h100 < 4000n ? h100 : 4000n;
  const leavePayEstimate = (BigInt(leave.days) * three * dayHours500) / (3n * monthlyPaidHours(h100) * 500n);
  return {
    ok: true,
    value: {
      start: dayText(from),
      end: dayText(to),
      lastDayWorked: dayText(addDays(to, -1)),
      days,
      fullYears,
      oneYearOrMore,
      weeklyHours100,
      hoursEnough,
      eligible: oneYearOrMore && hoursEnough,
      window: { from: dayText(windowFrom), to: dayText(addDays(to, -1)), days: Number(windowDays) },
      threeMonthsPay: three,
      bonusShare: bonus.value / 4n,
      leaveShare: leavePay.value / 4n,
      windowWages: wages4 / 4n,
      averageDailyWage: wages4 / (4n * windowDays),
      severance,
      dueBy: dayText(addDays(to, SEVERANCE_LIMITS.dueDays)),
      leave,
      leavePayEstimate,
    },
  };
}
