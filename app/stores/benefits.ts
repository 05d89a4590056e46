import type { ContentItem, ContentStore, Stamped } from "./content";

/**
 * Benefits: the public services foreign residents use (1345, health insurance,
 * the EPS insurances, …), shown on /benefit. Each is facts that read the same in
 * every language (its category, the visas it fits, its official link, phone
 * numbers, hours, languages, source and which facts are unverified) and a text per
 * language (its name, what it gives, who is eligible, how to apply). The Korean
 * text is always there: its name is shown beside every translation, because people
 * search for a service by its Korean name (docs/decisions/0055).
 *
 * A small catalogue an operator keeps (tens of items), listed whole in its order:
 * no paging (app/stores/content.ts).
 */

export const BENEFIT_CATEGORIES = [
  "health",
  "immigration",
  "work",
  "family",
  "legal",
  "dailyLife",
  "emergency",
] as const;
export type BenefitCategory = (typeof BENEFIT_CATEGORIES)[number];

/**
 * The 17 provinces and metropolitan cities (시·도) by their romanised names, the values of `/benefit?region=`. A
 * benefit names those it serves; one that names none serves the whole country.
 */
export const REGIONS = [
  "Seoul",
  "Busan",
  "Daegu",
  "Incheon",
  "Gwangju",
  "Daejeon",
  "Ulsan",
  "Sejong",
  "Gyeonggi",
  "Gangwon",
  "Chungbuk",
  "Chungnam",
  "Jeonbuk",
  "Jeonnam",
  "Gyeongbuk",
  "Gyeongnam",
  "Jeju",
] as const;
export type Region = (typeof REGIONS)[number];

/** The facts a benefit can have marked unverified (✖ in the research notes): shown so, never as fact. */
export const BENEFIT_FACTS = ["gives", "eligible", "apply", "phones", "hours", "languages", "link"] as const;
export type BenefitFact = (typeof BENEFIT_FACTS)[number];

/** Everyone, whatever their visa. */
export const ALL_VISAS = "all";

/** When it answers: around the clock, or on weekdays or every day between two times ("09:00", Korea's time). */
export type BenefitHours = { days: "always" } | { days: "weekdays" | "everyDay"; opens: string; closes: string };

/** The languages it serves in: how many (`about`: roughly), or which ones (language codes such as "en", "zh"). */
export interface BenefitLanguages {
  count: number | null;
  about: boolean;
  codes: string[];
}

/** Where the facts come from, and when they were last checked ("2026-11-22"). */
export interface BenefitSource {
  /** Who published them; null for the app's own research (named so in the page's language). */
  name: string | null;
  url: string | null;
  checkedOn: string;
}

/** A benefit's words in one language. */
export interface BenefitText {
  name: string;
  gives: string;
  eligible: string;
  apply: string;
  /** What the hours need said beside them (which languages after 18:00, what the hours are for); null for nothing. */
  hoursNote: string | null;
}

/** A benefit as an import or a form writes it. */
export interface BenefitContent extends ContentItem<BenefitText> {
  category: BenefitCategory;
  /** The visas (statuses such as "E-9", or sub-types) it is for, or ["all"]. */
  visas: string[];
  /** The regions it serves (REGIONS); empty: the whole country (also a record stored before regions were kept). */
  regions?: Region[];
  /** Its official site (https), or null. */
  link: string | null;
  /** Numbers to call as written ("1345", "1577-1000", "+82-1345"). */
  phones: string[];
  hours: BenefitHours | null;
  languages: BenefitLanguages | null;
  source: BenefitSource;
  unverified: BenefitFact[];
}

export type Benefit = Stamped<BenefitContent>;

/** `list` takes a category (null or absent: every one). */
export type BenefitsStore = ContentStore<BenefitContent, { category?: BenefitCategory | null }>;
