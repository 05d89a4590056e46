/**
 * Loan schedules (research notes §5), in whole won with no floating point: P principal, r = annual rate / 12,
 * n repayment months.
 *
 * - equalPayment (원리금균등): the same payment A = P·r(1+r)ⁿ / ((1+r)ⁿ − 1) every month, truncated to the won.
 * - equalPrincipal (원금균등): P/n of principal (truncated) each month plus that month's interest.
 * - bullet (만기일시): interest every month, the principal with the last.
 *
 * Each month's interest is balance × r truncated to the won; the last payment settles what truncation left
 * (it clears the balance). Grace months come first and pay interest only; the term counts them, so `months`
 * is the whole loan and repayment runs over `months − graceMonths` (docs/decisions/0059).
 */
import { type AmountProblem, type Decimal, type Parsed, parseAmount, readDecimalInput } from "./money";

export const LOAN_METHODS = ["equalPayment", "equalPrincipal", "bullet"] as const;
export type LoanMethod = (typeof LOAN_METHODS)[number];

export const LOAN_LIMITS = {
  /** 10 trillion won: every figure of the schedule stays exact (it is `bigint` throughout). */
  maxAmount: 10n ** 13n,
  maxMonths: 480,
  /** The same term counted in years (480 months). */
  maxYears: 40,
  /** Refused from here: an annual rate of 100 % or more is not a loan this page explains. */
  rateBelowPercent: 100,
  rateDecimals: 3,
} as const;

export type RateProblem = "rateRequired" | "rateFormat" | "rateNegative" | "rateTooHigh" | "rateDecimals";
export type MonthsProblem = "monthsRequired" | "monthsFormat" | "monthsRange" | "yearsRange";

/** The term's field counts months, or years when the member chooses (the field keeps its name, `months`). */
export const TERM_UNITS = ["months", "years"] as const;
export type TermUnit = (typeof TERM_UNITS)[number];
export type GraceProblem = "graceFormat" | "graceTooLong";

/** Each field's problem, all found at once (decision 0042). */
export interface LoanProblems {
  amount?: AmountProblem;
  rate?: RateProblem;
  months?: MonthsProblem;
  method?: "methodUnknown";
  grace?: GraceProblem;
}

/** A loan as a form gives it (text) or as code does (typed); both are checked the same way. */
export interface LoanInput {
  amount: bigint | string;
  annualRatePercent: string | number;
  months: number | string;
  method: string;
  /** Interest-only months at the start, counted in `months`; blank or absent is none. */
  graceMonths?: number | string | null;
  /** What `months` counts: months (the default, and for anything else sent) or years. */
  termUnit?: string | null;
  /** The language the numbers were typed in (lib/numberInput.ts): its groups and decimal comma are read. */
  lng?: string | null;
}

export interface ScheduleRow {
  month: number;
  payment: bigint;
  principal: bigint;
  interest: bigint;
  /** What is left to repay after this month's payment. */
  balance: bigint;
}

export interface LoanSchedule {
  method: LoanMethod;
  amount: bigint;
  annualRatePercent: Decimal;
  months: number;
  graceMonths: number;
  rows: ScheduleRow[];
  /**
   * equalPayment: the payment every repayment month but the last. equalPrincipal: the first repayment
   * month's (the largest; later ones fall). bullet: the monthly interest.
   */
  monthlyPayment: bigint;
  totalInterest: bigint;
  totalRepaid: bigint;
}

function parseRate(
  value: string | number,
  lng?: string | null,
): { ok: true; value: Decimal } | { ok: false; problem: RateProblem } {
  // A rate is below 100: its one dot or comma is a decimal mark, never a group ("4,125" is 4.125 % in Vietnamese).
  const read = readDecimalInput(String(value), lng, { groups: false });
  if (!read.ok) {
    const problems = {
      required: "rateRequired",
      format: "rateFormat",
      tooLarge: "rateTooHigh",
      tooPrecise: "rateDecimals",
    } as const;
    return { ok: false, problem: problems[read.problem] };
  }
  const rate = read.value;
  if (read.negative) return { ok: false, problem: "rateNegative" };
  if (rate.units >= BigInt(LOAN_LIMITS.rateBelowPercent) * 10n ** BigInt(rate.scale)) {
    return { ok: false, problem: "rateTooHigh" };
  }
  if (rate.scale > LOAN_LIMITS.rateDecimals) return { ok: false, problem: "rateDecimals" };
  return { ok: true, value: rate };
}

/** A whole number (of months) as typed or given: "blank", or null when it is not a whole number. */
function wholeNumber(value: number | string | null | undefined, lng?: string | null): number | null | "blank" {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  const read = readDecimalInput(value, lng);
  if (!read.ok) return read.problem === "required" ? "blank" : null;
  if (read.value.scale > 0 || read.value.units > 1_000_000n) return null;
  return Number(read.value.units) * (read.negative ? -1 : 1);
}

function isLoanMethod(method: string): method is LoanMethod {
  return (LOAN_METHODS as readonly string[]).includes(method);
}

function loanAmount(amount: bigint | string, lng?: string | null): Parsed<bigint, AmountProblem> {
  if (typeof amount === "string") {
    const parsed = parseAmount(amount, "KRW", { max: LOAN_LIMITS.maxAmount, lng });
    return parsed.ok ? { ok: true, value: parsed.value.minor } : parsed;
  }
  if (amount <= 0n) return { ok: false, problem: "amountNotPositive" };
  if (amount > LOAN_LIMITS.maxAmount) return { ok: false, problem: "amountTooLarge" };
  return { ok: true, value: amount };
}

type LoanTerms = Pick<LoanSchedule, "method" | "amount" | "annualRatePercent" | "months" | "graceMonths">;

/** The loan's terms checked field by field, every problem at once. */
export function checkLoan(input: LoanInput): { ok: true; value: LoanTerms } | { ok: false; problems: LoanProblems } {
  const problems: LoanProblems = {};

  const amount = loanAmount(input.amount, input.lng);
  if (!amount.ok) problems.amount = amount.problem;

  const rate = parseRate(input.annualRatePercent, input.lng);
  if (!rate.ok) problems.rate = rate.problem;

  const years = input.termUnit === "years";
  const term = wholeNumber(input.months, input.lng);
  // Years are checked as years (1 000 years is said as such), then counted in months.
  const months = typeof term === "number" && years && term >= 1 && term <= LOAN_LIMITS.maxYears ? term * 12 : term;
  if (months === "blank") problems.months = "monthsRequired";
  else if (months === null) problems.months = "monthsFormat";
  else if (years && months === term) problems.months = "yearsRange";
  else if (months < 1 || months > LOAN_LIMITS.maxMonths) problems.months = "monthsRange";

  if (!isLoanMethod(input.method)) problems.method = "methodUnknown";

  const grace = wholeNumber(input.graceMonths, input.lng);
  const graceMonths = grace === "blank" ? 0 : grace;
  if (graceMonths === null || graceMonths < 0) problems.grace = "graceFormat";
  // At least the last month repays: a grace as long as the term (or longer) leaves no month to repay in.
  else if (typeof months === "number" && !problems.months && graceMonths >= months) problems.grace = "graceTooLong";

  if (!amount.ok || !rate.ok || typeof months !== "number" || graceMonths === null || Object.keys(problems).length) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    value: {
      method: input.method as LoanMethod,
      amount: amount.value,
      annualRatePercent: rate.value,
      months,
      graceMonths,
    },
  };
}

/**
 * The monthly rate as a fraction `perMonth / over`: a rate of `units / 10^scale` percent a year is
 * units / (10^scale × 100 × 12) a month.
 */
function monthlyRate(annualPercent: Decimal): { perMonth: bigint; over: bigint } {
  return { perMonth: annualPercent.units, over: 10n ** BigInt(annualPercent.scale) * 1200n };
}

/**
 * A = P·r(1+r)ⁿ / ((1+r)ⁿ − 1) truncated, computed on integers: with r = k/d,
 * A = P·k·(d+k)ⁿ / (d·((d+k)ⁿ − dⁿ)). A 0 % loan splits the principal evenly (truncated).
 */
export function equalPayment(principal: bigint, annualPercent: Decimal, n: number): bigint {
  const { perMonth: k, over: d } = monthlyRate(annualPercent);
  if (k === 0n) return principal / BigInt(n);
  const grown = (d + k) ** BigInt(n);
  return (principal * k * grown) / (d * (grown - d ** BigInt(n)));
}

/** The schedule, or every problem of the input. */
export function schedule(input: LoanInput): { ok: true; value: LoanSchedule } | { ok: false; problems: LoanProblems } {
  const checked = checkLoan(input);
  if (!checked.ok) return checked;
  const terms = checked.value;
  const { perMonth, over } = monthlyRate(terms.annualRatePercent);
  const interestOn = (balance: bigint) => (balance * perMonth) / over;
  const repaying = terms.months - terms.graceMonths;
  const payment = equalPayment(terms.amount, terms.annualRatePercent, repaying);
  const principalPart = terms.amount / BigInt(repaying);

  const rows: ScheduleRow[] = [];
  let balance = terms.amount;
  for (let month = 1; month <= terms.months; month++) {
    const interest = interestOn(balance);
    const last = month === terms.months;
    let principal = 0n;
    if (last) principal = balance;
    else if (month > terms.graceMonths && terms.method === "equalPayment") principal = payment - interest;
    else if (month > terms.graceMonths && terms.method === "equalPrincipal") principal = principalPart;
    // On a loan of a few won, truncated figures could repay more than is owed before the last month.
    if (principal > balance) principal = balance;
    balance -= principal;
    rows.push({ month, payment: principal + interest, principal, interest, balance });
  }

  const totalInterest = rows.reduce((sum, row) => sum + row.interest, 0n);
  const firstRepayment = rows[terms.graceMonths] as ScheduleRow;
  const monthlyPayment =
    terms.method === "equalPayment"
      ? payment
      : terms.method === "equalPrincipal"
        ? firstRepayment.payment
        : interestOn(terms.amount);
  return {
    ok: true,
    value: { ...terms, rows, monthlyPayment, totalInterest, totalRepaid: terms.amount + totalInterest },
  };
}
