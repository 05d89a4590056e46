/**
 * The local amount of a transfer paid in US dollars, where no source gives the currency's rate in won (decision
 * 0091): an estimate through a dated US dollar rate of that currency, as its central bank published it. It is a
 * cross rate of two different days and sources, never what a provider pays out: the page shows it as such.
 */
import { type CurrencyCode, type Decimal, type Money, divide, exponentOf, type Rounding } from "./money";

export interface UsdCrossRate {
  currency: CurrencyCode;
  /** Units of `currency` per one US dollar. */
  perUsd: Decimal;
  day: string;
  sourceName: string;
  sourceUrl: string | null;
}

/** US dollars in `cross.currency`: usdCents × perUsd, in that currency's minor unit, rounded as asked (down). */
export function usdToLocal(usd: Money, cross: UsdCrossRate, rounding: Rounding = "down"): Money {
  if (usd.currency !== "USD") throw new RangeError(`usdToLocal given ${usd.currency}`);
  if (cross.perUsd.units <= 0n) throw new RangeError(`${cross.currency} rate is not positive`);
  const numerator = usd.minor * cross.perUsd.units * 10n ** BigInt(exponentOf(cross.currency));
  const denominator = 10n ** BigInt(exponentOf("USD") + cross.perUsd.scale);
  return { currency: cross.currency, minor: divide(numerator, denominator, rounding) };
}

/** An amount of `cross.currency` in US dollars, rounded as asked (up: at least that much arrives). */
export function localToUsd(local: Money, cross: UsdCrossRate, rounding: Rounding = "up"): Money {
  if (local.currency !== cross.currency) throw new RangeError(`a ${cross.currency} rate used for ${local.currency}`);
  if (cross.perUsd.units <= 0n) throw new RangeError(`${cross.currency} rate is not positive`);
  const numerator = local.minor * 10n ** BigInt(exponentOf("USD") + cross.perUsd.scale);
  const denominator = cross.perUsd.units * 10n ** BigInt(exponentOf(cross.currency));
  return { currency: "USD", minor: divide(numerator, denominator, rounding) };
}
