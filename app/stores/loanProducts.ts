/**
 * Loan products for foreign residents, shown below the calculator on /finance/loan: operator data (research
 * notes §5 ship three). Each is facts that read the same in every language (the lender, the visas it names, its
 * amount, rate and term ranges as the lender states them, its site, when and from what it was checked) and a text
 * per language (the product's name and its conditions), the Korean one always there. Conditions change: the page
 * says so beside every product and shows the date checked (docs/decisions/0064).
 *
 * A small list an operator keeps (a handful of items), listed whole in its order: no paging (app/stores/content.ts).
 */
import type { ContentItem, ContentStore, Stamped } from "./content";

/** A product's words in one language. */
export interface LoanProductText {
  /** The product's name ("JB Bravo Korea Loan"). */
  name: string;
  /** Its conditions as the source states them, one per line; nothing the source does not say. */
  conditions: string;
}

/** A range as the lender states it; either end null when the source names none. */
export interface LoanRange<Value> {
  min: Value | null;
  max: Value | null;
}

export interface LoanProductContent extends ContentItem<LoanProductText> {
  /** The lender, as the lender writes its name ("JB Bank"). */
  lender: string;
  /** The visa statuses or sub-types it names ("E-9"); empty when the source names none. */
  visas: string[];
  /** In won; null when the source states no amounts. */
  amountKrw: LoanRange<number> | null;
  /** Annual rates in percent as exact decimal text ("11", "15.5"); null when the source states none. */
  ratePercent: LoanRange<string> | null;
  /** Months; null when the source states no term. */
  termMonths: LoanRange<number> | null;
  /** The lender's page (https), or null. */
  link: string | null;
  /** Where the facts come from (null name: the app's own research) and when they were last checked ("2026-11-22"). */
  source: { name: string | null; url: string | null; checkedOn: string };
}

export type LoanProduct = Stamped<LoanProductContent>;

export type LoanProductsStore = ContentStore<LoanProductContent>;
