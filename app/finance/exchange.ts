/**
 * The currency exchange calculator (/finance/currencyExchange): what an amount of one currency is worth in another
 * at the base rates (매매기준율) in force, exactly (docs/decisions/0059, 0060).
 *
 * KRW ↔ any currency with a rate, and between two foreign currencies through KRW (members compare, say, their
 * dollars with their home currency): the cross value is computed in one step, `amount × rateFrom / rateTo`, and
 * rounded once, down to the target currency's minor unit, so going through KRW loses nothing to an intermediate
 * rounding.
 */
import {
  type AmountProblem,
  type CurrencyCode,
  type Decimal,
  type Money,
  type Rate,
  divide,
  exponentOf,
  isCurrencyCode,
  parseAmount,
} from "./money";

/** The currencies the Korea Eximbank's AP01 does not carry: their rates are the operator's (decision 0060). */
export const OPERATOR_CURRENCIES = [
  "VND",
  "PHP",
  "NPR",
  "UZS",
  "MNT",
  "KHR",
  "MMK",
  "BDT",
  "LKR",
  "PKR",
  "KGS",
  "TRY",
  "RUB",
  "TWD",
] as const satisfies readonly CurrencyCode[];

export function isOperatorCurrency(code: string): code is (typeof OPERATOR_CURRENCIES)[number] {
  return (OPERATOR_CURRENCIES as readonly string[]).includes(code);
}

/** Won per won: the "rate" of KRW itself, so one formula covers every direction. */
const WON: Omit<Rate, "currency"> = { unit: 1, krw: { units: 1n, scale: 0 } };

/**
 * `money` in `to`, at each side's rate (null for KRW), rounded down to `to`'s minor unit.
 *
 * won = minor × krwFrom / (10^expFrom × unitFrom); target minor = won × 10^expTo × unitTo / krwTo
 */
export function convert(money: Money, to: CurrencyCode, rates: { from: Rate | null; to: Rate | null }): Money {
  const from = money.currency === "KRW" ? WON : rates.from;
  const into = to === "KRW" ? WON : rates.to;
  if (!from || !into) throw new RangeError(`no rate for ${from ? to : money.currency}`);
  if (from.krw.units <= 0n || into.krw.units <= 0n) throw new RangeError("a rate is not positive");
  const numerator = money.minor * from.krw.units * BigInt(into.unit) * 10n ** BigInt(exponentOf(to) + into.krw.scale);
  const denominator = into.krw.units * BigInt(from.unit) * 10n ** BigInt(exponentOf(money.currency) + from.krw.scale);
  return { currency: to, minor: divide(numerator, denominator, "down") };
}

/** The same rate with another figure for its won (TTB, TTS). */
export const rateAt = (rate: Rate, krw: Decimal): Rate => ({ ...rate, krw });

/** A rate's day is stale once it is more than this many days before today in Korea (a weekend and a Monday fit). */
export const STALE_AFTER_DAYS = 3;

/** Whole days from `day` to `today` (both yyyy-mm-dd, the calendar: no time zone involved). */
export function daysBetween(day: string, today: string): number {
  const at = (text: string) => {
    const [year = 0, month = 1, date = 1] = text.split("-").map(Number);
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((at(today) - at(day)) / 86_400_000);
}

export const isStale = (day: string, today: string) => daysBetween(day, today) > STALE_AFTER_DAYS;

export type CurrencyProblem = "currencyUnknown";
export type ExchangeProblems = Partial<{
  from: CurrencyProblem;
  to: CurrencyProblem | "sameCurrency";
  amount: AmountProblem;
}>;

export interface ExchangeQuery {
  /** What was typed or chosen, kept as it was for the form. */
  input: { from: string; to: string; amount: string };
  problems: ExchangeProblems;
  /** Set when every input is good: the amount to convert and the currency asked for. */
  ask: { amount: Money; to: CurrencyCode } | null;
}

export const DEFAULT_EXCHANGE = { from: "USD", to: "KRW" } as const;

/**
 * The calculator's GET inputs. No `amount` at all is the empty form (no problem); an amount that is there is read
 * strictly (money.ts: no exponent, no negative or zero, no more decimals than the currency has). Codes are ISO
 * upper case; lower case is accepted.
 */
export function readExchangeQuery(
  params: URLSearchParams,
  options: { lng?: string | null; defaults?: { from: string; to: string } } = {},
): ExchangeQuery {
  const raw = (name: string, fallback: string) => params.get(name) ?? fallback;
  const defaults = options.defaults ?? DEFAULT_EXCHANGE;
  const input = {
    from: raw("from", defaults.from).trim().toUpperCase(),
    to: raw("to", defaults.to).trim().toUpperCase(),
    amount: raw("amount", ""),
  };
  const problems: ExchangeProblems = {};
  const from = isCurrencyCode(input.from) ? input.from : null;
  const to = isCurrencyCode(input.to) ? input.to : null;
  if (!from) problems.from = "currencyUnknown";
  if (!to) problems.to = "currencyUnknown";
  else if (to === from) problems.to = "sameCurrency";
  let amount: Money | null = null;
  if (params.has("amount")) {
    // Read in the source currency's minor unit; with an unknown one, only its form is judged.
    const read = parseAmount(input.amount, from ?? "KRW", { lng: options.lng });
    if (read.ok) amount = read.value;
    else if (from || read.problem !== "amountDecimals") problems.amount = read.problem;
  }
  const ask = from && to && amount && Object.keys(problems).length === 0 ? { amount, to } : null;
  return { input, problems, ask };
}
