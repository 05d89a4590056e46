/** Exchange rates in PostgreSQL (tables `exchange_rates`, `exchange_rate_fetches`); figures as exact decimal text. */
import { auditEntryFor } from "~/stores/audit";
import { writeAudit } from "./auditStore.server";
import type { RatesStore } from "~/stores/rates";
import * as rateRows from "~/infra/rows/rates.server";
import type { Pg, Sql } from "./database.server";
import { valuesOf } from "./values.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { RATES } from "~/infra/rows/statements.server";

const SQL = numberedAll(RATES);

/** Writes rows by (source, currency): a new one is added, a stored one replaced. */
async function upsert(sql: Sql, rows: readonly rateRows.RateRow[]) {
  const values = valuesOf(rows.map(rateRows.rateValues));
  await sql.run(
    `INSERT INTO exchange_rates (${rateRows.RATE_COLUMNS}) ${values.text}
     ON CONFLICT (source, currency) DO UPDATE SET unit = excluded.unit, base = excluded.base, ttb = excluded.ttb,
       tts = excluded.tts, day = excluded.day, source_name = excluded.source_name,
       source_url = excluded.source_url, stored_at = excluded.stored_at`,
    values.params,
  );
}

export function pgRateStore(db: Pg): RatesStore {
  return {
    async current() {
      return rateRows.ratesInForce(await db.rows<rateRows.RateRow>(SQL.all));
    },
    async list(source) {
      const rows = await db.rows<rateRows.RateRow>(SQL.bySource, [source]);
      return rows.map(rateRows.rateOf);
    },
    async replaceSnapshot(source, snapshot, at) {
      if (snapshot.rates.length === 0) throw new RangeError("an empty snapshot would drop the last good rates");
      // One row per currency, the last one given winning as it does in SQLite's row-by-row upsert (one
      // statement may not write a row twice).
      const rows = new Map(
        snapshot.rates.map((figures) => [figures.base.currency, rateRows.rateRowOf(source, figures, snapshot, at)]),
      );
      await db.tx(async (sql) => {
        await sql.run(SQL.clear, [source]);
        await upsert(sql, [...rows.values()]);
      });
    },
    async dropSnapshot(source) {
      await db.run(SQL.clear, [source]);
    },
    async saveOperatorRate(rate, at, audit) {
      return db.tx(async (sql) => {
        const stored = await sql.row<rateRows.RateRow>(
          "SELECT * FROM exchange_rates WHERE source = 'operator' AND currency = $1",
          [rate.base.currency],
        );
        if (rateRows.sameOperatorRate(stored, rate)) return "unchanged" as const;
        await upsert(sql, [rateRows.rateRowOf("operator", rate, rate, at)]);
        const outcome = stored ? ("updated" as const) : ("created" as const);
        if (audit) await writeAudit(sql, auditEntryFor(audit, outcome));
        return outcome;
      });
    },
    async recordFetch(state) {
      await db.run(SQL.saveFetch, [state.source, state.attemptedAt, state.outcome, state.notBefore]);
    },
    async fetchState(source) {
      const row = await db.row<rateRows.FetchRow>(SQL.fetchOf, [source]);
      return row ? rateRows.fetchStateOf(row) : null;
    },
  };
}
