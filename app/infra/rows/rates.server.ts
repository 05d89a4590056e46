/** Exchange rates' rows (tables `exchange_rates`, `exchange_rate_fetches`), the same in SQLite and PostgreSQL. */
import type { CurrencyCode, Decimal } from "~/finance/money";
import type { OperatorRateIn, RateFetchState, RateFigures, RateSourceKind, StoredRate } from "~/stores/rates";

export interface RateRow {
  source: RateSourceKind;
  currency: string;
  unit: number;
  base: string;
  ttb: string | null;
  tts: string | null;
  day: string;
  source_name: string;
  source_url: string | null;
  stored_at: number;
}

export interface FetchRow {
  source: RateSourceKind;
  attempted_at: number;
  outcome: string;
  not_before: number | null;
}

/** An exact decimal as the text a column keeps: { units: 134721n, scale: 2 } → "1347.21". */
function columnText(value: Decimal): string {
  const digits = value.units.toString().padStart(value.scale + 1, "0");
  return value.scale === 0 ? digits : `${digits.slice(0, -value.scale)}.${digits.slice(-value.scale)}`;
}

function columnDecimal(text: string): Decimal {
  const [whole = "0", fraction = ""] = text.split(".");
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

export const rateOf = (row: RateRow): StoredRate => {
  const currency = row.currency as CurrencyCode;
  return {
    currency,
    base: { currency, unit: row.unit === 100 ? 100 : 1, krw: columnDecimal(row.base) },
    ttb: row.ttb === null ? null : columnDecimal(row.ttb),
    tts: row.tts === null ? null : columnDecimal(row.tts),
    source: row.source,
    sourceName: row.source_name,
    sourceUrl: row.source_url,
    day: row.day,
    storedAt: row.stored_at,
  };
};

export const fetchStateOf = (row: FetchRow): RateFetchState => ({
  source: row.source,
  attemptedAt: row.attempted_at,
  outcome: row.outcome,
  notBefore: row.not_before,
});

/** The row of one currency's figures from a source. */
export const rateRowOf = (
  source: RateSourceKind,
  figures: RateFigures,
  about: { day: string; sourceName: string; sourceUrl: string | null },
  at: number,
): RateRow => ({
  source,
  currency: figures.base.currency,
  unit: figures.base.unit,
  base: columnText(figures.base.krw),
  ttb: figures.ttb && columnText(figures.ttb),
  tts: figures.tts && columnText(figures.tts),
  day: about.day,
  source_name: about.sourceName,
  source_url: about.sourceUrl,
  stored_at: at,
});

/** The columns in the order the stores' INSERT names them. */
export const RATE_COLUMNS = "source, currency, unit, base, ttb, tts, day, source_name, source_url, stored_at";
export const rateValues = (row: RateRow) => [
  row.source,
  row.currency,
  row.unit,
  row.base,
  row.ttb,
  row.tts,
  row.day,
  row.source_name,
  row.source_url,
  row.stored_at,
];

/** Whether an operator rate would store the same row as the one stored (its time apart). */
export function sameOperatorRate(stored: RateRow | undefined, rate: OperatorRateIn): boolean {
  if (!stored) return false;
  const next = rateRowOf("operator", rate, rate, stored.stored_at);
  return (Object.keys(next) as (keyof RateRow)[]).every((column) => stored[column] === next[column]);
}

/** On the same day, the Eximbank's published rate over an operator's, either over the sample. */
const PRECEDENCE: Record<RateSourceKind, number> = { eximbank: 0, operator: 1, sample: 2 };

/** Every currency's rate in force among the stored ones (read by currency): the newest day, then by source. */
export function ratesInForce(rows: readonly RateRow[]): StoredRate[] {
  const chosen = new Map<string, StoredRate>();
  for (const rate of rows.map(rateOf)) {
    const held = chosen.get(rate.currency);
    const wins =
      !held || rate.day > held.day || (rate.day === held.day && PRECEDENCE[rate.source] < PRECEDENCE[held.source]);
    if (wins) chosen.set(rate.currency, rate);
  }
  return [...chosen.values()];
}
