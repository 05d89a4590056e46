/** Exchange rates in SQLite (tables `exchange_rates`, `exchange_rate_fetches`; migration 17). */
import type { CurrencyCode, Decimal } from "~/finance/money";
import {
  type RateFetchState,
  type RateFigures,
  type RateSourceKind,
  type RatesStore,
  type StoredRate,
} from "~/stores/rates";
import type { Db } from "./database.server";

interface RateRow {
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

interface FetchRow {
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

const rateOf = (row: RateRow): StoredRate => {
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

const fetchStateOf = (row: FetchRow): RateFetchState => ({
  source: row.source,
  attemptedAt: row.attempted_at,
  outcome: row.outcome,
  notBefore: row.not_before,
});

/** On the same day, the Eximbank's published rate over an operator's, either over the sample. */
const PRECEDENCE: Record<RateSourceKind, number> = { eximbank: 0, operator: 1, sample: 2 };

export function sqliteRateStore(db: Db): RatesStore {
  const all = db.prepare("SELECT * FROM exchange_rates ORDER BY currency, day DESC");
  const bySource = db.prepare("SELECT * FROM exchange_rates WHERE source = ? ORDER BY currency");
  const one = db.prepare("SELECT * FROM exchange_rates WHERE source = ? AND currency = ?");
  const clear = db.prepare("DELETE FROM exchange_rates WHERE source = ?");
  const upsert = db.prepare(
    `INSERT INTO exchange_rates (source, currency, unit, base, ttb, tts, day, source_name, source_url, stored_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (source, currency) DO UPDATE SET unit = excluded.unit, base = excluded.base, ttb = excluded.ttb,
       tts = excluded.tts, day = excluded.day, source_name = excluded.source_name,
       source_url = excluded.source_url, stored_at = excluded.stored_at`,
  );
  const fetchOf = db.prepare("SELECT * FROM exchange_rate_fetches WHERE source = ?");
  const saveFetch = db.prepare(
    `INSERT INTO exchange_rate_fetches (source, attempted_at, outcome, not_before) VALUES (?, ?, ?, ?)
     ON CONFLICT (source) DO UPDATE SET attempted_at = excluded.attempted_at, outcome = excluded.outcome,
       not_before = excluded.not_before`,
  );

  const write = (
    source: RateSourceKind,
    figures: RateFigures,
    about: { day: string; sourceName: string; sourceUrl: string | null },
    at: number,
  ) =>
    upsert.run(
      source,
      figures.base.currency,
      figures.base.unit,
      columnText(figures.base.krw),
      figures.ttb && columnText(figures.ttb),
      figures.tts && columnText(figures.tts),
      about.day,
      about.sourceName,
      about.sourceUrl,
      at,
    );

  const replace = db.transaction(
    (source: RateSourceKind, snapshot: Parameters<RatesStore["replaceSnapshot"]>[1], at) => {
      clear.run(source);
      for (const figures of snapshot.rates) write(source, figures, snapshot, at);
    },
  );

  const saveOperator = db.transaction((rate: Parameters<RatesStore["saveOperatorRate"]>[0], at: number) => {
    const stored = one.get("operator", rate.base.currency) as RateRow | undefined;
    const same =
      stored &&
      stored.unit === rate.base.unit &&
      stored.base === columnText(rate.base.krw) &&
      stored.ttb === (rate.ttb && columnText(rate.ttb)) &&
      stored.tts === (rate.tts && columnText(rate.tts)) &&
      stored.day === rate.day &&
      stored.source_name === rate.sourceName &&
      stored.source_url === rate.sourceUrl;
    if (same) return "unchanged" as const;
    write("operator", rate, rate, at);
    return stored ? ("updated" as const) : ("created" as const);
  });

  return {
    async current() {
      const chosen = new Map<string, StoredRate>();
      for (const rate of (all.all() as RateRow[]).map(rateOf)) {
        const held = chosen.get(rate.currency);
        const wins =
          !held || rate.day > held.day || (rate.day === held.day && PRECEDENCE[rate.source] < PRECEDENCE[held.source]);
        if (wins) chosen.set(rate.currency, rate);
      }
      return [...chosen.values()];
    },
    async list(source) {
      return (bySource.all(source) as RateRow[]).map(rateOf);
    },
    async replaceSnapshot(source, snapshot, at) {
      if (snapshot.rates.length === 0) throw new RangeError("an empty snapshot would drop the last good rates");
      replace.immediate(source, snapshot, at);
    },
    async dropSnapshot(source) {
      clear.run(source);
    },
    async saveOperatorRate(rate, at) {
      return saveOperator.immediate(rate, at);
    },
    async recordFetch(state) {
      saveFetch.run(state.source, state.attemptedAt, state.outcome, state.notBefore);
    },
    async fetchState(source) {
      const row = fetchOf.get(source) as FetchRow | undefined;
      return row ? fetchStateOf(row) : null;
    },
  };
}
