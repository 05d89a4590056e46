/**
 * The rules behind the work-and-leaving tools (/finance/pay, /finance/severance, /finance/leavingKorea):
 * operator content, one item per rule or per figure (the minimum wage of a year, the severance rule, the annual
 * leave rule, …), each with the source it was read in, the day it was checked and whether that source is the
 * primary one (a statute, a ministry's notice). Pages show a figure only beside its rule's source, and a rule whose
 * source is not the primary one as unverified (docs/decisions/0106).
 *
 * Each item's `figures` are what reads the same in every language (a year, won, hours; a country code and a refund
 * basis for the pension table to come); its text per language is its title and an optional note, the Korean one
 * always there. A small list, listed whole in its order (app/stores/content.ts).
 */
import type { ContentItem, ContentStore, Stamped } from "./content";

/**
 * What an item is: a year's minimum wage, a rule a tool applies, a row of the National Pension refund table (one
 * nationality and its refund basis), or a row of the leaving checklist (what to claim or settle, whom to call).
 */
export const WORK_RULE_TOPICS = ["minimumWage", "rule", "pensionRefund", "leaving"] as const;
export type WorkRuleTopic = (typeof WORK_RULE_TOPICS)[number];

export interface WorkRuleText {
  /** The rule or figure as named to a member ("2026 minimum wage", "Severance pay"). */
  title: string;
  /** What the source says beyond the figures, or null. */
  note: string | null;
}

export interface WorkRuleContent extends ContentItem<WorkRuleText> {
  topic: WorkRuleTopic;
  /**
   * Facts that read the same in every language. A minimum wage: `year`, `hourlyKrw`, and `monthlyKrw` with
   * `monthlyHours` as the notice states them. A pension refund row: `country` (ISO 3166-1 alpha-2) and `refund`
   * (`agreement`, `reciprocity` or `none`, PENSION_REFUND_BASES). A checklist row: `phone`, the number to call.
   */
  figures: Record<string, number | string>;
  /** The provision or notice it rests on, as cited ("근로기준법 제60조"), or null. */
  basis: string | null;
  /** Where it was read (null name: the app's own research), when it was last checked ("2026-12-03"). */
  source: { name: string | null; url: string | null; checkedOn: string };
  /** true only when `source` is the primary one; otherwise the page says "unverified" beside it. */
  verified: boolean;
}

export type WorkRule = Stamped<WorkRuleContent>;

/**
 * Why a nationality gets the National Pension lump-sum refund (국민연금법 제126조): a social-security agreement
 * that pays it, the home country paying Koreans the same (reciprocity), or neither (then only E-8, E-9 and H-2
 * holders get it, whatever their nationality).
 */
export const PENSION_REFUND_BASES = ["agreement", "reciprocity", "none"] as const;
export type PensionRefundBasis = (typeof PENSION_REFUND_BASES)[number];

export type WorkRulesStore = ContentStore<WorkRuleContent>;
