/** Exchange rates in SQLite (tables `exchange_rates`, `exchange_rate_fetches`; migration 17). */
import type { RateFigures, RateSourceKind, RatesStore } from "~/stores/rates";
import {
  RATE_COLUMNS,
  fetchStateOf,
  rateOf,
  rateRowOf,
  rateValues,
  ratesInForce,
  sameOperatorRate,
  type FetchRow,
  type RateRow,
} from "~/infra/rows/rates.server";
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";
import { RATES } from "~/infra/rows/statements.server";

export function sqliteRateStore(db: Db): RatesStore {
  const all = db.prepare(RATES.all);
  const bySource = db.prepare(RATES.bySource);
  const one = db.prepare("SELECT * FROM exchange_rates WHERE source = ? AND currency = ?");
  const clear = db.prepare(RATES.clear);
  const upsert = db.prepare(
    `INSERT INTO exchange_rates (${RATE_COLUMNS})
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (source, currency) DO UPDATE SET unit = excluded.unit, base = excluded.base, ttb = excluded.ttb,
       tts = excluded.tts, day = excluded.day, source_name = excluded.source_name,
       source_url = excluded.source_url, stored_at = excluded.stored_at`,
  );
  const fetchOf = db.prepare(RATES.fetchOf);
  const saveFetch = db.prepare(RATES.saveFetch);

  const write = (
    source: RateSourceKind,
    figures: RateFigures,
    about: { day: string; sourceName: string; sourceUrl: string | null },
    at: number,
  ) => upsert.run(rateValues(rateRowOf(source, figures, about, at)));

  const replace = db.transaction(
    (source: RateSourceKind, snapshot: Parameters<RatesStore["replaceSnapshot"]>[1], at) => {
      clear.run(source);
      for (const figures of snapshot.rates) write(source, figures, snapshot, at);
    },
  );

  const writeAudit = sqliteAuditWriter(db);
  const saveOperator = db.transaction(
    (rate: Parameters<RatesStore["saveOperatorRate"]>[0], at: number, audit?: AuditNote) => {
      const stored = one.get("operator", rate.base.currency) as RateRow | undefined;
      const same = sameOperatorRate(stored, rate);
      if (same) return "unchanged" as const;
      write("operator", rate, rate, at);
      const outcome = stored ? ("updated" as const) : ("created" as const);
      if (audit) writeAudit(auditEntryFor(audit, outcome));
      return outcome;
    },
  );

  return {
    async current() {
      return ratesInForce(all.all() as RateRow[]);
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
    async saveOperatorRate(rate, at, audit) {
      return saveOperator.immediate(rate, at, audit);
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
