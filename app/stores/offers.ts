/**
 * Partner offers: what partners that residents use sell elsewhere (prepaid SIM
 * cards and phone plans, insurance, remittance), shown on /shop. Nothing is sold
 * here: each offer names its partner, says what it is and its price as checked on
 * a date, and links out. None are shipped with the app: an operator adds them.
 */
import type { ContentItem, ContentStore, Stamped } from "./content";

/** An offer's words in one language. */
export interface OfferText {
  title: string;
  description: string;
  /** What the price is for ("per month", "for 30 days"); null for nothing. */
  priceNote: string | null;
}

/** What a price is for, said in the page's language ("a month"): the same fact in every language. */
export const PRICE_PERIODS = ["day", "month", "year"] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];

/** A price in won: one amount (`max` null) or a range; `per`: a price for each day, month or year, or null. */
export interface OfferPrice {
  min: number;
  max: number | null;
  /** Absent in records stored before it was kept: read as null. */
  per?: PricePeriod | null;
}

export interface OfferContent extends ContentItem<OfferText> {
  /** The partner's name, as the partner writes it. */
  partner: string;
  /** The partner's page for the offer (https). */
  link: string;
  priceKrw: OfferPrice | null;
  /**
   * Whether K-Life earns a commission when a member buys through the link: the page says so on the offer. Null (or
   * absent, in records stored before it was kept): not known, and the page says K-Life may earn one.
   */
  commission?: boolean | null;
  /** When the offer and its price were last checked ("2026-11-22"). */
  checkedOn: string;
}

export type Offer = Stamped<OfferContent>;

export type OffersStore = ContentStore<OfferContent>;
