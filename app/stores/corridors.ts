/**
 * Remittance corridors: for each country money is sent to, whose figures the page
 * quotes (a provider, or a kind of provider such as "bank counters"), the currencies
 * a recipient can be paid in with the margin over the base rate, the fee (flat, or
 * tiers by the amount sent in won or in US dollars), the day the figures were read,
 * where, and which of them are assumptions rather than read from that source
 * (docs/decisions/0062). Operator data, one record per country.
 *
 * Plain data: amounts are integers (won, or US cents for a tier in dollars), read
 * into `bigint` by app/finance/corridors.server.ts.
 */
import type { AuditNote } from "./audit";

/** Facts of a corridor that can be marked as an assumption (shown as unverified, never as fact). */
export const CORRIDOR_FACTS = ["fee", "margin", "currencies"] as const;
export type CorridorFact = (typeof CORRIDOR_FACTS)[number];

/** The currency a tier's bound is in: won sent, or its US dollar equivalent at the day's base rate. */
export const FEE_TIER_CURRENCIES = ["KRW", "USD"] as const;
export type FeeTierCurrency = (typeof FEE_TIER_CURRENCIES)[number];

export type CorridorFeeRecord =
  | { kind: "flat"; krw: number }
  | {
      kind: "tiered";
      /** What `upTo` counts: won, or US cents. */
      tierCurrency: FeeTierCurrency;
      /** The first tier whose `upTo` (inclusive) covers the amount; null (the last) is "above". */
      tiers: { upTo: number | null; krw: number }[];
    };

export interface CorridorRecord {
  /** ISO 3166-1 alpha-2 of the country money goes to. */
  country: string;
  provider: string;
  offers: { currency: string; marginBasisPoints: number }[];
  fee: CorridorFeeRecord;
  /** The day the figures were read (yyyy-mm-dd). */
  asOf: string;
  source: string;
  unverified: CorridorFact[];
}

export type StoredCorridor = CorridorRecord & { createdAt: number; updatedAt: number };

export interface CorridorsStore {
  /** Every corridor, by country code. */
  list(): Promise<StoredCorridor[]>;
  get(country: string): Promise<StoredCorridor | null>;
  /**
   * Stores the corridor (created, or replaced where it differs): one read-decide-write, so a content import
   * run twice and two admins saving the same figures change nothing the second time. `audit`'s record is written
   * in the same transaction when it changed something.
   */
  put(corridor: CorridorRecord, at: number, audit?: AuditNote): Promise<"created" | "updated" | "unchanged">;
}
