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
  /** Older than STALE_DAYS in Korea's calendar: shown as an old rate, never as today's. */
  old: boolean;
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
  /** The chosen corridor's currencies, its first the one used when none is chosen. */
  currencies: { code: string; name: string }[];
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
  return {
    kind: rate.source,
    name: rate.sourceName,
    url: operatorLinkOrNull(rate.sourceUrl),
    day: rate.day,
    old: daysBetween(rate.day, today) > STALE_DAYS,
  };
}

function currencyNames(lng: string) {
  const names = new Intl.DisplayNames([lng, "en"], { type: "currency", fallback: "code" });
  return (code: string) => ({ code, name: `${code} · ${names.of(code) ?? code}` });
}

function resultOf(value: Quote, direction: "send" | "receive"): RemittanceResult {
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
  const page: RemittancePage = {
    form,
    errors: {},
    understood: {},
    countries: stored
      .map((c) => ({ code: c.country, name: countryName(c.country, lng) }))
      .sort((a, b) => a.name.localeCompare(b.name, lng)),
    currencies: [],
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

  // Asked for nothing yet: the empty form, for a member set to their nationality's corridor and its currency.
  const asked = ["country", "currency", "send", "receive"].some((name) => url.searchParams.has(name));
  if (!asked) {
    const profile = query.uid ? await services.stores.members.profile(query.uid) : null;
    const home = stored.find((c) => c.country === profile?.nationality);
    if (home) {
      form.country = home.country;
      form.currency = home.offers[0]!.currency;
      page.currencies = home.offers.map((o) => named(o.currency));
    }
    return page;
  }

  const record = stored.find((c) => c.country === form.country);
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
  const base = rateOf.get(currency);
  if (!base || !usd) {
    page.errors.currency = formMessage("remittance.errors.noRate", { currency: base ? "USD" : currency });
    return page;
  }
  page.rate = rateView(base, today);
  if (Object.keys(page.errors).length > 0) return page;

  const quoteRates = { base: base.base, usd: usd.base };
  const corridor = corridorOf(record);
  const answer =
    sendAmount?.ok === true
      ? quote({ corridor, currency, send: sendAmount.value.minor }, quoteRates)
      : receiveAmount?.ok === true
        ? quote({ corridor, currency, receive: receiveAmount.value.minor }, quoteRates)
        : null;
  if (!answer) return page;
  const at = sendAmount ? "send" : "receive";
  if (answer.ok) {
    page.result = resultOf(answer.value, at);
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
    page.errors[at] = formMessage("remittance.errors.sendTooSmall", { currency });
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
