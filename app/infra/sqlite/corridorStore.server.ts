/**
 * Remittance corridors (app/stores/corridors.ts) in SQLite (migration 18): one row per country, its figures
 * as one JSON object in a canonical key order, so "the same figures" is a comparison of two strings.
 */
import type { CorridorRecord, CorridorsStore, StoredCorridor } from "~/stores/corridors";
import type { Db } from "./database.server";

interface CorridorRow {
  country: string;
  figures: string;
  created_at: number;
  updated_at: number;
}

/** The record as JSON with every object's keys sorted (arrays keep their order: tiers and offers are ordered). */
function canonical(record: CorridorRecord): string {
  const { country: _country, ...figures } = record;
  return JSON.stringify(figures, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

const corridorOf = (row: CorridorRow): StoredCorridor => ({
  country: row.country,
  ...(JSON.parse(row.figures) as Omit<CorridorRecord, "country">),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function sqliteCorridorStore(db: Db): CorridorsStore {
  const selectAll = db.prepare("SELECT country, figures, created_at, updated_at FROM corridors ORDER BY country");
  const selectOne = db.prepare("SELECT country, figures, created_at, updated_at FROM corridors WHERE country = ?");
  const insert = db.prepare(
    "INSERT INTO corridors (country, figures, created_at, updated_at) VALUES (@country, @figures, @at, @at)",
  );
  const update = db.prepare("UPDATE corridors SET figures = @figures, updated_at = @at WHERE country = @country");
  const put = db.transaction((record: CorridorRecord, at: number) => {
    const figures = canonical(record);
    const stored = selectOne.get(record.country) as CorridorRow | undefined;
    if (!stored) {
      insert.run({ country: record.country, figures, at });
      return "created" as const;
    }
    if (stored.figures === figures) return "unchanged" as const;
    update.run({ country: record.country, figures, at });
    return "updated" as const;
  });
  return {
    async list() {
      return (selectAll.all() as CorridorRow[]).map(corridorOf);
    },
    async get(country) {
      const row = selectOne.get(country) as CorridorRow | undefined;
      return row ? corridorOf(row) : null;
    },
    async put(record, at) {
      return put.immediate(record, at);
    },
  };
}
