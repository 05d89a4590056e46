/**
 * Remittance quotes: what a member pays in won and what arrives, itemised, from a corridor's operator data
 * (fee, margin, date, source) and a base rate. Nothing here knows a real provider's prices: corridors are
 * data the operator enters with their date (docs/decisions/0059).
 *
 * `send` is the won converted; the fee is charged on top (total = send + fee). The rate applied is the base
 * rate (매매기준율) with the provider's margin added to the price of the foreign currency, as banks price TTS
 * over the base rate: applied = base × (1 + margin). The amount received is rounded down to the currency's
 * minor unit; asked for an amount to arrive, the send amount is the smallest number of won that delivers at
 * least that much.
 */
import {
  type CurrencyCode,
  type Decimal,
  type Money,
  type Rate,
  fromKrw,
  isCurrencyCode,
  scaleDecimal,
  toKrw,
} from "./money";

/**
 * A flat fee, or tiers by the won sent: the first tier whose `upToKrw` (inclusive) covers it; null is "above".
 * Banks state their counter tiers in US dollars ("up to USD 500"): `tieredUsd` tiers are bounded in US cents
 * and compared with the won sent converted at the day's USD base rate (rounded down), so they move with it.
 */
export type RemittanceFee =
  | { kind: "flat"; krw: bigint }
  | { kind: "tiered"; tiers: readonly { upToKrw: bigint | null; krw: bigint }[] }
  | { kind: "tieredUsd"; tiers: readonly { upToUsd: bigint | null; krw: bigint }[] };

export interface CorridorOffer {
  currency: CurrencyCode;
  /** The provider's margin over the base rate, in basis points (150 = 1.5 %). */
  marginBasisPoints: number;
}

export interface Corridor {
  /** ISO 3166-1 alpha-2 of the country money goes to. */
  country: string;
  /** Whose figures these are, as the page names them. */
  provider: string;
  /** The currencies a recipient can be paid in, each with its margin. */
  offers: readonly CorridorOffer[];
  fee: RemittanceFee;
  /** The day the operator read the figures (yyyy-mm-dd). */
  asOf: string;
  /** Where they were read: an address or a document's name. */
  source: string;
}

/**
 * The law's limits (research notes §4). Per transaction USD 5,000 for small-amount remittance companies
 * (소액해외송금업, since 2019; whether it stays after 2026 is not confirmed). From 1 January 2026 one personal
 * limit of USD 100,000 a year across all providers without documents (ORIS); the page explains it, a single
 * quote cannot check it.
 */
export const REMITTANCE_LIMITS = {
  perTransaction: { currency: "USD", minor: 500_000n },
  yearly: { currency: "USD", minor: 10_000_000n },
  yearlySince: "2026-01-01",
} as const satisfies Record<string, Money | string>;

export type QuoteRequest =
  | { corridor: Corridor; currency: CurrencyCode; send: bigint }
  | { corridor: Corridor; currency: CurrencyCode; receive: bigint };

/** The base rate of the currency paid out, and USD's for the limits. */
export interface QuoteRates {
  base: Rate;
  usd: Rate;
}

export interface LimitInKrw {
  usd: Money;
  /** The same at the USD base rate, rounded down to the won. */
  krw: Money;
}

export interface Quote {
  country: string;
  provider: string;
  asOf: string;
  source: string;
  send: Money;
  fee: Money;
  /** send + fee: what the member pays. */
  total: Money;
  receive: Money;
  baseRate: Rate;
  appliedRate: Rate;
  marginBasisPoints: number;
  /** appliedRate − baseRate, in won per the rate's unit. */
  margin: Decimal;
  limits: { perTransaction: LimitInKrw; yearly: LimitInKrw };
}

export type QuoteProblem =
  | { problem: "currencyNotOffered" }
  | { problem: "amountNotPositive" }
  /** So little that not one minor unit of the currency arrives. */
  | { problem: "sendTooSmall" }
  | { problem: "overTransactionLimit"; limit: LimitInKrw };

const BASIS_POINTS = 10_000n;

/** What is wrong with a corridor's data, as short reasons for the operator (none: it can be quoted). */
export function corridorProblems(corridor: Corridor): string[] {
  const problems: string[] = [];
  if (!/^[A-Z]{2}$/.test(corridor.country)) problems.push("country is not an ISO 3166 alpha-2 code");
  if (!corridor.provider.trim()) problems.push("provider is missing");
  if (!corridor.source.trim()) problems.push("source is missing");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(corridor.asOf)) problems.push("asOf is not yyyy-mm-dd");
  if (corridor.offers.length === 0) problems.push("no currency offered");
  for (const offer of corridor.offers) {
    if (!isCurrencyCode(offer.currency) || offer.currency === "KRW") problems.push(`${offer.currency} is not offered`);
    const margin = offer.marginBasisPoints;
    if (!Number.isInteger(margin) || margin < 0 || margin >= 10_000) problems.push(`${offer.currency} margin`);
  }
  const { fee } = corridor;
  if (fee.kind === "flat") {
    if (fee.krw < 0n) problems.push("fee is negative");
  } else {
    const tiers = tiersOf(fee);
    if (tiers.length === 0 || tiers.at(-1)?.upTo !== null) problems.push("the last fee tier must be open-ended");
    tiers.forEach((tier, index) => {
      if (tier.krw < 0n) problems.push("fee is negative");
      const previous = index > 0 ? tiers[index - 1]?.upTo : undefined;
      const below = typeof previous === "bigint" && tier.upTo !== null && tier.upTo <= previous;
      if (index < tiers.length - 1 && (tier.upTo === null || below)) {
        problems.push("fee tiers are not in ascending order");
      }
    });
  }
  return problems;
}

/** A tiered fee's tiers with their bound in the unit they count (won, or US cents). */
function tiersOf(fee: Exclude<RemittanceFee, { kind: "flat" }>): { upTo: bigint | null; krw: bigint }[] {
  return fee.kind === "tiered"
    ? fee.tiers.map((t) => ({ upTo: t.upToKrw, krw: t.krw }))
    : fee.tiers.map((t) => ({ upTo: t.upToUsd, krw: t.krw }));
}

/** The fee for `sendKrw` won; tiers in US dollars need the day's USD base rate. */
export function feeFor(fee: RemittanceFee, sendKrw: bigint, usd?: Rate): bigint {
  if (fee.kind === "flat") return fee.krw;
  let amount = sendKrw;
  if (fee.kind === "tieredUsd") {
    if (!usd) throw new RangeError("fee tiers in USD need the USD rate");
    amount = fromKrw({ currency: "KRW", minor: sendKrw }, usd, "down").minor;
  }
  // A checked corridor's last tier is open-ended, so one always covers the amount.
  const tier = tiersOf(fee).find((t) => t.upTo === null || amount <= t.upTo);
  if (!tier) throw new RangeError("no fee tier covers the amount");
  return tier.krw;
}

/** The base rate with the margin added to the foreign currency's price: base × (10,000 + bp) / 10,000. */
export function appliedRate(base: Rate, marginBasisPoints: number): Rate {
  return { ...base, krw: scaleDecimal(base.krw, BASIS_POINTS + BigInt(marginBasisPoints), 4) };
}

function limitInKrw(limit: Money, usd: Rate): LimitInKrw {
  return { usd: limit, krw: toKrw(limit, usd, "down") };
}

/**
 * The other side of a transfer, itemised. Refused: a currency the corridor does not offer, an amount that is
 * not positive or delivers nothing, and a transfer over the per-transaction limit (the limit named).
 */
export function quote(
  request: QuoteRequest,
  rates: QuoteRates,
): { ok: true; value: Quote } | ({ ok: false } & QuoteProblem) {
  const { corridor, currency } = request;
  const wrong = corridorProblems(corridor);
  if (wrong.length) throw new RangeError(`corridor ${corridor.country}: ${wrong.join("; ")}`);
  const offer = corridor.offers.find((o) => o.currency === currency);
  if (!offer) return { ok: false, problem: "currencyNotOffered" };
  if (rates.base.currency !== currency || rates.usd.currency !== "USD") {
    throw new RangeError(`rates for ${rates.base.currency} and ${rates.usd.currency} given for ${currency}`);
  }
  const applied = appliedRate(rates.base, offer.marginBasisPoints);

  let send: Money;
  let receive: Money;
  if ("send" in request) {
    if (request.send <= 0n) return { ok: false, problem: "amountNotPositive" };
    send = { currency: "KRW", minor: request.send };
    receive = fromKrw(send, applied, "down");
    if (receive.minor === 0n) return { ok: false, problem: "sendTooSmall" };
  } else {
    if (request.receive <= 0n) return { ok: false, problem: "amountNotPositive" };
    receive = { currency, minor: request.receive };
    // The smallest won amount whose rounded-down conversion is at least `receive`.
    send = toKrw(receive, applied, "up");
  }

  const limits = {
    perTransaction: limitInKrw(REMITTANCE_LIMITS.perTransaction, rates.usd),
    yearly: limitInKrw(REMITTANCE_LIMITS.yearly, rates.usd),
  };
  // A whole number of won is over the exact USD 5,000 equivalent exactly when it is over its rounded-down value.
  if (send.minor > limits.perTransaction.krw.minor) {
    return { ok: false, problem: "overTransactionLimit", limit: limits.perTransaction };
  }

  const fee: Money = { currency: "KRW", minor: feeFor(corridor.fee, send.minor, rates.usd) };
  return {
    ok: true,
    value: {
      country: corridor.country,
      provider: corridor.provider,
      asOf: corridor.asOf,
      source: corridor.source,
      send,
      fee,
      total: { currency: "KRW", minor: send.minor + fee.minor },
      receive,
      baseRate: rates.base,
      appliedRate: applied,
      marginBasisPoints: offer.marginBasisPoints,
      margin: scaleDecimal(rates.base.krw, BigInt(offer.marginBasisPoints), 4),
      limits,
    },
  };
}
