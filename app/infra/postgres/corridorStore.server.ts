/**
 * Remittance corridors (app/stores/corridors.ts) in PostgreSQL: one row per country, its figures as one JSON
 * object in a canonical key order (app/infra/rows/corridors.server.ts), kept as text and compared whole.
 */
import { auditEntryFor } from "~/stores/audit";
import { writeAudit } from "./auditStore.server";
import type { CorridorsStore } from "~/stores/corridors";
import { canonicalFigures, corridorOf, corridorPutOutcome, type CorridorRow } from "~/infra/rows/corridors.server";
import type { Pg } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { CORRIDORS } from "~/infra/rows/statements.server";

const SQL = numberedAll(CORRIDORS);

export function pgCorridorStore(db: Pg): CorridorsStore {
  return {
    async list() {
      return (await db.rows<CorridorRow>(SQL.all)).map(corridorOf);
    },
    async get(country) {
      const row = await db.row<CorridorRow>(SQL.one, [country]);
      return row ? corridorOf(row) : null;
    },
    async put(record, at, audit) {
      const figures = canonicalFigures(record);
      // Read-decide-write in one serializable transaction: of clients racing to create a country, one inserts and
      // the others are retried (40001) and then find the same figures.
      return db.tx(async (sql) => {
        const stored = await sql.row<CorridorRow>(SQL.one, [record.country]);
        const outcome = corridorPutOutcome(stored, figures);
        if (outcome === "created") {
          await sql.run(SQL.insert, [record.country, figures, at, at]);
        } else if (outcome === "updated") {
          await sql.run(SQL.update, [figures, at, record.country]);
        }
        if (audit && outcome !== "unchanged") await writeAudit(sql, auditEntryFor(audit, outcome));
        return outcome;
      });
    },
  };
}
