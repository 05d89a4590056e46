/**
 * Exchange rates (issue 28, docs/decisions/0060): the last good snapshot of each source, kept in storage so a
 * restart or a failing source never loses them, and the rate in force per currency that the finance pages read.
 *
 * Sources: `eximbank` (the Korea Eximbank's AP01, one published day for its 23 currencies, replaced whole by the
 * next good day), `operator` (rates the operator enters per currency with their day, for the currencies AP01 does
 * not carry) and `sample` (local mode's snapshot of real published rates, replaced whole; never shown as live).
 *
 * The figures are exact decimals (app/finance/money.ts; a type-only import the layering allows, decision 0061).
 */
import type { AuditNote } from "./audit";
import type { CurrencyCode, Decimal, Rate } from "~/finance/money";

export const RATE_SOURCES = ["eximbank", "operator", "sample"] as const;
export type RateSourceKind = (typeof RATE_SOURCES)[number];

/** One currency's figures from a source, as written. */
export interface RateFigures {
  /** 매매기준율: `base.krw` won for `base.unit` units of `base.currency`. */
  base: Rate;
  /** Telegraphic transfer buying and selling rates for the same unit; null where the source gives only a base. */
  ttb: Decimal | null;
  tts: Decimal | null;
}

export interface RateSnapshotIn {
  /** The day the rates are of (yyyy-mm-dd, the publisher's calendar). */
  day: string;
  /** Who published them: "Korea Eximbank", a bank's name. */
  sourceName: string;
  /** Where they can be read, when known. */
  sourceUrl: string | null;
  rates: RateFigures[];
}

export interface OperatorRateIn extends RateFigures {
  day: string;
  sourceName: string;
  sourceUrl: string | null;
}

export interface StoredRate extends RateFigures {
  currency: CurrencyCode;
  source: RateSourceKind;
  sourceName: string;
  sourceUrl: string | null;
  day: string;
  /** When it was stored (ms since the epoch): the age a page shows is from `day` and this. */
  storedAt: number;
}

/** The last time the scheduled job asked a source, and what came of it (for the page's staleness note). */
export interface RateFetchState {
  source: RateSourceKind;
  attemptedAt: number;
  /** "ok", or what failed: "timeout", "html", "empty", "3", "4", … */
  outcome: string;
  /** Not to be asked again before this time (ms; code 4 until midnight in Korea), or null. */
  notBefore: number | null;
}

export type SaveRateResult = "created" | "updated" | "unchanged";

export interface RatesStore {
  /**
   * Every currency's rate in force, by currency code order. Per currency the newest `day` wins; on the same day
   * the Eximbank's published rate wins over an operator's (it is the official one and has TTB/TTS), and either
   * over the sample. So an operator rate for a currency AP01 also carries is used only while it is newer.
   */
  current(): Promise<StoredRate[]>;
  /** Every stored rate of one source (the admin list), by currency. */
  list(source: RateSourceKind): Promise<StoredRate[]>;
  /** Replaces a whole-day source's snapshot (`eximbank`, `sample`) in one transaction; an empty one is refused. */
  replaceSnapshot(source: "eximbank" | "sample", snapshot: RateSnapshotIn, at: number): Promise<void>;
  /** Removes a whole-day source's snapshot (the sample, once live rates are configured). */
  dropSnapshot(source: "eximbank" | "sample"): Promise<void>;
  /** Stores one operator rate by its currency; "unchanged" and nothing written when it is the same. */
  saveOperatorRate(rate: OperatorRateIn, at: number, audit?: AuditNote): Promise<SaveRateResult>;
  recordFetch(state: RateFetchState): Promise<void>;
  fetchState(source: RateSourceKind): Promise<RateFetchState | null>;
}
