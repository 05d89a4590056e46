/**
 * Remittance corridors (app/stores/corridors.ts) in SQLite (migration 18): one row per country, its figures
 * as one JSON object in a canonical key order (app/infra/rows/corridors.server.ts).
 */
import type { CorridorRecord, CorridorsStore } from "~/stores/corridors";
import { canonicalFigures, corridorOf, corridorPutOutcome, type CorridorRow } from "~/infra/rows/corridors.server";
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";
import { CORRIDORS } from "~/infra/rows/statements.server";

export function sqliteCorridorStore(db: Db): CorridorsStore {
  const selectAll = db.prepare(CORRIDORS.all);
  const selectOne = db.prepare(CORRIDORS.one);
  const insert = db.prepare(CORRIDORS.insert);
  const update = db.prepare(CORRIDORS.update);
  const writeAudit = sqliteAuditWriter(db);
  const put = db.transaction((record: CorridorRecord, at: number, audit?: AuditNote) => {
    const figures = canonicalFigures(record);
    const outcome = corridorPutOutcome(selectOne.get(record.country) as CorridorRow | undefined, figures);
    if (outcome === "created") insert.run(record.country, figures, at, at);
    if (outcome === "updated") update.run(figures, at, record.country);
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
