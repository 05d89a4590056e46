/**
 * The sojourn statuses (체류자격) a member can hold, grouped by family, with the
 * sub-types people find on their residence card, and the codes only older cards
 * still show (legacy aliases). Names live in the `visa` translation namespace
 * (locales/{lng}/visa.json), keyed by the codes below; this file is the single list of codes.
 *
 * Sources (shared/research/domain-facts.md §1, checked 2026-11-22):
 * - Statuses: 출입국관리법 시행령 별표 1 (short-term: B-1 … C-4) and 별표 1의2
 *   (long-term: A-1 … H-2). C-2 was merged into C-3 on 15 Dec 2011.
 * - Sub-types and whether work is allowed: 법무부 출입국·외국인정책본부,
 *   「외국인체류 안내매뉴얼」 2026.9 [SM26.9] and 2026.6 [SM26.6], 「사증발급 안내매뉴얼」
 *   2026.6 [VM26.6]. ✔ in the comments below: read in the manual text. Where only a
 *   secondary source names a sub-type (an automated code inventory of the 2026.6 manual
 *   [INV], an older 4대보험 EDI code list [EDI]) the status lists it in `secondary`, and
 *   where nothing confirms it, in `unverified`: the interface must then say so ("unverified —
 *   confirm with 1345", visa:marks), never present it as fact.
 *   Sub-type codes change between editions: review this list against the newest
 *   manual before each release.
 */
export type VisaFamily = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H";

/** Whether the status lets its holder work: freely, only in the permitted job or with permission, or not. */
export type WorkRule = "allowed" | "limited" | "notAllowed";

/**
 * How far a code is confirmed: read in the 2026 manuals (✔), found in a secondary source only (◐),
 * or not verified (✖). Sub-types the research notes do not mark keep the manual they were taken from.
 */
export type Verification = "verified" | "secondary" | "unverified";

export interface VisaStatus {
  code: string;
  family: VisaFamily;
  work: WorkRule;
  /** Current sub-type codes, in the manual's order; empty when the status has none. */
  subtypes: readonly string[];
  /** Sub-types (of `subtypes`) that only a secondary source lists (◐). */
  secondary?: readonly string[];
  /** Sub-types (of `subtypes`) whose code or name nothing has confirmed (✖). */
  unverified?: readonly string[];
  /** No longer issued to anyone new (holders keep it); the date it closed. */
  closedSince?: string;
}

/** A code that only older residence cards show: the status it belongs to and what replaced it, if one thing did. */
export interface LegacyVisa {
  code: string;
  status: string;
  /** The code that replaced it (a sub-type, or only a status when members pick among several); null when abolished. */
  currentEquivalent: string | null;
}

/** "D-2", 1, 3 → D-2-1, D-2-2, D-2-3, then any `extra` codes. */
function range(status: string, from: number, to: number, extra: readonly string[] = []): string[] {
  return [...Array.from({ length: to - from + 1 }, (_, i) => `${status}-${from + i}`), ...extra];
}

/** "F-1", [1, 3], [5, 6], "F-1-D" → F-1-1, F-1-2, F-1-3, F-1-5, F-1-6, F-1-D: runs of numbered codes and single codes. */
function codes(status: string, ...parts: readonly (readonly [from: number, to: number] | string)[]): string[] {
  return parts.flatMap((part) => (typeof part === "string" ? [part] : range(status, part[0], part[1])));
}

/** [status, its legacy codes, what replaced them] → one entry per code. */
function aliases(
  groups: readonly (readonly [status: string, codes: readonly string[], currentEquivalent: string | null])[],
): LegacyVisa[] {
  return groups.flatMap(([status, list, currentEquivalent]) =>
    list.map((code) => ({ code, status, currentEquivalent })),
  );
}

/** In the finder's order: employment first (most members come to work), then the others by code. */
export const visaFamilies: readonly VisaFamily[] = ["E", "A", "B", "C", "D", "F", "G", "H"];

/**
 * The finder's quick choices: the statuses this audience holds most (E-9 and H-2
 * workers, F-4 overseas Koreans, E-7 professionals, D-2 and D-4 students, F-6
 * marriage migrants, E-8 seasonal workers), H-2 kept for its holders though closed.
 */
export const quickVisaCodes: readonly string[] = ["E-9", "F-4", "E-7", "D-2", "F-6", "D-4", "E-8", "H-2"];

// The range(), codes() and aliases() calls are marked pure so a browser bundle that imports this file without using the data drops it.
export const visaStatuses: readonly VisaStatus[] = [
  { code: "A-1", family: "A", work: "notAllowed", subtypes: [] },
  { code: "A-2", family: "A", work: "notAllowed", subtypes: [] },
  // A-3-99 Fulbright agreement ✔; A-3-1/2 secondary only.
  {
    code: "A-3",
    family: "A",
    work: "notAllowed",
    subtypes: ["A-3-1", "A-3-2", "A-3-99"],
    secondary: ["A-3-1", "A-3-2"],
  },
  { code: "B-1", family: "B", work: "notAllowed", subtypes: [] },
  { code: "B-2", family: "B", work: "notAllowed", subtypes: ["B-2-1", "B-2-2"] },
  { code: "C-1", family: "C", work: "notAllowed", subtypes: [] },
  // C-3-1 … C-3-10 (C-3-4 단기상용, C-3-10 순수환승) [SM26.9]; C-3-11 abolished (legacy below).
  { code: "C-3", family: "C", work: "notAllowed", subtypes: /* @__PURE__ */ range("C-3", 1, 10) },
  // C-4-1 … 4 (seasonal work) not issued since 2025, moved to E-8 [VM26.6 p.280] (legacy below); C-4-5 other short-term work.
  { code: "C-4", family: "C", work: "limited", subtypes: ["C-4-5"] },
  { code: "D-1", family: "D", work: "notAllowed", subtypes: [] },
  // D-2-8 is 방문학생 (visiting student), not short-term study ✔.
  { code: "D-2", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-2", 1, 8) },
  // D-3-11 해외직접투자, D-3-12 기술수출, D-3-13 플랜트수출 ✔; D-3-1 legacy.
  { code: "D-3", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-3", 11, 13) },
  // D-4-2K 기업 맞춤형 인턴십 ✔; D-4-4 legacy.
  {
    code: "D-4",
    family: "D",
    work: "limited",
    subtypes: ["D-4-1", "D-4-2", "D-4-2K", "D-4-3", "D-4-5", "D-4-6", "D-4-7"],
  },
  { code: "D-5", family: "D", work: "limited", subtypes: [] },
  { code: "D-6", family: "D", work: "limited", subtypes: [] },
  // D-7-91/92 (FTA): secondary only.
  {
    code: "D-7",
    family: "D",
    work: "limited",
    subtypes: /* @__PURE__ */ range("D-7", 1, 2, ["D-7-91", "D-7-92"]),
    secondary: ["D-7-91", "D-7-92"],
  },
  // D-8-91 (FTA) secondary only; D-8-4S in [INV] but its name is not verified.
  {
    code: "D-8",
    family: "D",
    work: "limited",
    subtypes: /* @__PURE__ */ range("D-8", 1, 4, ["D-8-4S", "D-8-91"]),
    secondary: ["D-8-91"],
    unverified: ["D-8-4S"],
  },
  // D-9-5 in [INV] but its name is not verified.
  {
    code: "D-9",
    family: "D",
    work: "limited",
    subtypes: /* @__PURE__ */ range("D-9", 1, 5),
    unverified: ["D-9-5"],
  },
  // D-10-T 최우수인재 구직 (Top-Tier visa) ✔.
  { code: "D-10", family: "D", work: "limited", subtypes: /* @__PURE__ */ range("D-10", 1, 3, ["D-10-T"]) },
  { code: "E-1", family: "E", work: "limited", subtypes: [] },
  // E-2-91: secondary only.
  {
    code: "E-2",
    family: "E",
    work: "limited",
    subtypes: /* @__PURE__ */ range("E-2", 1, 2, ["E-2-91"]),
    secondary: ["E-2-91"],
  },
  { code: "E-3", family: "E", work: "limited", subtypes: [] },
  { code: "E-4", family: "E", work: "limited", subtypes: [] },
  { code: "E-5", family: "E", work: "limited", subtypes: [] },
  { code: "E-6", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-6", 1, 3) },
  // E-7-4R 지역특화형 숙련기능인력, E-7-S/S1/S2, E-7-T ✔; E-7-91 secondary only.
  // E-7-Y and E-7-H are left out: not verified, and [INV] reads E-7-H as an internal system marker.
  {
    code: "E-7",
    family: "E",
    work: "limited",
    subtypes: /* @__PURE__ */ range("E-7", 1, 4, ["E-7-4R", "E-7-S", "E-7-S1", "E-7-S2", "E-7-T", "E-7-91"]),
    secondary: ["E-7-91"],
  },
  // E-8-1 … 8 and E-8-99, stay up to 8 months [VM26.6 p.281].
  { code: "E-8", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-8", 1, 8, ["E-8-99"]) },
  // 1 제조업 · 2 건설업 · 3 농축산업 · 4 어업 · 5 서비스업 · 9 임업 · 10 광업 [VM26.6 pp.286-287]; 6/7/8 legacy.
  {
    code: "E-9",
    family: "E",
    work: "limited",
    subtypes: /* @__PURE__ */ range("E-9", 1, 5, ["E-9-9", "E-9-10"]),
  },
  // 1 내항선원 · 2 어선원 · 3 순항여객선원 ✔.
  { code: "E-10", family: "E", work: "limited", subtypes: /* @__PURE__ */ range("E-10", 1, 3) },
  // ✔: F-1-3, 5, 12, 13, 15, 21–24 (가사보조인), 51 (국제입양), F-1-D (digital nomad: remote work for a foreign employer
  // only); the others secondary only, their names from the manual's section headings where [INV] points to one
  // (else "other sub-type"). F-1-72 abolished (legacy below).
  {
    code: "F-1",
    family: "F",
    work: "notAllowed",
    subtypes: /* @__PURE__ */ codes(
      "F-1",
      [1, 3],
      [5, 16],
      [21, 24],
      "F-1-28",
      "F-1-51",
      "F-1-52",
      "F-1-71",
      "F-1-99",
      "F-1-D",
    ),
    secondary: /* @__PURE__ */ codes(
      "F-1",
      [1, 2],
      [6, 11],
      "F-1-14",
      "F-1-16",
      "F-1-28",
      "F-1-52",
      "F-1-71",
      "F-1-99",
    ),
  },
  // ✔: F-2-2 (국민의 미성년 외국인 자녀, SM26.6 p.366), F-2-7S (잠재적 우수인재, p.370), F-2-71 (p.371), F-2-R (tied to
  // a region), F-2-T; F-2-5, 8, 81, 9–14 secondary only (9–14 unnamed: "other sub-type"). F-2-1 legacy: spouses of
  // Korean nationals have held F-6-1 since 2011.
  {
    code: "F-2",
    family: "F",
    work: "allowed",
    subtypes: /* @__PURE__ */ codes(
      "F-2",
      [2, 5],
      "F-2-7",
      "F-2-7S",
      "F-2-71",
      "F-2-8",
      "F-2-81",
      [9, 14],
      "F-2-99",
      "F-2-R",
      "F-2-T",
    ),
    secondary: /* @__PURE__ */ codes("F-2", "F-2-5", "F-2-8", "F-2-81", [9, 14]),
  },
  // Secondary only [INV].
  {
    code: "F-3",
    family: "F",
    work: "notAllowed",
    subtypes: ["F-3-1", "F-3-91", "F-3-1R", "F-3-2R", "F-3-3R"],
    secondary: ["F-3-1", "F-3-91", "F-3-1R", "F-3-2R", "F-3-3R"],
  },
  // Replaced on 12 Feb 2026 by F-4-41 (former Korean national by birth), F-4-42 (their lineal descendants) and
  // F-4-R (지역특화동포) [SM26.6 p.530]; F-4-11 … 27 and F-4-99 stay as legacy aliases for older cards.
  { code: "F-4", family: "F", work: "limited", subtypes: ["F-4-41", "F-4-42", "F-4-R"] },
  // 시행령 별표 1의3 (✖ not re-read); sub-types and names as in the table 「영주자격 종류 및 세부 약호」, SM26.6
  // pp.429-430 (F-5-25: KRW 3 billion or more for 5 years); F-5-2, 3, 6R, S1, S2, T secondary only. F-5-27 (refugee
  // residence 2 years, same table) is not in the notes and is left out.
  {
    code: "F-5",
    family: "F",
    work: "allowed",
    subtypes: /* @__PURE__ */ range("F-5", 1, 26, ["F-5-6R", "F-5-S1", "F-5-S2", "F-5-T"]),
    secondary: ["F-5-2", "F-5-3", "F-5-6R", "F-5-S1", "F-5-S2", "F-5-T"],
  },
  { code: "F-6", family: "F", work: "allowed", subtypes: /* @__PURE__ */ range("F-6", 1, 3) },
  // G-1-8/13/14 (long-stay children; how they split is not in the notes) and G-1-19 (seasonal work) ✔; G-1-9 … 12
  // secondary only.
  {
    code: "G-1",
    family: "G",
    work: "limited",
    subtypes: /* @__PURE__ */ range("G-1", 1, 14, ["G-1-19", "G-1-99"]),
    secondary: /* @__PURE__ */ range("G-1", 9, 12),
  },
  { code: "H-1", family: "H", work: "limited", subtypes: [] },
  // Merged into F-4 on 12 Feb 2026: holders keep their stay, nobody new gets it [SM26.6 p.528]. Its sub-types
  // (H-2-1 … 7, 99, as in [EDI]) are legacy aliases below; holders may change to F-4.
  { code: "H-2", family: "H", work: "limited", subtypes: [], closedSince: "2026-02-12" },
];

/**
 * Codes older residence cards still show: a member's card must stay storable and
 * readable, but no list offers them for choosing.
 */
export const legacyVisas: readonly LegacyVisa[] = /* @__PURE__ */ aliases([
  // Abolished ✔ (crew change, a COVID-19 measure, per [INV]).
  ["C-3", ["C-3-11"], null],
  // Seasonal work moved to E-8 in 2025 [VM26.6 p.280].
  ["C-4", /* @__PURE__ */ range("C-4", 1, 4), "E-8"],
  // Now D-3-11/12/13.
  ["D-3", ["D-3-1"], "D-3"],
  ["D-4", ["D-4-4"], "D-4"],
  // Not in the 2026.6 manual [VM26.6 pp.286-287].
  ["E-9", /* @__PURE__ */ range("E-9", 6, 8), "E-9"],
  // Abolished ✔.
  ["F-1", ["F-1-72"], null],
  // Spouses of Korean nationals moved to F-6-1 in 2011.
  ["F-2", ["F-2-1"], "F-6-1"],
  // No one-to-one mapping: a holder is now F-4-41, F-4-42 or F-4-R [SM26.6 p.530].
  ["F-4", /* @__PURE__ */ range("F-4", 11, 27, ["F-4-99"]), "F-4"],
  // H-2 holders may change to F-4 [SM26.6 p.528].
  ["H-2", /* @__PURE__ */ range("H-2", 1, 7, ["H-2-99"]), "F-4"],
]);

// Built on first use, so a route that imports a helper only for its loader leaves no data in the browser bundle.
let lookups: {
  byCode: Map<string, VisaStatus>;
  bySubtype: Map<string, VisaStatus>;
  legacy: Map<string, LegacyVisa>;
  verification: Map<string, Verification>;
} | null = null;
function lookup() {
  lookups ??= {
    byCode: new Map(visaStatuses.map((s) => [s.code, s])),
    bySubtype: new Map(visaStatuses.flatMap((s) => s.subtypes.map((sub) => [sub, s] as const))),
    legacy: new Map(legacyVisas.map((l) => [l.code, l])),
    verification: new Map(
      visaStatuses.flatMap((s) => [
        ...(s.secondary ?? []).map((sub) => [sub, "secondary"] as const),
        ...(s.unverified ?? []).map((sub) => [sub, "unverified"] as const),
      ]),
    ),
  };
  return lookups;
}

const SEPARATORS = /[\s_.–—-]+/g;

/**
 * Accepts how people type a code ("d2", "D 2", "e-7-1", "d21", "f 4 r", "e7s1",
 * "d42k") and returns the catalogue's spelling (legacy codes included) when one
 * reading of it is in the catalogue; else the input with its parts joined by
 * hyphens ("D-2-9") when it has the shape of a code, or trimmed and upper-cased.
 */
export function normalizeVisaCode(input: string): string {
  const trimmed = input.trim().toUpperCase();
  const parts = trimmed.replace(SEPARATORS, "-").split("-").filter(Boolean);
  const shaped =
    parts.length > 1 && /^[A-H]$/.test(parts[0]!) && parts.slice(1).every((p) => /^[0-9A-Z]{1,3}$/.test(p));
  const joined = parts.join("-");
  // Digits only ("D-2-9"): the parts as typed, as before letter codes; with letters, a known code or a compact reading.
  if (shaped && (statusOfVisa(joined) || parts.every((p, i) => i === 0 || /^\d{1,2}$/.test(p)))) return joined;
  // Without separators "D21" could be D-21 or D-2-1, "D42K" D-4-2K or D-42-K: take the one reading the catalogue knows.
  const compact = /^([A-H])(\d[0-9A-Z]{0,4})$/.exec(trimmed.replace(SEPARATORS, ""));
  if (compact) {
    const [, letter, rest] = compact as unknown as [string, string, string];
    const readings = [`${letter}-${rest}`];
    for (let i = 1; i < rest.length; i++) readings.push(`${letter}-${rest.slice(0, i)}-${rest.slice(i)}`);
    const known = readings.filter((code) => statusOfVisa(code));
    if (known.length === 1) return known[0]!;
  }
  return shaped ? joined : trimmed;
}

/** The status with this code (as in the URL: "D-2"), or null. */
export function visaStatus(code: string): VisaStatus | null {
  return lookup().byCode.get(code) ?? null;
}

/** The legacy alias with this code ("F-4-11", "H-2-5"), or null for a current code or anything unknown. */
export function legacyVisa(code: string): LegacyVisa | null {
  return lookup().legacy.get(code) ?? null;
}

/**
 * A member's visa as stored: a status ("F-5"), one of its sub-types ("D-2-1") or a
 * code from an older residence card ("F-4-11"). Returns the status it belongs to,
 * or null for anything not in the catalogue.
 */
export function statusOfVisa(visa: string): VisaStatus | null {
  const { byCode, bySubtype, legacy } = lookup();
  const old = legacy.get(visa);
  return byCode.get(visa) ?? bySubtype.get(visa) ?? (old ? (byCode.get(old.status) ?? null) : null);
}

/** A code the catalogue knows, current or legacy: what a member's stored visa may be. */
export function isKnownVisa(visa: unknown): visa is string {
  return typeof visa === "string" && statusOfVisa(visa) !== null;
}

/**
 * A code a form may set as a member's visa now: a status or a current sub-type,
 * not a legacy code, not of a status closed to new holders (H-2).
 */
export function isChoosableVisa(visa: unknown): visa is string {
  if (typeof visa !== "string" || legacyVisa(visa)) return false;
  const status = statusOfVisa(visa);
  return status !== null && !status.closedSince;
}

/** How far the catalogue's entry for a known code is confirmed (statuses and unmarked sub-types: "verified"); null if unknown. */
export function visaVerification(visa: string): Verification | null {
  if (!statusOfVisa(visa)) return null;
  return lookup().verification.get(visa) ?? "verified";
}
