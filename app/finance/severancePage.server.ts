/**
 * What /finance/severance shows: the inputs read from the URL (a GET form, the names the issue fixed), the
 * severance, due day and annual leave of severance.ts in whole won, and beside every figure its rule and source
 * (the rules content). Every figure leaves as text with comma groups (decision 0106).
 */
import type { Services } from "~/context";
import { formatNumber } from "~/lib/format";
import { readBack, TYPED_MAX, type ReadBack } from "~/lib/numberInput";
import { PAY_LIMITS } from "./pay";
import { hoursText, type WorkMessage } from "./payPage.server";
import { computeSeverance, SEVERANCE_LIMITS, type SeveranceProblems } from "./severance";
import { workRulesFor, type RuleSource, type WorkRuleCode } from "./workRules.server";

export const SEVERANCE_FIELDS = [
  "start",
  "end",
  "lastThreeMonthsPay",
  "yearlyBonus",
  "unusedLeavePay",
  "weeklyHours",
  "employees",
] as const;
export type SeveranceField = (typeof SEVERANCE_FIELDS)[number];

const NUMBER_FIELDS = ["lastThreeMonthsPay", "yearlyBonus", "unusedLeavePay", "weeklyHours", "employees"] as const;

export interface SeveranceResultView {
  start: string;
  end: string;
  lastDayWorked: string;
  days: string;
  fullYears: number;
  eligible: boolean;
  /** Why none is owed, when none is: under a year, or under 15 hours a week. */
  notOwedBecause: "underOneYear" | "underHours" | null;
  hoursSaid: boolean;
  weeklyHours: string | null;
  window: { from: string; to: string; days: string };
  threeMonthsPay: string;
  bonusShare: string;
  leaveShare: string;
  hasShares: boolean;
  windowWages: string;
  averageDailyWage: string;
  severance: string;
  dueBy: string;
  leave: {
    applies: boolean;
    employeesSaid: boolean;
    basis: "monthly" | "yearly";
    days: number;
    leaveYears: number;
    payEstimate: string;
  };
}

export interface SeverancePage {
  values: Record<SeveranceField, string>;
  problems: Partial<Record<SeveranceField, WorkMessage>>;
  understood: Partial<Record<SeveranceField, ReadBack>>;
  result: SeveranceResultView | null;
  rules: Partial<Record<WorkRuleCode, RuleSource>>;
}

function messagesOf(problems: SeveranceProblems): Partial<Record<SeveranceField, WorkMessage>> {
  const values: Record<string, Record<string, string>> = {
    amountTooLarge: { max: formatNumber(SEVERANCE_LIMITS.maxAmount) },
    hoursRange: { max: String(PAY_LIMITS.maxWeeklyHours) },
    hoursDecimals: { decimals: String(PAY_LIMITS.hoursDecimals) },
    serviceTooLong: { years: String(SEVERANCE_LIMITS.maxServiceYears) },
    employeesRange: { max: formatNumber(SEVERANCE_LIMITS.maxEmployees) },
  };
  const messages: Partial<Record<SeveranceField, WorkMessage>> = {};
  for (const [field, problem] of Object.entries(problems)) {
    if (problem) messages[field as SeveranceField] = { key: `work.problems.${problem}`, values: values[problem] ?? {} };
  }
  return messages;
}

/** The page for a URL's query: an empty form when nothing was asked, else the answer or every problem. */
export async function severancePage(
  services: Pick<Services, "stores">,
  query: { url: URL; lng: string },
): Promise<SeverancePage> {
  const params = query.url.searchParams;
  const read = (name: SeveranceField) => (params.get(name) ?? "").slice(0, TYPED_MAX);
  const values = Object.fromEntries(SEVERANCE_FIELDS.map((name) => [name, read(name)])) as Record<
    SeveranceField,
    string
  >;
  const asked = SEVERANCE_FIELDS.some((name) => params.has(name));
  const { rules } = await workRulesFor(services);
  let problems: Partial<Record<SeveranceField, WorkMessage>> = {};
  const understood: Partial<Record<SeveranceField, ReadBack>> = {};
  let result: SeveranceResultView | null = null;
  if (asked) {
    const computed = computeSeverance({ ...values, lng: query.lng });
    if (computed.ok) {
      const s = computed.value;
      result = {
        start: s.start,
        end: s.end,
        lastDayWorked: s.lastDayWorked,
        days: formatNumber(s.days),
        fullYears: s.fullYears,
        eligible: s.eligible,
        notOwedBecause: s.eligible ? null : s.oneYearOrMore ? "underHours" : "underOneYear",
        hoursSaid: s.weeklyHours100 !== null,
        weeklyHours: s.weeklyHours100 === null ? null : hoursText(s.weeklyHours100),
        window: { from: s.window.from, to: s.window.to, days: String(s.window.days) },
        threeMonthsPay: formatNumber(s.threeMonthsPay),
        bonusShare: formatNumber(s.bonusShare),
        leaveShare: formatNumber(s.leaveShare),
        hasShares: s.bonusShare > 0n || s.leaveShare > 0n,
        windowWages: formatNumber(s.windowWages),
        averageDailyWage: formatNumber(s.averageDailyWage),
        severance: formatNumber(s.severance),
        dueBy: s.dueBy,
        leave: {
          applies: s.leave.applies,
          employeesSaid: values.employees.trim() !== "",
          basis: s.leave.basis,
          days: s.leave.days,
          leaveYears: s.leave.leaveYears,
          payEstimate: formatNumber(s.leavePayEstimate),
        },
      };
    } else {
      problems = messagesOf(computed.problems);
      for (const field of NUMBER_FIELDS) {
        const problem = computed.problems[field];
        const back = problem && !problem.endsWith("Required") ? readBack(values[field], query.lng) : null;
        if (back) understood[field] = back;
      }
    }
  }
  return { values, problems, understood, result, rules };
}
