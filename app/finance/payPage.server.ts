/**
 * What /finance/pay shows: the inputs read from the URL (a GET form, the names the issue fixed: amount, per,
 * weeklyHours, year), the check of pay.ts in whole won, and beside every figure the rule and source it came from
 * (the rules content, workRules.server.ts). Every figure leaves as text with comma groups: the page does no
 * arithmetic (decision 0106).
 */
import type { Services } from "~/context";
import { formatDate, formatNumber } from "~/lib/format";
import { readBack, TYPED_MAX, type ReadBack } from "~/lib/numberInput";
import { checkPay, PAY_LIMITS, PAY_PERIODS, type PayPeriod, type PayProblems } from "./pay";
import { workRulesFor, type MinimumWageRule, type RuleSource } from "./workRules.server";

export const PAY_FIELDS = ["amount", "per", "weeklyHours", "year"] as const;
export type PayField = (typeof PAY_FIELDS)[number];

/** A field's problem: a key of the work namespace and the values its sentence names. */
export interface WorkMessage {
  key: string;
  values: Record<string, string>;
}

export interface PayResultView {
  per: PayPeriod;
  year: number;
  atOrAbove: boolean;
  amount: string;
  weeklyHours: string;
  minimumHourly: string;
  hourlyPay: string;
  monthlyHours: string;
  monthlyMinimum: string;
  monthlyPay: string;
  shortfallPerMonth: string;
  /** Paid holiday hours a week ("8", "3", "0"); the week's holiday pay for hourly and daily pay. */
  holidayHours: string;
  holidayOwed: boolean;
  weeklyHolidayPay: string | null;
}

export interface PayPage {
  values: Record<PayField, string>;
  problems: Partial<Record<PayField, WorkMessage>>;
  understood: Partial<Record<PayField, ReadBack>>;
  result: PayResultView | null;
  periods: readonly PayPeriod[];
  /** The years the rules content has, newest first. */
  years: number[];
  /** The chosen year's minimum wage with its source (null when the content has none). */
  wage: MinimumWageRule | null;
  rules: { weeklyHoliday: RuleSource | null; monthlyHours: RuleSource | null };
}

/** The hours × 100 as text: "40", "15.5", "14.99". */
export function hoursText(hours100: bigint): string {
  const whole = hours100 / 100n;
  const rest = hours100 % 100n;
  if (rest === 0n) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

function messagesOf(problems: PayProblems): Partial<Record<PayField, WorkMessage>> {
  const values: Record<string, Record<string, string>> = {
    amountTooLarge: { max: formatNumber(PAY_LIMITS.maxAmount) },
    hoursRange: { max: String(PAY_LIMITS.maxWeeklyHours) },
    hoursDecimals: { decimals: String(PAY_LIMITS.hoursDecimals) },
  };
  const messages: Partial<Record<PayField, WorkMessage>> = {};
  for (const [field, problem] of Object.entries(problems)) {
    if (problem) messages[field as PayField] = { key: `work.problems.${problem}`, values: values[problem] ?? {} };
  }
  return messages;
}

/** The page for a URL's query: an empty form when nothing was asked, else the check or every problem. */
export async function payPage(services: Pick<Services, "stores">, query: { url: URL; lng: string }): Promise<PayPage> {
  const params = query.url.searchParams;
  const read = (name: PayField) => (params.get(name) ?? "").slice(0, TYPED_MAX);
  const values = Object.fromEntries(PAY_FIELDS.map((name) => [name, read(name)])) as Record<PayField, string>;
  const asked = PAY_FIELDS.some((name) => name !== "per" && name !== "year" && params.has(name));
  const { minimumWages, rules } = await workRulesFor(services);
  const years = minimumWages.map((wage) => wage.year);
  // No year named: this year in Korea when the rules have it, else the newest they have.
  if (values.year === "") {
    const thisYear = Number(formatDate(Date.now()).slice(0, 4));
    values.year = String(years.includes(thisYear) ? thisYear : (years[0] ?? thisYear));
  }
  if (values.per === "") values.per = "hour";
  const year = /^\d{4}$/.test(values.year) ? Number(values.year) : null;
  const wage = minimumWages.find((w) => w.year === year) ?? null;
  let problems: Partial<Record<PayField, WorkMessage>> = {};
  const understood: Partial<Record<PayField, ReadBack>> = {};
  let result: PayResultView | null = null;
  if (asked) {
    const checked = checkPay({
      amount: params.get("amount") ?? "",
      per: values.per,
      weeklyHours: params.get("weeklyHours") ?? "",
      year,
      minimumWages,
      lng: query.lng,
    });
    if (checked.ok) {
      const c = checked.value;
      result = {
        per: c.per,
        year: c.minimumWage.year,
        atOrAbove: c.atOrAbove,
        amount: formatNumber(c.amount),
        weeklyHours: hoursText(c.weeklyHours100),
        minimumHourly: formatNumber(c.minimumWage.hourlyKrw),
        hourlyPay: formatNumber(c.hourlyPay),
        monthlyHours: formatNumber(c.monthlyHours),
        monthlyMinimum: formatNumber(c.monthlyMinimum),
        monthlyPay: formatNumber(c.monthlyPay),
        shortfallPerMonth: formatNumber(c.shortfallPerMonth),
        holidayHours: hoursText(c.holidayHours100),
        holidayOwed: c.holidayHours100 > 0n,
        weeklyHolidayPay: c.weeklyHolidayPay === null ? null : formatNumber(c.weeklyHolidayPay),
      };
    } else {
      problems = messagesOf(checked.problems);
      for (const field of ["amount", "weeklyHours"] as const) {
        const problem = checked.problems[field];
        const back = problem && !problem.endsWith("Required") ? readBack(values[field], query.lng) : null;
        if (back) understood[field] = back;
      }
    }
  }
  return {
    values,
    problems,
    understood,
    result,
    periods: PAY_PERIODS,
    years,
    wage,
    rules: { weeklyHoliday: rules["weekly-holiday"] ?? null, monthlyHours: rules["monthly-hours"] ?? null },
  };
}
