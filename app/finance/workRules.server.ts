/**
 * Work rules (app/stores/workRules.ts): their format as the content import reads it (the kind and its shipped
 * items: workRulesKind.server.ts) and what the work tools take of them: the minimum wage of each year, each
 * rule's basis, source, checked day and whether that source is the primary one, and for /finance/leavingKorea the
 * pension refund table by nationality and the checklist's rows with the number to call. The format shares its
 * rules with benefits' (content/schemas.server.ts). Decisions 0106, 0111.
 */
import { z } from "zod";
import type { Services } from "~/context";
import { date, itemCd, link, object, order, text, translations, types } from "~/content/schemas.server";
import type { PensionRefundBasis, WorkRule, WorkRuleContent } from "~/stores/workRules";
import { PENSION_REFUND_BASES, WORK_RULE_TOPICS } from "~/stores/workRules";
import { LEAVING_CODES, type LeavingCode } from "./leaving";
import type { MinimumWage } from "./pay";

/** The rules the pages name beside their figures, by item code (each must be shipped: tests/unit/workRules.test.ts). */
export const WORK_RULE_CODES = [
  "weekly-holiday",
  "monthly-hours",
  "severance",
  "average-wage",
  "bonus-share",
  "severance-due",
  "annual-leave",
  "leave-after-one-year",
  "eps-insurance",
] as const;
export type WorkRuleCode = (typeof WORK_RULE_CODES)[number];

/** A telephone number as the checklist dials it: digits in groups of up to 4 ("1355", "1577-0071"). */
const PHONE = /^\d{3,4}(-\d{3,4}){0,2}$/;

const INVALID = "benefitContent.invalid";

export const workRuleText = object({ title: text(200), note: text(1000, { lines: true }).optional() });

const figure = z.union([z.number(types).finite(INVALID), z.string(types).max(100, INVALID)]);

export const workRuleItem = object({
  itemCd,
  order: order.optional(),
  topic: z.enum(WORK_RULE_TOPICS, { errorMap: () => ({ message: INVALID }) }),
  figures: z
    .record(z.string().regex(/^[a-zA-Z]{1,40}$/, INVALID), figure, types)
    .refine((figures) => Object.keys(figures).length <= 20, INVALID)
    .optional(),
  basis: text(200).optional(),
  source: object({ name: text(200).optional(), url: link.optional(), checkedOn: date }),
  verified: z.boolean(types),
  translations: translations(workRuleText),
}).superRefine((item, ctx) => {
  const figures = item.figures ?? {};
  const refuse = () => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["figures"], message: INVALID });
  // A pension row names one country and one basis; a checklist row may name a number to call.
  if (item.topic === "pensionRefund") {
    const { country, refund } = figures;
    if (typeof country !== "string" || !/^[A-Z]{2}$/.test(country)) refuse();
    if (!(PENSION_REFUND_BASES as readonly unknown[]).includes(refund)) refuse();
    return;
  }
  if (item.topic === "leaving") {
    if (figures.phone !== undefined && (typeof figures.phone !== "string" || !PHONE.test(figures.phone))) refuse();
    return;
  }
  // A minimum wage names its year and hourly won (whole numbers): the pay check reads them.
  if (item.topic !== "minimumWage") return;
  const { year, hourlyKrw } = figures;
  const whole = (value: unknown, min: number, max: number) =>
    typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
  if (!whole(year, 1988, 2100) || !whole(hourlyKrw, 1, 1_000_000)) refuse();
});
export type WorkRuleItem = z.infer<typeof workRuleItem>;

/** A rule as stored, from an item of the import (fields left out: none). */
export function workRuleOf(item: WorkRuleItem): WorkRuleContent {
  return {
    itemCd: item.itemCd,
    order: item.order ?? 0,
    topic: item.topic,
    figures: item.figures ?? {},
    basis: item.basis ?? null,
    source: { name: item.source.name ?? null, url: item.source.url ?? null, checkedOn: item.source.checkedOn },
    verified: item.verified,
    translations: Object.fromEntries(
      Object.entries(item.translations).map(([language, t]) => [language, { title: t.title, note: t.note ?? null }]),
    ),
  };
}

/** What a page shows beside a figure: the provision, where it was read, when, and whether that is the primary source. */
export interface RuleSource {
  basis: string | null;
  source: { name: string | null; url: string | null; checkedOn: string };
  verified: boolean;
}

export interface MinimumWageRule extends MinimumWage, RuleSource {
  /** The monthly figure and its hours as the notice states them, or null. */
  monthlyKrw: number | null;
  monthlyHours: number | null;
}

/** A row of the pension refund table: a nationality's refund basis and where that was read. */
export interface PensionRefundRule extends RuleSource {
  refund: PensionRefundBasis;
}

/** A row of the leaving checklist: its source and the number to call, if any. */
export interface LeavingRule extends RuleSource {
  phone: string | null;
}

export interface WorkRules {
  /** By year, newest first. */
  minimumWages: MinimumWageRule[];
  /** The named rules that are stored (a missing one is shown as unsourced by the page). */
  rules: Partial<Record<WorkRuleCode, RuleSource>>;
  /** The pension refund table by country code (a country missing has no answer: the page says so). */
  pensionRefunds: Record<string, PensionRefundRule>;
  /** The checklist's rows that are stored (a missing one is shown as unsourced). */
  leaving: Partial<Record<LeavingCode, LeavingRule>>;
}

const sourceOf = (rule: WorkRule): RuleSource => ({ basis: rule.basis, source: rule.source, verified: rule.verified });

const wholeOrNull = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);

/** The rules as the pages use them. Texts are not read: the pages say each rule in their own words. */
export async function workRulesFor(services: Pick<Services, "stores">): Promise<WorkRules> {
  const stored = await services.stores.workRules.list({ languages: [] });
  const minimumWages: MinimumWageRule[] = [];
  const rules: Partial<Record<WorkRuleCode, RuleSource>> = {};
  const pensionRefunds: Record<string, PensionRefundRule> = {};
  const leaving: Partial<Record<LeavingCode, LeavingRule>> = {};
  for (const rule of stored) {
    if (rule.topic === "pensionRefund") {
      const { country, refund } = rule.figures;
      // The first row of a country (in the list's order) is its answer; a row the format would refuse is skipped.
      if (typeof country !== "string" || country in pensionRefunds) continue;
      if (!(PENSION_REFUND_BASES as readonly unknown[]).includes(refund)) continue;
      pensionRefunds[country] = { refund: refund as PensionRefundBasis, ...sourceOf(rule) };
      continue;
    }
    if (rule.topic === "leaving") {
      if ((LEAVING_CODES as readonly string[]).includes(rule.itemCd)) {
        const phone = typeof rule.figures.phone === "string" ? rule.figures.phone : null;
        leaving[rule.itemCd as LeavingCode] = { phone, ...sourceOf(rule) };
      }
      continue;
    }
    if (rule.topic === "minimumWage") {
      const year = wholeOrNull(rule.figures.year);
      const hourlyKrw = wholeOrNull(rule.figures.hourlyKrw);
      if (year === null || hourlyKrw === null || minimumWages.some((wage) => wage.year === year)) continue;
      minimumWages.push({
        year,
        hourlyKrw,
        monthlyKrw: wholeOrNull(rule.figures.monthlyKrw),
        monthlyHours: wholeOrNull(rule.figures.monthlyHours),
        ...sourceOf(rule),
      });
    } else if ((WORK_RULE_CODES as readonly string[]).includes(rule.itemCd)) {
      rules[rule.itemCd as WorkRuleCode] = sourceOf(rule);
    }
  }
  minimumWages.sort((a, b) => b.year - a.year);
  return { minimumWages, rules, pensionRefunds, leaving };
}
