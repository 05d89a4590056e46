/**
 * Remittance corridors (app/stores/corridors.ts) in SQLite (migration 18): one row per country, its figures
 * as one JSON object in a canonical key order (app/infra/rows/corridors.server.ts).
 */
import type { CorridorRecord, CorridorsStore } from "~/stores/corridors";
import { canonicalFigures, corridorOf, corridorPutOutcome, type CorridorRow } from "~/infra/rows/corridors.server";
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";

export function sqliteCorridorStore(db: Db): CorridorsStore {
  const selectAll = db.prepare("SELECT country, figures, created_at, updated_at FROM corridors ORDER BY country");
  const selectOne = db.prepare("SELECT country, figures, created_at, updated_at FROM corridors WHERE country = ?");
  const insert = db.prepare(
    "INSERT INTO corridors (country, figures, created_at, updated_at) VALUES (@country, @figures, @at, @at)",
  );
  const update = db.prepare("UPDATE corridors SET figures = @figures, updated_at = @at WHERE country = @country");
  const writeAudit = sqliteAuditWriter(db);
  const put = db.transaction((record: CorridorRecord, at: number, audit?: AuditNote) => {
    const figures = canonicalFigures(record);
    const outcome = corridorPutOutcome(selectOne.get(record.country) as CorridorRow | undefined, figures);
    if (outcome === "created") insert.run({ country: record.country, figures, at });
    if (outcome === "updated") update.run({ country: record.country, figures, at });
    if (audit && outcome !== "unchanged") writeAudit(auditEntryFor(audit, outcome));
    return outcome;
  });
  return {
    async list() {
      return (selectAll.all() as CorridorRow[]).map(corridorOf);
    },
    async get(country) {
      const row = selectOne.get(country) as CorridorRow | undefined;
      return row ? corridorOf(row) : null;
    },
    async put(record, at, audit) {
      return put.immediate(record, at, audit);
    },
  };
}
