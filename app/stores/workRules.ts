/**
 * The rules behind the work-and-leaving tools (/finance/pay, /finance/severance; /finance/leavingKorea next):
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

/** What an item is: a year's minimum wage, or a rule a tool applies. */
export const WORK_RULE_TOPICS = ["minimumWage", "rule"] as const;
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
   * `monthlyHours` as the notice states them.
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

export type WorkRulesStore = ContentStore<WorkRuleContent>;
