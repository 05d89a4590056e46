/**
 * Remittance corridors' rows (table `corridors`), the same in SQLite and PostgreSQL: one row per country, its
 * figures as one JSON object in a canonical key order, so "the same figures" is a comparison of two strings.
 */
import type { CorridorRecord, StoredCorridor } from "~/stores/corridors";

export interface CorridorRow {
  country: string;
  figures: string;
  created_at: number;
  updated_at: number;
}

/** The record as JSON with every object's keys sorted (arrays keep their order: tiers and offers are ordered). */
export function canonicalFigures(record: CorridorRecord): string {
  const { country: _country, ...figures } = record;
  return JSON.stringify(figures, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export const corridorOf = (row: CorridorRow): StoredCorridor => ({
  country: row.country,
  ...(JSON.parse(row.figures) as Omit<CorridorRecord, "country">),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** What a put does to the stored row: the outcome, decided the same in both implementations. */
export const corridorPutOutcome = (stored: CorridorRow | undefined, figures: string) =>
  !stored ? ("created" as const) : stored.figures === figures ? ("unchanged" as const) : ("updated" as const);
