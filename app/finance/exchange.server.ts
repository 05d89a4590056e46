/**
 * /finance/currencyExchange's data: the inputs judged (exchange.ts), the rates in force from the store, and the
 * answer as text ready to show (pages get digit strings: JSON has no bigint). Reads only the store: rates are
 * fetched by the scheduled job, never on a page view (decision 0060).
 */
import type { Services } from "~/context";
import { formatDate, formatNumber, formatTime } from "~/lib/format";
import { readBack, type ReadBack } from "~/lib/numberInput";
import type { StoredRate } from "~/stores/stores";
import { convert, daysBetween, isStale, rateAt, readExchangeQuery, type ExchangeProblems } from "./exchange";
import { CURRENCY_CODES, type CurrencyCode, type Decimal, type Money, decimalText, minorToDecimalText } from "./money";
import { operatorLinkOrNull } from "~/lib/links";

export interface RateView {
  currency: CurrencyCode;
  unit: 1 | 100;
  /** Won for `unit` units, with comma groups. */
  base: string;
  ttb: string | null;
  tts: string | null;
  source: StoredRate["source"];
  sourceName: string;
  sourceUrl: string | null;
  day: string;
  /** When this server stored it, "yyyy-mm-dd HH:MM" in Korea; null for the sample (its day is what it is of). */
  storedAt: string | null;
  /** Days from `day` to today in Korea. */
  ageDays: number;
  stale: boolean;
}

export interface ExchangeAnswer {
  amount: { currency: CurrencyCode; text: string };
  result: { currency: CurrencyCode; text: string };
  /** The same amount at the wire-transfer rates (sold at TTB, bought at TTS), when the sources give them. */
  byTransfer: { currency: CurrencyCode; text: string } | null;
}

export interface ExchangePage {
  input: { from: string; to: string; amount: string };
  problems: ExchangeProblems;
  /** Beside the amount's problem, what was read in it (lib/numberInput.ts). */
  understood: ReadBack | null;
  currencies: { code: CurrencyCode; name: string }[];
  /** The rate of each side that is not KRW and has one. */
  rates: RateView[];
  /** Currencies asked for that have no rate: said, and no number shown. */
  missing: CurrencyCode[];
  answer: ExchangeAnswer | null;
  /** Any figure shown comes from the sample (local mode): the page says these are not live rates. */
  sample: boolean;
}

const shown = (money: Money) => ({ currency: money.currency, text: formatNumber(minorToDecimalText(money)) });
const figure = (value: Decimal | null) => (value ? formatNumber(decimalText(value)) : null);

function rateView(rate: StoredRate, today: string): RateView {
  return {
    currency: rate.currency,
    unit: rate.base.unit,
    base: figure(rate.base.krw)!,
    ttb: figure(rate.ttb),
    tts: figure(rate.tts),
    source: rate.source,
    sourceName: rate.sourceName,
    // A stored address that breaks the link rule (written before it held) is not shown as a link.
    sourceUrl: operatorLinkOrNull(rate.sourceUrl),
    day: rate.day,
    storedAt: rate.source === "sample" ? null : `${formatDate(rate.storedAt)} ${formatTime(rate.storedAt)}`,
    ageDays: daysBetween(rate.day, today),
    stale: isStale(rate.day, today),
  };
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** The currency's name in the page's language (CLDR through Intl), else its code. */
function currencyName(code: CurrencyCode, language: string): string {
  if (!displayNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language, "en"], { type: "currency" });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  return displayNames.get(language)?.of(code) ?? code;
}

/** The wire-transfer answer: the source currency sold at its TTB, the target bought at its TTS (KRW is exact). */
function transferAnswer(amount: Money, to: CurrencyCode, from: StoredRate | null, into: StoredRate | null) {
  const sold = from ? (from.ttb ? rateAt(from.base, from.ttb) : null) : null;
  const bought = into ? (into.tts ? rateAt(into.base, into.tts) : null) : null;
  if ((from && !sold) || (into && !bought)) return null;
  return shown(convert(amount, to, { from: sold, to: bought }));
}

export async function exchangePage(
  services: Pick<Services, "stores">,
  request: { lng: string; params: URLSearchParams; now?: number; uid?: string | null },
): Promise<ExchangePage> {
  // A member who has asked nothing yet starts from won to their nationality's currency (a visitor: USD to won).
  let defaults: { from: string; to: string } | undefined;
  if (request.uid && !request.params.has("from") && !request.params.has("to")) {
    const [profile, corridors] = await Promise.all([
      services.stores.members.profile(request.uid),
      services.stores.corridors.list(),
    ]);
    const home = corridors.find((c) => c.country === profile?.nationality)?.offers[0]?.currency;
    if (home) defaults = { from: "KRW", to: home };
  }
  const { input, problems, ask } = readExchangeQuery(request.params, { lng: request.lng, defaults });
  const today = formatDate(request.now ?? Date.now());
  const inForce = new Map((await services.stores.rates.current()).map((rate) => [rate.currency, rate]));
  const sides = [input.from, input.to].filter((code, i, all) => code !== "KRW" && all.indexOf(code) === i);
  const rates = sides.flatMap((code) => {
    const rate = inForce.get(code as CurrencyCode);
    return rate ? [rateView(rate, today)] : [];
  });
  const missing = sides.filter(
    (code): code is CurrencyCode => CURRENCY_CODES.includes(code as CurrencyCode) && !inForce.has(code as CurrencyCode),
  );
  let answer: ExchangeAnswer | null = null;
  if (ask && missing.length === 0) {
    const from = ask.amount.currency === "KRW" ? null : inForce.get(ask.amount.currency)!;
    const into = ask.to === "KRW" ? null : inForce.get(ask.to)!;
    answer = {
      amount: shown(ask.amount),
      result: shown(convert(ask.amount, ask.to, { from: from?.base ?? null, to: into?.base ?? null })),
      byTransfer: transferAnswer(ask.amount, ask.to, from, into),
    };
  }
  const refused = problems.amount && problems.amount !== "amountRequired" && problems.amount !== "amountFormat";
  return {
    input,
    problems,
    understood: refused ? readBack(input.amount, request.lng) : null,
    // KRW first, then by code: a member looks for a code they know.
    currencies: ["KRW" as const, ...CURRENCY_CODES.filter((code) => code !== "KRW").sort()].map((code) => ({
      code,
      name: currencyName(code, request.lng),
    })),
    rates,
    missing,
    answer,
    sample: rates.some((rate) => rate.source === "sample"),
  };
}
