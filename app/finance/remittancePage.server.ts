/**
 * /finance/remittance on the server: reads the GET form (`country`, optional `currency`, and either `send` in
 * won or `receive` in the currency paid out), finds the country's corridor and the rates in force, and quotes
 * (app/finance/remittance.ts). Every figure leaves here as text with its comma groups; every problem as a
 * message key beside the field it is about, with what was typed kept. Nothing here throws on input.
 */
import type { Services } from "~/context";
import { countryName } from "~/countries/countries.server";
import { formMessage } from "~/lib/formMessage";
import { formatNumber, formatDate } from "~/lib/format";
import { readBack, TYPED_MAX, type ReadBack } from "~/lib/numberInput";
import type { CorridorFact, StoredRate } from "~/stores/stores";
import { corridorOf, OWN_RESEARCH, TYPICAL_BANK_COUNTER } from "./corridors.server";
import {
  type AmountProblem,
  type CurrencyCode,
  type Decimal,
  type Money,
  decimalText,
  exponentOf,
  isCurrencyCode,
  minorToDecimalText,
  parseAmount,
  toKrw,
} from "./money";
import { REMITTANCE_LIMITS, quote, type Quote } from "./remittance";
import { localToUsd, usdToLocal, type UsdCrossRate } from "./crossRate";
import { usdCrossRates } from "./rates.server";
import { isOperatorLink, operatorLinkOrNull } from "~/lib/links";

/** What the member typed, as typed (a code longer than any real one is cut; amounts are kept whole). */
export interface RemittanceForm {
  country: string;
  currency: string;
  send: string;
  receive: string;
}

export type RemittanceField = "country" | "currency" | "amount" | "send" | "receive";

export interface RateView {
  kind: StoredRate["source"];
  name: string;
  url: string | null;
  /** The day the rate is of. */
  day: string;
  /** Days from `day` to today in Korea, shown with the figure when it is old. */
  ageDays: number;
  /** Older than STALE_DAYS in Korea's calendar: shown as an old rate, never as today's. */
  old: boolean;
}

/**
 * An estimate made in US dollars because no won rate covers the currency asked for (decision 0091): the quote is
 * the USD leg at our rate; the local amount, where a dated USD rate of that currency ships, a cross-rate estimate.
 */
export interface ViaUsd {
  /** The currency asked for. */
  currency: CurrencyCode;
  cross: {
    /** The amount received in `currency` at the cross rate, rounded down. */
    amount: string;
    /** Units of `currency` per US dollar. */
    perUsd: string;
    sourceName: string;
    sourceUrl: string | null;
    day: string;
    ageDays: number;
    old: boolean;
  } | null;
}

export interface RemittanceResult {
  direction: "send" | "receive";
  currency: CurrencyCode;
  send: string;
  fee: string;
  total: string;
  receive: string;
  /** Won per `unit` units of the currency. */
  unit: 1 | 100;
  baseRate: string;
  appliedRate: string;
  margin: string;
  /** The margin in percent, "1.00". */
  marginPercent: string;
  /** Made in US dollars for a currency without a won rate; null when made in the currency itself. */
  via: ViaUsd | null;
}

export interface CorridorView {
  country: string;
  countryName: string;
  /** Whose figures: a name as written, or null for the typical bank counter (named in the page's language). */
  provider: string | null;
  /** Where from: as written, or null for the app's own research notes. */
  source: string | null;
  sourceIsLink: boolean;
  asOf: string;
  unverified: CorridorFact[];
  /** Bank counters add a cable charge and intermediary fees the quote does not count: the page says so. */
  bankCounter: boolean;
}

export interface RemittancePage {
  form: RemittanceForm;
  errors: Partial<Record<RemittanceField, string>>;
  /** Beside an amount's problem, what was read in it (lib/numberInput.ts). */
  understood: Partial<Record<"send" | "receive", ReadBack>>;
  countries: { code: string; name: string }[];
  /**
   * The chosen corridor's currencies, its first the one used when none is chosen; before a country is chosen,
   * every currency a corridor pays out (US dollars first: every corridor pays them).
   */
  currencies: { code: string; name: string }[];
  /** Each country's currencies, so the list follows the country chosen without a round trip (with JavaScript). */
  currenciesByCountry: Record<string, { code: string; name: string }[]>;
  corridor: CorridorView | null;
  result: RemittanceResult | null;
  rate: RateView | null;
  /** The USD rate the limits (and fee tiers in dollars) are converted at, shown beside the limits. */
  usdRate: RateView | null;
  limits: { perTransactionUsd: string; perTransactionKrw: string | null; yearlyUsd: string; yearlySince: string };
}

/** A rate older than this many days (a long holiday is five) is said to be old. */
export const STALE_DAYS = 7;
const FIELD_MAX = 160;

const field = (url: URL, name: string, max = FIELD_MAX) => (url.searchParams.get(name) ?? "").slice(0, max);

const AMOUNT_MESSAGES: Record<AmountProblem, string> = {
  amountRequired: "remittance.errors.amountRequired",
  amountFormat: "remittance.errors.amountFormat",
  amountNotPositive: "remittance.errors.amountNotPositive",
  amountDecimals: "remittance.errors.amountDecimals",
  amountTooLarge: "remittance.errors.amountTooLarge",
};

/** "1,470.21": a decimal with its comma groups. */
const decimalShown = (value: Decimal) => formatNumber(decimalText(value));
const moneyShown = (money: Money) => formatNumber(minorToDecimalText(money));
/** A limit: "5,000" for a whole amount (no ".00" in a sentence), its cents only when it has some. */
const limitShown = (money: Money) => moneyShown(money).replace(/\.0+$/, "");

function daysBetween(day: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
}

function rateView(rate: StoredRate, today: string): RateView {
  const ageDays = daysBetween(rate.day, today);
  return {
    kind: rate.source,
    name: rate.sourceName,
    url: operatorLinkOrNull(rate.sourceUrl),
    day: rate.day,
    ageDays,
    old: ageDays > STALE_DAYS,
  };
}

function viaUsd(currency: CurrencyCode, cross: UsdCrossRate | null, receivedUsd: Money, today: string): ViaUsd {
  if (!cross) return { currency, cross: null };
  const ageDays = daysBetween(cross.day, today);
  return {
    currency,
    cross: {
      amount: moneyShown(usdToLocal(receivedUsd, cross)),
      perUsd: decimalShown(cross.perUsd),
      sourceName: cross.sourceName,
      sourceUrl: operatorLinkOrNull(cross.sourceUrl),
      day: cross.day,
      ageDays,
      old: ageDays > STALE_DAYS,
    },
  };
}

function currencyNames(lng: string) {
  const names = new Intl.DisplayNames([lng, "en"], { type: "currency", fallback: "code" });
  return (code: string) => ({ code, name: `${code} · ${names.of(code) ?? code}` });
}

function resultOf(value: Quote, direction: "send" | "receive", via: ViaUsd | null = null): RemittanceResult {
  return {
    direction,
    currency: value.receive.currency,
    send: moneyShown(value.send),
    fee: moneyShown(value.fee),
    total: moneyShown(value.total),
    receive: moneyShown(value.receive),
    unit: value.baseRate.unit,
    baseRate: decimalShown(value.baseRate.krw),
    appliedRate: decimalShown(value.appliedRate.krw),
    margin: decimalShown(value.margin),
    marginPercent: (value.marginBasisPoints / 100).toFixed(2),
    via,
  };
}

export async function remittancePage(
  services: Pick<Services, "stores">,
  query: { url: URL; lng: string; now?: number; uid?: string | null },
): Promise<RemittancePage> {
  const { url, lng } = query;
  const today = formatDate(query.now ?? Date.now());
  const form: RemittanceForm = {
    country: field(url, "country").trim().toUpperCase(),
    currency: field(url, "currency").trim().toUpperCase(),
    send: field(url, "send", TYPED_MAX),
    receive: field(url, "receive", TYPED_MAX),
  };
  const [stored, rates] = await Promise.all([services.stores.corridors.list(), services.stores.rates.current()]);
  const rateOf = new Map(rates.map((r) => [r.currency, r]));
  const named = currencyNames(lng);
  const paidOut = [...new Set(stored.flatMap((c) => c.offers.map((o) => o.currency)))].sort((a, b) =>
    a === "USD" ? -1 : b === "USD" ? 1 : a.localeCompare(b),
  );
  const page: RemittancePage = {
    form,
    errors: {},
    understood: {},
    countries: stored
      .map((c) => ({ code: c.country, name: countryName(c.country, lng) }))
      .sort((a, b) => a.name.localeCompare(b.name, lng)),
    currencies: paidOut.map(named),
    currenciesByCountry: Object.fromEntries(stored.map((c) => [c.country, c.offers.map((o) => named(o.currency))])),
    corridor: null,
    result: null,
    rate: null,
    usdRate: null,
    limits: {
      perTransactionUsd: limitShown(REMITTANCE_LIMITS.perTransaction),
      perTransactionKrw: null,
      yearlyUsd: limitShown(REMITTANCE_LIMITS.yearly),
      yearlySince: REMITTANCE_LIMITS.yearlySince,
    },
  };
  const usd = rateOf.get("USD");
  if (usd) {
    page.usdRate = rateView(usd, today);
    page.limits.perTransactionKrw = moneyShown(toKrw(REMITTANCE_LIMITS.perTransaction, usd.base, "down"));
  }

  // Asked for nothing yet (the form always sends both amounts): the empty form, for a member set to their
  // nationality's corridor and its currency, or one a link filled in (`?country=VN` from the home page) with that
  // country's currencies and no error.
  const asked = ["send", "receive"].some((name) => url.searchParams.has(name));
  if (!asked && !url.searchParams.has("country") && !url.searchParams.has("currency") && query.uid) {
    const profile = await services.stores.members.profile(query.uid);
    const home = stored.find((c) => c.country === profile?.nationality);
    if (home) {
      form.country = home.country;
      form.currency = home.offers[0]!.currency;
    }
  }
  const record = stored.find((c) => c.country === form.country);
  if (!asked) {
    if (record) page.currencies = record.offers.map((o) => named(o.currency));
    return page;
  }

  if (!form.country) page.errors.country = "remittance.errors.countryRequired";
  else if (!record) {
    page.errors.country = formMessage("remittance.errors.noCorridor", { code: form.country.slice(0, 3) });
  }

  let currency: CurrencyCode | null = null;
  if (record) {
    page.currencies = record.offers.map((o) => named(o.currency));
    page.corridor = {
      country: record.country,
      countryName: countryName(record.country, lng),
      provider: record.provider === TYPICAL_BANK_COUNTER ? null : record.provider,
      source: record.source === OWN_RESEARCH ? null : record.source,
      // Only an address that keeps the link rule is a link (one stored before the rule held is shown as text).
      sourceIsLink: isOperatorLink(record.source),
      asOf: record.asOf,
      unverified: record.unverified,
      bankCounter: record.provider === TYPICAL_BANK_COUNTER,
    };
    const wanted = form.currency || record.offers[0]!.currency;
    if (record.offers.some((o) => o.currency === wanted) && isCurrencyCode(wanted)) currency = wanted;
    else {
      page.errors.currency = formMessage("remittance.errors.currencyNotOffered", {
        currency: wanted.slice(0, 3),
        offered: record.offers.map((o) => o.currency).join(", "),
      });
    }
  }

  const send = form.send.trim();
  const receive = form.receive.trim();
  if (send && receive) page.errors.amount = "remittance.errors.bothAmounts";
  else if (!send && !receive) page.errors.amount = "remittance.errors.amountRequired";

  // Each amount read on its own, so every problem is said at once (decision 0042).
  const sendAmount = send ? parseAmount(send, "KRW", { lng }) : null;
  if (sendAmount && !sendAmount.ok) page.errors.send = AMOUNT_MESSAGES[sendAmount.problem];
  const receiveAmount = receive && currency ? parseAmount(receive, currency, { lng }) : null;
  if (receiveAmount && !receiveAmount.ok) {
    const problem = receiveAmount.problem;
    page.errors.receive =
      problem === "amountDecimals" && currency
        ? formMessage("remittance.errors.amountDecimalsIn", { currency, digits: exponentOf(currency) })
        : AMOUNT_MESSAGES[problem];
  }

  for (const name of ["send", "receive"] as const) {
    const back = page.errors[name] ? readBack(form[name], lng) : null;
    if (back) page.understood[name] = back;
  }

  if (!record || !currency) return page;
  // No won rate for the currency asked for: the estimate is made in US dollars, which every corridor pays
  // (decision 0091), the local amount a cross-rate estimate where a dated USD rate of it ships.
  const direct = rateOf.get(currency);
  const through = !direct && currency !== "USD" && record.offers.some((o) => o.currency === "USD");
  const base = direct ?? (through ? usd : undefined);
  if (!base || !usd) {
    page.errors.currency = formMessage("remittance.errors.noRate", { currency: usd ? currency : "USD" });
    return page;
  }
  page.rate = rateView(base, today);
  const cross = through ? (usdCrossRates().find((r) => r.currency === currency) ?? null) : null;
  let receiveMinor = receiveAmount?.ok === true ? receiveAmount.value.minor : null;
  if (through && receiveMinor !== null) {
    // An amount to arrive in the local currency is asked in US dollars at the cross rate (rounded up).
    if (cross) receiveMinor = localToUsd({ currency, minor: receiveMinor }, cross).minor;
    else page.errors.receive = formMessage("remittance.errors.receiveThroughUsd", { currency });
  }
  if (Object.keys(page.errors).length > 0) return page;

  const quoted: CurrencyCode = through ? "USD" : currency;
  const quoteRates = { base: base.base, usd: usd.base };
  const corridor = corridorOf(record);
  const answer =
    sendAmount?.ok === true
      ? quote({ corridor, currency: quoted, send: sendAmount.value.minor }, quoteRates)
      : receiveMinor !== null
        ? quote({ corridor, currency: quoted, receive: receiveMinor }, quoteRates)
        : null;
  if (!answer) return page;
  const at = sendAmount ? "send" : "receive";
  if (answer.ok) {
    page.result = resultOf(answer.value, at, through ? viaUsd(currency, cross, answer.value.receive, today) : null);
    return page;
  }
  const back = readBack(form[at], lng);
  if (back && answer.problem !== "currencyNotOffered") page.understood[at] = back;
  if (answer.problem === "overTransactionLimit") {
    page.errors[at] = formMessage("remittance.errors.overLimit", {
      usd: limitShown(answer.limit.usd),
      krw: moneyShown(answer.limit.krw),
    });
  } else if (answer.problem === "sendTooSmall") {
    page.errors[at] = formMessage("remittance.errors.sendTooSmall", { currency: quoted });
  } else if (answer.problem === "amountNotPositive") {
    page.errors[at] = AMOUNT_MESSAGES.amountNotPositive;
  } else {
    page.errors.currency = formMessage("remittance.errors.currencyNotOffered", {
      currency,
      offered: record.offers.map((o) => o.currency).join(", "),
    });
  }
  return page;
}
