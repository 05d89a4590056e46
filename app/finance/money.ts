/**
 * Money for the finance tools: amounts are integers of each currency's minor unit held as `bigint`, rates are
 * exact decimals, and every conversion rounds in one stated direction. No floating point touches an amount
 * (docs/decisions/0059).
 *
 * Why `bigint` and not safe integers: an amount up to 10^13 KRW fits in a double, but its product with a rate
 * (10^13 × 147,021 for 1,470.21 written as a scaled integer) does not, and the loan's annuity needs (1 + r)^n
 * for n up to 480. One representation for every figure keeps the arithmetic exact everywhere; pages get text
 * (`minorToDecimalText`, then `formatNumber` for the comma groups), since JSON has no `bigint`.
 */
import { canonicalNumber, latinDigits, LONG_RUN } from "~/lib/numberInput";

/**
 * The app's currencies with their ISO 4217 minor units: KRW, the 23 the Korea Eximbank's AP01 answers with
 * (China as CNY: AP01 says CNH, see eximbank.server.ts), and the corridors' currencies AP01 does not carry.
 *
 * Where practice differs from ISO (`practice`), arithmetic still uses ISO's exponent: the difference is at
 * most one major unit's fraction and is the page's to show, not the calculation's to hide. Checked against
 * Node 20's Intl (CLDR), which formats IDR, MMK and PKR with no decimals.
 */
export const CURRENCIES = {
  KRW: { exponent: 0 },
  AED: { exponent: 2 },
  AUD: { exponent: 2 },
  BHD: { exponent: 3 },
  BND: { exponent: 2 },
  CAD: { exponent: 2 },
  CHF: { exponent: 2, practice: "Cash is rounded to 5 centimes." },
  CNY: { exponent: 2 },
  DKK: { exponent: 2, practice: "Cash is rounded to 50 øre." },
  EUR: { exponent: 2 },
  GBP: { exponent: 2 },
  HKD: { exponent: 2 },
  IDR: { exponent: 2, practice: "No sen circulate: prices and transfers are whole rupiah (CLDR: 0 decimals)." },
  JPY: { exponent: 0 },
  KWD: { exponent: 3 },
  MYR: { exponent: 2 },
  NOK: { exponent: 2, practice: "Cash is whole kroner." },
  NZD: { exponent: 2 },
  SAR: { exponent: 2 },
  SEK: { exponent: 2, practice: "Cash is whole kronor." },
  SGD: { exponent: 2 },
  THB: { exponent: 2 },
  USD: { exponent: 2 },
  VND: { exponent: 0 },
  PHP: { exponent: 2 },
  NPR: { exponent: 2 },
  UZS: { exponent: 2, practice: "Tiyin are not used: cash is whole som." },
  MNT: { exponent: 2, practice: "Möngö are not used: cash is whole tögrög." },
  KHR: { exponent: 2, practice: "Sen are not used; small amounts are often paid in USD." },
  MMK: { exponent: 2, practice: "Pya are not used (CLDR: 0 decimals)." },
  BDT: { exponent: 2 },
  LKR: { exponent: 2 },
  PKR: { exponent: 2, practice: "Paisa are not used (CLDR: 0 decimals)." },
  KGS: { exponent: 2 },
  TRY: { exponent: 2 },
  RUB: { exponent: 2 },
  TWD: { exponent: 2, practice: "Cash is whole dollars." },
} as const satisfies Record<string, { exponent: number; practice?: string }>;

export type CurrencyCode = keyof typeof CURRENCIES;

export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

export function exponentOf(currency: CurrencyCode): number {
  return CURRENCIES[currency].exponent;
}

/** An amount in the currency's minor unit (1 = one won, one cent, one fils). */
export interface Money {
  currency: CurrencyCode;
  minor: bigint;
}

/** What a parser gives back: the value, or the name of the problem the form layer translates. */
export type Parsed<T, P extends string> = { ok: true; value: T } | { ok: false; problem: P };

/** An exact decimal: `units / 10^scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/**
 * A rate from a source: `krw` won for `unit` units of `currency` (AP01 quotes JPY and IDR per 100, and
 * operators often enter VND per 100 too).
 */
export interface Rate {
  currency: CurrencyCode;
  unit: 1 | 100;
  krw: Decimal;
}

// ---------------------------------------------------------------------------------------------------------
// Reading numbers people type

/** Digits beyond this (on either side of the point) are refused before any arithmetic: no 400-digit `bigint`. */
const MAX_DIGITS = 40;

/**
 * A plain decimal number as typed: digits, optional groups of three, optional fraction, optional leading minus
 * (for the parser to refuse by name), in the app's style (comma groups, decimal point) or in `lng`'s habit
 * (lib/numberInput.ts: dot or space groups and a decimal comma in vi, id, tr, ru, ky, uz). Exponents,
 * `Infinity`, hex are not numbers, nor a decimal comma in a language that writes none ("1,50" in English is
 * refused rather than read as 150 or 1.5). The value is exact, its fraction's trailing zeros dropped
 * ("1,000.00" is 1000).
 */
export type DecimalInput =
  | { ok: true; negative: boolean; value: Decimal }
  | { ok: false; problem: "required" | "format" | "tooLarge" | "tooPrecise" };

export function readDecimalInput(
  text: string | null | undefined,
  lng?: string | null,
  options: { groups?: boolean } = {},
): DecimalInput {
  const raw = text ?? "";
  // Longer than any number we take: said without normalising megabytes of it.
  if (raw.length > 4 * MAX_DIGITS) return { ok: false, problem: LONG_RUN.test(raw) ? "tooLarge" : "format" };
  const trimmed = latinDigits(raw).trim().replace(/ +/g, " ");
  if (trimmed === "") return { ok: false, problem: "required" };
  const canonical = canonicalNumber(trimmed, lng, options);
  const match = canonical === null ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(canonical);
  if (!match) return { ok: false, problem: "format" };
  const [, sign = "", grouped = "", fraction = ""] = match;
  const whole = grouped.replace(/^0+(?=\d)/, "");
  const kept = fraction.replace(/0+$/, "");
  if (whole.length > MAX_DIGITS) return { ok: false, problem: "tooLarge" };
  if (kept.length > MAX_DIGITS) return { ok: false, problem: "tooPrecise" };
  const value = { units: BigInt(whole + kept), scale: kept.length };
  return { ok: true, negative: sign === "-" && value.units !== 0n, value };
}

export type AmountProblem =
  "amountRequired" | "amountFormat" | "amountNotPositive" | "amountDecimals" | "amountTooLarge";

/** A quadrillion minor units: beyond any transfer or loan, far inside exact arithmetic. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

/**
 * An amount as typed, in `currency`. Digits past the currency's minor unit are refused unless they are zeros
 * ("1,000.00" won is 1,000 won; "1,000.5" won is `amountDecimals`): nothing typed is ever rounded away.
 */
export function parseAmount(
  text: string | null | undefined,
  currency: CurrencyCode,
  options: { allowZero?: boolean; max?: bigint; lng?: string | null } = {},
): Parsed<Money, AmountProblem> {
  const read = readDecimalInput(text, options.lng);
  if (!read.ok) {
    const problems = {
      required: "amountRequired",
      format: "amountFormat",
      tooLarge: "amountTooLarge",
      tooPrecise: "amountDecimals",
    } as const;
    return { ok: false, problem: problems[read.problem] };
  }
  const { value } = read;
  if (read.negative) return { ok: false, problem: "amountNotPositive" };
  const exponent = exponentOf(currency);
  if (value.scale > exponent) return { ok: false, problem: "amountDecimals" };
  const minor = value.units * 10n ** BigInt(exponent - value.scale);
  if (minor === 0n && !options.allowZero) return { ok: false, problem: "amountNotPositive" };
  if (minor > (options.max ?? MAX_AMOUNT_MINOR)) return { ok: false, problem: "amountTooLarge" };
  return { ok: true, value: { currency, minor } };
}

/** A figure from a data source ("1,347.21"): a non-negative exact decimal, or null when it is not one. */
export function parseDecimal(text: string | number): Decimal | null {
  const read = readDecimalInput(String(text));
  return read.ok && !read.negative ? read.value : null;
}

// ---------------------------------------------------------------------------------------------------------
// Writing numbers

function digitsWithPoint(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** 123450n USD → "1234.50": every minor digit shown (format it with `formatNumber` for the comma groups). */
export function minorToDecimalText(money: Money): string {
  return digitsWithPoint(money.minor, exponentOf(money.currency));
}

/** The decimal exactly, without trailing zeros: { units: 13472100n, scale: 4 } → "1347.21". */
export function decimalText(value: Decimal): string {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return digitsWithPoint(units, scale);
}

// ---------------------------------------------------------------------------------------------------------
// Arithmetic

export type Rounding = "down" | "up";

/** `numerator / denominator` for non-negative numerators and positive denominators, rounded as asked. */
export function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  return rounding === "up" && quotient * denominator !== numerator ? quotient + 1n : quotient;
}

/** `value × factor / 10^factorScale`, exactly. */
export function scaleDecimal(value: Decimal, factor: bigint, factorScale: number): Decimal {
  return { units: value.units * factor, scale: value.scale + factorScale };
}

function checkRate(rate: Rate, currency: CurrencyCode): void {
  if (rate.currency !== currency) throw new RangeError(`a ${rate.currency} rate used for ${currency}`);
  if (rate.krw.units <= 0n) throw new RangeError(`${rate.currency} rate is not positive`);
}

/**
 * What `money` is worth in won at `rate`. Rounds down to the won unless asked to round up (the smallest
 * number of won that buys at least `money`, for a remittance asked by the amount to arrive).
 *
 * won = minor × krw / (10^exponent × unit)
 */
export function toKrw(money: Money, rate: Rate, rounding: Rounding = "down"): Money {
  checkRate(rate, money.currency);
  const denominator = 10n ** BigInt(exponentOf(money.currency) + rate.krw.scale) * BigInt(rate.unit);
  return { currency: "KRW", minor: divide(money.minor * rate.krw.units, denominator, rounding) };
}

/**
 * What `krw` buys of `rate`'s currency, rounded down to that currency's minor unit (a member is never shown
 * more than arrives).
 *
 * minor = won × 10^exponent × unit / krw
 */
export function fromKrw(krw: Money, rate: Rate, rounding: Rounding = "down"): Money {
  if (krw.currency !== "KRW") throw new RangeError(`fromKrw given ${krw.currency}`);
  checkRate(rate, rate.currency);
  const numerator = krw.minor * 10n ** BigInt(exponentOf(rate.currency) + rate.krw.scale) * BigInt(rate.unit);
  return { currency: rate.currency, minor: divide(numerator, rate.krw.units, rounding) };
}
