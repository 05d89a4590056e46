/**
 * Leaving Korea: what a member is owed and must settle, by nationality and visa (issue 44, decision 0111). Plain
 * rules a unit test calls: whether the National Pension lump-sum refund is paid (국민연금법 제126조: to E-8, E-9 and
 * H-2 holders whatever their nationality, else by the nationality's row of the refund table, content with a source
 * each), and which rows of the checklist apply (the EPS insurances only to E-9 and H-2 workers). The pages say each
 * row in their own words beside its source (app/finance/leavingPage.server.ts).
 */
import type { PensionRefundBasis } from "~/stores/workRules";

/** The rows of the leaving checklist by item code (each shipped: tests/unit/workRules.test.ts). */
export const LEAVING_CODES = [
  "leaving-pension-refund",
  "leaving-pension-by-visa",
  "leaving-departure-insurance",
  "leaving-return-cost",
  "leaving-dormant-insurance",
  "leaving-wages",
  "leaving-health-insurance",
  "leaving-tax",
  "leaving-housing-deposit",
] as const;
export type LeavingCode = (typeof LEAVING_CODES)[number];

/** Statuses paid the pension refund whatever the nationality (국민연금법 제126조, research notes §9). */
export const REFUND_BY_VISA: readonly string[] = ["E-8", "E-9", "H-2"];

/** The Employment Permit System's statuses: their employers pay departure-guarantee insurance, they pay return-cost insurance. */
export const EPS_STATUSES: readonly string[] = ["E-9", "H-2"];

export type PensionAnswer =
  /** Paid: by the visa, by an agreement or by reciprocity. */
  | { eligible: true; because: "visa" | "agreement" | "reciprocity" }
  /** Not paid for this nationality on another visa (the old-age pension at 60 may still be, after 10 years). */
  | { eligible: false; because: "none" }
  /** The table has no row for this nationality: the page says so and sends the member to NPS. */
  | { eligible: null; because: "noAnswer" };

/** The refund answer for a status ("E-9") and the table's basis for the nationality (undefined: no row). */
export function pensionRefundAnswer(status: string, basis: PensionRefundBasis | undefined): PensionAnswer {
  if (REFUND_BY_VISA.includes(status)) return { eligible: true, because: "visa" };
  if (basis === undefined) return { eligible: null, because: "noAnswer" };
  if (basis === "none") return { eligible: false, because: "none" };
  return { eligible: true, because: basis };
}

const EPS_ONLY: readonly LeavingCode[] = [
  "leaving-departure-insurance",
  "leaving-return-cost",
  "leaving-dormant-insurance",
];

/** The checklist's rows for a status, in order: the pension first, the EPS insurances for E-9 and H-2 only. */
export function leavingRows(status: string): LeavingCode[] {
  const eps = EPS_STATUSES.includes(status);
  const rows: LeavingCode[] = [
    "leaving-pension-refund",
    "leaving-departure-insurance",
    "leaving-return-cost",
    "leaving-dormant-insurance",
    "leaving-wages",
    "leaving-health-insurance",
    "leaving-tax",
    "leaving-housing-deposit",
  ];
  return rows.filter((code) => eps || !EPS_ONLY.includes(code));
}

/**
 * Home's link for a member shown what they are owed on leaving (issue 44: E-9 and H-2 workers), opening the
 * checklist on their nationality and visa; null for anyone else.
 */
export function leavingLinkFor(member: { nationality: string | null; status: string | null }): string | null {
  if (!member.status || !EPS_STATUSES.includes(member.status)) return null;
  const query = new URLSearchParams(member.nationality ? { nationality: member.nationality } : {});
  query.set("visa", member.status);
  return `/finance/leavingKorea?${query.toString()}#result`;
}
