/**
 * What /finance/loan shows: the calculator's inputs read from the URL (a GET form), the schedule computed by
 * loan.ts in whole won, and the products below it. Every figure leaves here as text with comma groups (spec §9):
 * the page does no arithmetic and JSON carries no `bigint`.
 *
 * The schedule's rows are sent as compact text and drawn by the page as one HTML string (digits and commas only,
 * nothing typed by anyone): a 360-month schedule is 1,800 cells, which React then neither builds nor hydrates on
 * a slow phone (docs/decisions/0064). The first year is shown; the rest opens in a `<details>`, without
 * JavaScript too.
 */
import { LRUCache } from "lru-cache";
import type { Services } from "~/context";
import { formatNumber } from "~/lib/format";
import { readBack, TYPED_MAX, type ReadBack } from "~/lib/numberInput";
import {
  LOAN_LIMITS,
  LOAN_METHODS,
  schedule,
  TERM_UNITS,
  type TermUnit,
  type LoanMethod,
  type LoanProblems,
  type LoanSchedule,
  type ScheduleRow,
} from "./loan";
import { loanProductsFor, type LoanProductsList } from "./loanProducts.server";

/** The inputs' names in the URL, in the form's order (`unit`: what `months` counts, months or years). */
export const LOAN_FIELDS = ["amount", "rate", "months", "unit", "method", "grace"] as const;
export type LoanField = (typeof LOAN_FIELDS)[number];

/** Rows shown before the rest of the schedule is folded away: the first year. */
export const SCHEDULE_SHOWN = 12;

export interface LoanResultView {
  method: LoanMethod;
  months: number;
  graceMonths: number;
  /** The interest-only payment of the grace months; null without grace. */
  gracePayment: string | null;
  /** The first repayment month's payment, and the last one's when it differs (null when the same). */
  firstPayment: string;
  lastPayment: string | null;
  totalInterest: string;
  totalRepaid: string;
  /** The schedule's first rows and the rest (rowsText: a month a line, its figures separated by spaces). */
  shownRows: string;
  restRows: string;
  /** The first month of the rest, and how many months it holds (0: none). */
  restFrom: number;
  restCount: number;
}

export interface LoanPage {
  /** The inputs as typed, to be kept in the form (method: one of LOAN_METHODS, or what was sent). */
  values: Record<LoanField, string>;
  /** Each field's problem, if any. */
  problems: Partial<Record<LoanField, LoanMessage>>;
  /** Beside a number's problem, what was read in it (lib/numberInput.ts). */
  understood: Partial<Record<LoanField, ReadBack>>;
  result: LoanResultView | null;
  methods: readonly LoanMethod[];
  limits: { maxMonths: number; maxYears: number };
  units: readonly TermUnit[];
  products: LoanProductsList;
}

const won = (value: bigint) => formatNumber(value);

/**
 * The rows as compact text, one month a line, its five figures separated by spaces ("1 43,871 39,705 4,166
 * 960,295"): a 360-month schedule is 16 KB in the page's data, where HTML (escaped in the data's script) was 80.
 */
function rowsText(rows: ScheduleRow[]): string {
  return rows
    .map((r) => `${r.month} ${won(r.payment)} ${won(r.principal)} ${won(r.interest)} ${won(r.balance)}`)
    .join("\n");
}

/**
 * Answers by their inputs as sent: a schedule is a pure function of them, and computing and writing 360 months
 * takes about a millisecond of the one thread, where a shared or bookmarked link asks the same again. Only
 * answers are kept (inputs that make one are short), at most this many (about 20 KB each).
 */
const answers = new LRUCache<string, LoanResultView>({ max: 200 });

/** A field's problem: a key of the loan namespace and the values its sentence names. */
export interface LoanMessage {
  key: string;
  values: Record<string, string>;
}

/** Each field's problem as the page's message. */
function messagesOf(problems: LoanProblems): Partial<Record<LoanField, LoanMessage>> {
  const limits: Record<string, Record<string, string>> = {
    amountTooLarge: { max: formatNumber(LOAN_LIMITS.maxAmount) },
    rateTooHigh: { max: String(LOAN_LIMITS.rateBelowPercent) },
    rateDecimals: { decimals: String(LOAN_LIMITS.rateDecimals) },
    monthsRange: { max: String(LOAN_LIMITS.maxMonths) },
    yearsRange: { max: String(LOAN_LIMITS.maxYears) },
  };
  const messages: Partial<Record<LoanField, LoanMessage>> = {};
  for (const [field, problem] of Object.entries(problems)) {
    if (problem) messages[field as LoanField] = { key: `loan.problems.${problem}`, values: limits[problem] ?? {} };
  }
  return messages;
}

function resultView(loan: LoanSchedule): LoanResultView {
  const first = loan.rows[loan.graceMonths]!;
  const last = loan.rows[loan.rows.length - 1]!;
  return {
    method: loan.method,
    months: loan.months,
    graceMonths: loan.graceMonths,
    gracePayment: loan.graceMonths > 0 ? won(loan.rows[0]!.payment) : null,
    firstPayment: won(first.payment),
    lastPayment: last === first || last.payment === first.payment ? null : won(last.payment),
    totalInterest: won(loan.totalInterest),
    totalRepaid: won(loan.totalRepaid),
    shownRows: rowsText(loan.rows.slice(0, SCHEDULE_SHOWN)),
    restRows: rowsText(loan.rows.slice(SCHEDULE_SHOWN)),
    restFrom: SCHEDULE_SHOWN + 1,
    restCount: Math.max(0, loan.rows.length - SCHEDULE_SHOWN),
  };
}

/** The page for a URL's query: an empty form when nothing was asked, else the schedule or every problem. */
export async function loanPage(
  services: Pick<Services, "stores">,
  query: { url: URL; lng: string; uid: string | null },
): Promise<LoanPage> {
  // Kept whole, however long (the request line bounds it): a refusal shows what was typed.
  const read = (name: LoanField) => (query.url.searchParams.get(name) ?? "").slice(0, TYPED_MAX);
  const values = Object.fromEntries(LOAN_FIELDS.map((name) => [name, read(name)])) as Record<LoanField, string>;
  const asked = LOAN_FIELDS.some((name) => name !== "unit" && query.url.searchParams.has(name));
  // A link with no method (a shared one, typed by hand) means the most common: equal payment.
  if (values.method === "") values.method = "equalPayment";
  if (!(TERM_UNITS as readonly string[]).includes(values.unit)) values.unit = "months";
  let problems: Partial<Record<LoanField, LoanMessage>> = {};
  const understood: Partial<Record<LoanField, ReadBack>> = {};
  let result: LoanResultView | null = null;
  const inputs = {
    amount: query.url.searchParams.get("amount") ?? "",
    annualRatePercent: query.url.searchParams.get("rate") ?? "",
    months: query.url.searchParams.get("months") ?? "",
    method: values.method,
    graceMonths: query.url.searchParams.get("grace"),
    termUnit: values.unit,
    lng: query.lng,
  };
  const key = JSON.stringify(inputs);
  if (asked) result = answers.get(key) ?? null;
  if (asked && !result) {
    const computed = schedule(inputs);
    if (computed.ok) {
      result = resultView(computed.value);
      answers.set(key, result);
    } else {
      problems = messagesOf(computed.problems);
      for (const [field, problem] of Object.entries(computed.problems)) {
        const typed = field === "months" || field === "grace" || field === "amount" || field === "rate" ? field : null;
        const back =
          typed && !problem.endsWith("Required")
            ? readBack(values[typed], query.lng, { groups: typed !== "rate" })
            : null;
        if (typed && back) understood[typed] = back;
      }
    }
  }
  const products = await loanProductsFor(services, { lng: query.lng, uid: query.uid });
  return {
    values,
    problems,
    understood,
    result,
    methods: LOAN_METHODS,
    limits: { maxMonths: LOAN_LIMITS.maxMonths, maxYears: LOAN_LIMITS.maxYears },
    units: TERM_UNITS,
    products,
  };
}
