/**
 * What /finance/leavingKorea shows: the nationality (ISO 3166-1 alpha-2, or a country's name as typed in a shared
 * link) and visa of the URL's query (the names issue 44 fixed), and for them the checklist of leaving.ts, each row
 * with its source, checked day and number to call from the work rules content; the pension refund with the row of
 * the refund table it rests on, or said to have no answer (decision 0111).
 */
import type { Services } from "~/context";
import { countriesIn, resolveCountry, type Country } from "~/countries/countries.server";
import { TYPED_MAX } from "~/lib/numberInput";
import { normalizeVisaCode, quickVisaCodes, statusOfVisa, visaStatuses } from "~/visa/catalogue";
import { EPS_STATUSES, leavingRows, pensionRefundAnswer, type LeavingCode, type PensionAnswer } from "./leaving";
import type { WorkMessage } from "./payPage.server";
import { workRulesFor, type LeavingRule, type RuleSource } from "./workRules.server";

export const LEAVING_FIELDS = ["nationality", "visa"] as const;
export type LeavingField = (typeof LEAVING_FIELDS)[number];

export interface LeavingRowView {
  code: LeavingCode;
  /** Its source and number to call; null when the content has no such row (the page says it is unsourced). */
  rule: LeavingRule | null;
}

export interface LeavingResultView {
  country: Country;
  /** The status the visa belongs to ("E-9" for "E-9-1"). */
  status: string;
  eps: boolean;
  pension: PensionAnswer & {
    /** What the answer rests on: the by-visa rule, or the nationality's row of the table; null when there is none. */
    rule: RuleSource | null;
  };
  rows: LeavingRowView[];
}

export interface LeavingPage {
  values: Record<LeavingField, string>;
  problems: Partial<Record<LeavingField, WorkMessage>>;
  /** Every country in the member's language, by its name; the statuses, the common ones first. */
  countries: readonly Country[];
  visas: string[];
  /** What the select fields choose: a known code, or what was typed (kept, shown as typed). */
  chosen: Record<LeavingField, string>;
  result: LeavingResultView | null;
}

const visaChoices = (): string[] => [
  ...quickVisaCodes,
  ...visaStatuses.map((status) => status.code).filter((code) => !quickVisaCodes.includes(code)),
];

const message = (key: string): WorkMessage => ({ key: `work.problems.${key}`, values: {} });

/** The page for a URL's query: an empty form when nothing was asked, else the checklist or every problem. */
export async function leavingPage(
  services: Pick<Services, "stores">,
  query: { url: URL; lng: string },
): Promise<LeavingPage> {
  const params = query.url.searchParams;
  const read = (name: LeavingField) => (params.get(name) ?? "").slice(0, TYPED_MAX);
  const values = { nationality: read("nationality"), visa: read("visa") };
  const asked = LEAVING_FIELDS.some((name) => params.has(name));
  const countries = countriesIn(query.lng);
  const page: LeavingPage = {
    values,
    problems: {},
    countries,
    visas: visaChoices(),
    chosen: { ...values },
    result: null,
  };
  if (!asked) return page;

  const country = values.nationality.trim() ? resolveCountry(values.nationality, query.lng) : null;
  if (!values.nationality.trim()) page.problems.nationality = message("nationalityRequired");
  else if (!country) page.problems.nationality = message("nationalityUnknown");
  else page.chosen.nationality = country;

  const status = values.visa.trim() ? statusOfVisa(normalizeVisaCode(values.visa)) : null;
  if (!values.visa.trim()) page.problems.visa = message("visaRequired");
  else if (!status) page.problems.visa = message("visaUnknown");
  else page.chosen.visa = status.code;

  if (!country || !status) return page;
  const { pensionRefunds, leaving } = await workRulesFor(services);
  const row = pensionRefunds[country];
  const answer = pensionRefundAnswer(status.code, row?.refund);
  const basisRule =
    answer.because === "visa"
      ? (leaving["leaving-pension-by-visa"] ?? null)
      : row
        ? { basis: row.basis, source: row.source, verified: row.verified }
        : null;
  page.result = {
    country: countries.find((c) => c.code === country) ?? { code: country, name: country },
    status: status.code,
    eps: EPS_STATUSES.includes(status.code),
    pension: { ...answer, rule: basisRule },
    rows: leavingRows(status.code).map((code) => ({ code, rule: leaving[code] ?? null })),
  };
  return page;
}
