/**
 * The sojourn statuses (체류자격) a member can hold, grouped by family, with the
 * sub-types people find on their residence card. Names and one-line descriptions
 * live in the `visa` translation namespace (locales/{lng}/visa.json), keyed by the
 * codes below; this file is the single list of codes.
 *
 * Sources:
 * - Statuses: 출입국관리법 시행령 별표 1 (short-term: B-1 … C-4) and 별표 1의2
 *   (long-term: A-1 … H-2), as in force in 2024. C-2 was abolished in 2011.
 * - Sub-types and whether work is allowed: 법무부 출입국·외국인정책본부,
 *   「외국인체류 안내매뉴얼」 and 「사증발급 안내매뉴얼」 (HiKorea, 2024 editions).
 *   Sub-type codes change between editions: review this list against the newest
 *   manual before each release.
 */
export type VisaFamily = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H";

/** Whether the status lets its holder work: freely, only in the permitted job or with permission, or not. */
export type WorkRule = "allowed" | "limited" | "notAllowed";

export interface VisaStatus {
  code: string;
  family: VisaFamily;
  work: WorkRule;
  /** Sub-type codes, in the manual's order; empty when the status has none. */
  subtypes: readonly string[];
  /** No longer issued to anyone new (holders keep it); the date it closed. */
  closedSince?: string;
}

/** "D-2", 1, 3 → D-2-1, D-2-2, D-2-3, then any `extra` codes. */
function range(status: string, from: number, to: number, extra: readonly string[] = []): string[] {
  return [...Array.from({ length: to - from + 1 }, (_, i) => `${status}-${from + i}`), ...extra];
}

/** In the finder's order: employment first (most members come to work), then the others by code. */
export const visaFamilies: readonly VisaFamily[] = ["E", "A", "B", "C", "D", "F", "G", "H"];

/**
 * The finder's quick choices: the statuses this audience holds most (E-9 and H-2
 * workers, F-4 overseas Koreans, E-7 professionals, D-2 and D-4 students, F-6
 * marriage migrants, E-8 seasonal workers), H-2 kept for its holders though closed.
 */
export const quickVisaCodes: readonly string[] = ["E-9", "F-4", "E-7", "D-2", "F-6", "D-4", "E-8", "H-2"];

// The range() calls are marked pure so a browser bundle that imports this file without using the data drops it.
export const visaStatuses: readonly VisaStatus[] = [
  { code: "A-1", family: "A", work: "notAllowed", subtypes: [] },
  { code: "A-2", family: "A", work: "notAllowed", subtypes: [] },
  { code: "A-3", family: "A", work: "notAllowed", subtypes: ["A-3-1", "A-3-2"] },
  { code: "B-1", family: "B", work: "notAllowed", subtypes: [] },
  { code: "B-2", family: "B", work: "notAllowed", subtypes: ["B-2-1", "B-2-2"] },
  { code: "C-1", family: "C", work: "notAllowed", subtypes: [] },
  { code: "C-3", family: "C", work: "notAllowed", subtypes: /* @__PURE__ */ range("C-3", 1, 9) },
  { code: "C-4", family: "C", work: "limited", subtypes: [] },
  { code: "D-1", family: "D", work: "notAllowed", subtypes: [] },
  { code: "D-2", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-2", 1, 8) },
  { code: "D-3", family: "D", work: "limited", subtypes: [] },
  { code: "D-4", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-4", 1, 7) },
  { code: "D-5", family: "D", work: "limited", subtypes: [] },
  { code: "D-6", family: "D", work: "limited", subtypes: [] },
  { code: "D-7", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-7", 1, 2) },
  { code: "D-8", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-8", 1, 4) },
  { code: "D-9", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-9", 1, 4) },
  { code: "D-10", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-10", 1, 3) },
  { code: "E-1", family: "E", work: "limited", subtypes: [] },
  { code: "E-2", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-2", 1, 2) },
  { code: "E-3", family: "E", work: "limited", subtypes: [] },
  { code: "E-4", family: "E", work: "limited", subtypes: [] },
  { code: "E-5", family: "E", work: "limited", subtypes: [] },
  { code: "E-6", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-6", 1, 3) },
  { code: "E-7", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-7", 1, 4) },
  { code: "E-8", family: "E", work: "limited", subtypes: [] },
  { code: "E-9", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-9", 1, 8) },
  { code: "E-10", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-10", 1, 3) },
  { code: "F-1", family: "F", work: "notAllowed", subtypes: [] },
  { code: "F-2", family: "F", work: "allowed", subtypes: ["F-2-1", "F-2-3", "F-2-4", "F-2-7", "F-2-99"] },
  { code: "F-3", family: "F", work: "notAllowed", subtypes: [] },
  { code: "F-4", family: "F", work: "limited", subtypes: /* @__PURE__ */ range("F-4", 11, 27) },
  { code: "F-5", family: "F", work: "allowed", subtypes: [] },
  { code: "F-6", family: "F", work: "allowed", subtypes: /* @__PURE__ */ range("F-6", 1, 3) },
  { code: "G-1", family: "G", work: "limited", subtypes: /* @__PURE__ */ range("G-1", 1, 7, ["G-1-99"]) },
  { code: "H-1", family: "H", work: "limited", subtypes: [] },
  // Merged into F-4 on 12 Feb 2026: holders keep their stay, nobody new gets it (domain-facts §1, SM26.6 p.528).
  {
    code: "H-2",
    family: "H",
    work: "limited",
    subtypes: /* @__PURE__ */ range("H-2", 1, 7, ["H-2-99"]),
    closedSince: "2026-02-12",
  },
];

// Built on first use, so a route that imports a helper only for its loader leaves no data in the browser bundle.
let lookups: { byCode: Map<string, VisaStatus>; bySubtype: Map<string, VisaStatus> } | null = null;
function lookup() {
  lookups ??= {
    byCode: new Map(visaStatuses.map((s) => [s.code, s])),
    bySubtype: new Map(visaStatuses.flatMap((s) => s.subtypes.map((sub) => [sub, s] as const))),
  };
  return lookups;
}

/**
 * Accepts how people type a code ("d2", "D 2", "e-7-1", "d21") and returns the
 * catalogue's spelling when one reading of it is in the catalogue; else the input, trimmed and upper-cased.
 */
export function normalizeVisaCode(input: string): string {
  const trimmed = input.trim().toUpperCase();
  const parts = trimmed
    .replace(/[\s_.–—]+/g, "-")
    .split("-")
    .filter(Boolean);
  if (parts.length > 1 && /^[A-H]$/.test(parts[0]!) && parts.slice(1).every((p) => /^\d{1,2}$/.test(p))) {
    return parts.join("-");
  }
  const compact = /^([A-H])(\d{1,4})$/.exec(trimmed.replace(/[\s_.–—-]+/g, ""));
  if (!compact) return trimmed;
  const [, letter, digits] = compact as unknown as [string, string, string];
  // Without separators "D21" could be D-21 or D-2-1: take the reading the catalogue knows.
  const readings = [`${letter}-${digits}`];
  for (let i = 1; i < digits.length; i++) readings.push(`${letter}-${digits.slice(0, i)}-${digits.slice(i)}`);
  return readings.find((code) => statusOfVisa(code)) ?? trimmed;
}

/** The status with this code (as in the URL: "D-2"), or null. */
export function visaStatus(code: string): VisaStatus | null {
  return lookup().byCode.get(code) ?? null;
}

/**
 * A member's visa as stored: a status ("F-5") or one of its sub-types ("D-2-1").
 * Returns the status it belongs to, or null for anything not in the catalogue.
 */
export function statusOfVisa(visa: string): VisaStatus | null {
  const { byCode, bySubtype } = lookup();
  return byCode.get(visa) ?? bySubtype.get(visa) ?? null;
}

export function isKnownVisa(visa: unknown): visa is string {
  return typeof visa === "string" && statusOfVisa(visa) !== null;
}
