/**
 * Remittance corridors (app/stores/corridors.ts) in PostgreSQL: one row per country, its figures as one JSON
 * object in a canonical key order (app/infra/rows/corridors.server.ts), kept as text and compared whole.
 */
import { auditEntryFor } from "~/stores/audit";
import { writeAudit } from "./auditStore.server";
import type { CorridorsStore } from "~/stores/corridors";
import { canonicalFigures, corridorOf, corridorPutOutcome, type CorridorRow } from "~/infra/rows/corridors.server";
import type { Pg } from "./database.server";

const COLUMNS = "country, figures, created_at, updated_at";

export function pgCorridorStore(db: Pg): CorridorsStore {
  return {
    async list() {
      return (await db.rows<CorridorRow>(`SELECT ${COLUMNS} FROM corridors ORDER BY country`)).map(corridorOf);
    },
    async get(country) {
      const row = await db.row<CorridorRow>(`SELECT ${COLUMNS} FROM corridors WHERE country = $1`, [country]);
      return row ? corridorOf(row) : null;
    },
    async put(record, at, audit) {
      const figures = canonicalFigures(record);
      // Read-decide-write in one serializable transaction: of clients racing to create a country, one inserts and
      // the others are retried (40001) and then find the same figures.
      return db.tx(async (sql) => {
        const stored = await sql.row<CorridorRow>(`SELECT ${COLUMNS} FROM corridors WHERE country = $1`, [
          record.country,
        ]);
        const outcome = corridorPutOutcome(stored, figures);
        if (outcome === "created") {
          await sql.run(`INSERT INTO corridors (${COLUMNS}) VALUES ($1, $2, $3, $3)`, [record.country, figures, at]);
        } else if (outcome === "updated") {
          await sql.run("UPDATE corridors SET figures = $2, updated_at = $3 WHERE country = $1", [
            record.country,
            figures,
            at,
          ]);
        }
        if (audit && outcome !== "unchanged") await writeAudit(sql, auditEntryFor(audit, outcome));
        return outcome;
      });
    },
  };
}
