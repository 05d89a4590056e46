/**
 * Is my pay legal: an hourly, daily or monthly pay and the weekly hours against a year's minimum wage
 * (최저임금법; the hourly figure is content, app/finance/workRules.server.ts), in whole won with no floating point
 * (docs/decisions/0106).
 *
 * - The weekly paid holiday (주휴수당, 근로기준법 §55, §18(3)): a worker contracted for 15 hours a week or more is owed
 *   one day's pay a week on top of the hours worked; a day is the weekly hours ÷ 5, at most 8 hours (40 hours a week:
 *   8 hours, 15 hours a week: 3).
 * - A month's paid hours: (weekly hours + paid holiday hours) × 365 ÷ 7 ÷ 12, rounded to the hour, as the
 *   Ministry of Employment and Labor's monthly figure does (40 hours a week: 48 × 4.345… = 208.57 → 209 hours).
 * - A day's pay covers a day of the weekly hours ÷ 5 (five days a week): the only day the form's inputs name.
 *
 * Weekly hours are exact to the hundredth of an hour: every quantity below is a whole number of won, hours × 100
 * or their exact ratio, and only the answers are truncated to the won (never rounded up in the member's favour or
 * the employer's).
 */
import { type AmountProblem, parseAmount, readDecimalInput } from "./money";

export const PAY_PERIODS = ["hour", "day", "month"] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

export const PAY_LIMITS = {
  /** Ten billion won: beyond any pay, far inside exact arithmetic. */
  maxAmount: 10n ** 10n,
  /** The hours of a week. */
  maxWeeklyHours: 168,
  hoursDecimals: 2,
  /** From here a week earns the paid holiday (근로기준법 §18(3)). */
  holidayFromHours: 15,
  /** A paid holiday is at most a day of 8 hours (a week of 40). */
  fullWeekHours: 40,
} as const;

/** A year's minimum wage as the rules content states it. */
export interface MinimumWage {
  year: number;
  hourlyKrw: number;
}

export type HoursProblem = "hoursRequired" | "hoursFormat" | "hoursRange" | "hoursDecimals";

export interface PayProblems {
  amount?: AmountProblem;
  per?: "perUnknown";
  weeklyHours?: HoursProblem;
  year?: "yearUnknown";
}

export interface PayInput {
  amount: string;
  per: string;
  weeklyHours: string;
  /** The year asked, among `minimumWages`' (the page picks one when the link names none). */
  year: number | null;
  minimumWages: readonly MinimumWage[];
  lng?: string | null;
}

export interface PayCheck {
  per: PayPeriod;
  amount: bigint;
  /** Weekly hours × 100 (15 hours a week is 1500). */
  weeklyHours100: bigint;
  minimumWage: MinimumWage;
  /** Paid holiday hours × 100 a week: 0 under 15 hours. */
  holidayHours100: bigint;
  /** The month's paid hours (worked and holiday), whole. */
  monthlyHours: bigint;
  /** The pay per hour, truncated to the won. */
  hourlyPay: bigint;
  /** The month's pay at that rate (the amount itself for a monthly pay), truncated. */
  monthlyPay: bigint;
  /** The minimum wage for the month's paid hours. */
  monthlyMinimum: bigint;
  /** Whether the hourly pay is at or above the minimum (compared exactly, before truncation). */
  atOrAbove: boolean;
  /** What the month's pay falls short of the minimum, truncated; 0 when at or above. */
  shortfallPerMonth: bigint;
  /** For hourly and daily pay: the week's paid holiday pay at that rate, truncated; null for a monthly pay. */
  weeklyHolidayPay: bigint | null;
}

const isPeriod = (value: string): value is PayPeriod => (PAY_PERIODS as readonly string[]).includes(value);

/** Weekly hours as typed (× 100), or the problem. Shared with the severance form (its `weeklyHours`). */
export function parseWeeklyHours(
  text: string | null | undefined,
  lng?: string | null,
): { ok: true; value: bigint } | { ok: false; problem: HoursProblem } {
  const read = readDecimalInput(text, lng);
  if (!read.ok) {
    if (read.problem === "required") return { ok: false, problem: "hoursRequired" };
    if (read.problem === "tooLarge") return { ok: false, problem: "hoursRange" };
    return { ok: false, problem: read.problem === "tooPrecise" ? "hoursDecimals" : "hoursFormat" };
  }
  if (read.value.scale > PAY_LIMITS.hoursDecimals) return { ok: false, problem: "hoursDecimals" };
  const hours100 = read.value.units * 10n ** BigInt(PAY_LIMITS.hoursDecimals - read.value.scale);
  if (read.negative || hours100 <= 0n || hours100 > BigInt(PAY_LIMITS.maxWeeklyHours) * 100n) {
    return { ok: false, problem: "hoursRange" };
  }
  return { ok: true, value: hours100 };
}

/** The week's paid holiday hours × 100: a fifth of the weekly hours, at most 8, from 15 hours a week. */
export function weeklyHolidayHours100(weeklyHours100: bigint): { units: bigint; per: bigint } {
  if (weeklyHours100 < BigInt(PAY_LIMITS.holidayFromHours) * 100n) return { units: 0n, per: 1n };
  const capped = weeklyHours100 < 4000n ? weeklyHours100 : 4000n;
  return { units: capped, per: 5n };
}

/** The month's paid hours: (weekly + holiday hours) × 365 ÷ 84, rounded half up to the hour. */
export function monthlyPaidHours(weeklyHours100: bigint): bigint {
  const holiday = weeklyHolidayHours100(weeklyHours100);
  // Hours × 100 × holiday.per, so the holiday's fifth stays whole.
  const weekly = weeklyHours100 * holiday.per + holiday.units;
  const numerator = weekly * 365n;
  const denominator = 100n * holiday.per * 84n;
  return (2n * numerator + denominator) / (2n * denominator);
}

/** The pay checked against the year's minimum wage, every problem found at once. */
export function checkPay(input: PayInput): { ok: true; value: PayCheck } | { ok: false; problems: PayProblems } {
  const problems: PayProblems = {};
  const amount = parseAmount(input.amount, "KRW", { max: PAY_LIMITS.maxAmount, lng: input.lng });
  if (!amount.ok) problems.amount = amount.problem;
  if (!isPeriod(input.per)) problems.per = "perUnknown";
  const hours = parseWeeklyHours(input.weeklyHours, input.lng);
  if (!hours.ok) problems.weeklyHours = hours.problem;
  const minimumWage = input.minimumWages.find((wage) => wage.year === input.year);
  if (!minimumWage) problems.year = "yearUnknown";
  if (!amount.ok || !hours.ok || !minimumWage || !isPeriod(input.per)) return { ok: false, problems };

  const per = input.per;
  const pay = amount.value.minor;
  const h100 = hours.value;
  const minimum = BigInt(minimumWage.hourlyKrw);
  const months = monthlyPaidHours(h100);
  const holiday = weeklyHolidayHours100(h100);
  // The hourly pay as an exact ratio: hour → pay; day → pay over weekly hours ÷ 5; month → pay over the month's hours.
  const hourly =
    per === "hour"
      ? { units: pay, per: 1n }
      : per === "day"
        ? { units: pay * 500n, per: h100 }
        : { units: pay, per: months };
  const monthlyMinimum = minimum * months;
  const monthlyExact = { units: hourly.units * months, per: hourly.per };
  const monthlyPay = monthlyExact.units / monthlyExact.per;
  const atOrAbove = hourly.units >= minimum * hourly.per;
  const shortfall = monthlyMinimum * monthlyExact.per - monthlyExact.units;
  return {
    ok: true,
    value: {
      per,
      amount: pay,
      weeklyHours100: h100,
      minimumWage,
      holidayHours100: (holiday.units * 1n) / holiday.per,
      monthlyHours: months,
      hourlyPay: hourly.units / hourly.per,
      monthlyPay,
      monthlyMinimum,
      atOrAbove,
      shortfallPerMonth: atOrAbove || shortfall <= 0n ? 0n : shortfall / monthlyExact.per,
      // Holiday hours (units / (100 × per)) at the hourly rate.
      weeklyHolidayPay: per === "month" ? null : (holiday.units * hourly.units) / (100n * holiday.per * hourly.per),
    },
  };
}
