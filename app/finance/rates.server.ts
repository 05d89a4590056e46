/**
 * Where the exchange rates come from (docs/decisions/0060), all into one store (app/stores/rates.ts) that the pages
 * read; nothing here runs on a page view.
 *
 * - Fetched providers (`RateProvider`): the Korea Eximbank's AP01 when a key is configured, asked by the scheduled
 *   job `exchangeRatesJob` through the one scheduler. A good answer replaces that source's snapshot whole; anything
 *   else (a time-out, HTML, an error code, only empty days) leaves the last good snapshot in place, with its real
 *   day, and is recorded with the attempt. Code 4 (the daily limit) is not asked again before midnight in Korea.
 * - Operator rates: entered per currency with their day and source, in /admin/rates or the content import's `rates`
 *   key (ratesKind.server.ts), for the 14 currencies AP01 does not carry (OPERATOR_CURRENCIES).
 * - The sample (local mode without a key): content/sample-rates.json, real published rates of one day, written at
 *   start and marked `sample` on every page that shows them; dropped as soon as a key is configured.
 */
import { z } from "zod";
import type { Services } from "~/context";
import { isOperatorLink } from "~/lib/links";
import type { Config } from "~/infra/config.server";
import { log as defaultLog, type Log } from "~/infra/log.server";
import { formatDate } from "~/lib/format";
import type { AuditActor, OperatorRateIn, RateSnapshotIn, SaveRateResult, Stores } from "~/stores/stores";
import sampleFile from "../../content/sample-rates.json";
import type { UsdCrossRate } from "./crossRate";
import { isOperatorCurrency } from "./exchange";
import { fetchRates, type FetchRatesOptions } from "./eximbank.server";
import { type CurrencyCode, isCurrencyCode, parseDecimal } from "./money";

// ---------------------------------------------------------------------------------------------------------
// Fetched providers and the job

export type ProviderAnswer =
  | { kind: "rates"; snapshot: RateSnapshotIn }
  /** `outcome` names the failure ("timeout", "html", "3", "4", "empty", …); `notBefore`: do not ask again before (ms). */
  | { kind: "failed"; outcome: string; notBefore: number | null };

/** A source whose rates are fetched whole, a day at a time. */
export interface RateProvider {
  source: "eximbank";
  /** The latest published day on or before today in Korea. Never throws for what the network does. */
  latest(now: Date): Promise<ProviderAnswer>;
}

export const EXIMBANK_SOURCE_NAME = "Korea Eximbank";
/** The page members can read the same figures on. */
export const EXIMBANK_SOURCE_URL = "https://www.koreaexim.go.kr/wg/HPHKWG057M01";

/** The Eximbank's AP01 (eximbank.server.ts) as a provider. */
export function eximbankProvider(
  options: Pick<FetchRatesOptions, "authKey" | "host" | "fetch" | "timeoutMs" | "backoffMs">,
): RateProvider {
  return {
    source: "eximbank",
    async latest(now) {
      const result = await fetchRates({ ...options, now: () => now });
      if (result.kind === "empty") return { kind: "failed", outcome: "empty", notBefore: null };
      if (result.kind === "error") {
        return { kind: "failed", outcome: String(result.code), notBefore: result.notBefore?.getTime() ?? null };
      }
      return {
        kind: "rates",
        snapshot: {
          day: result.date,
          sourceName: EXIMBANK_SOURCE_NAME,
          sourceUrl: EXIMBANK_SOURCE_URL,
          rates: result.rates.map((rate) => ({
            base: { currency: rate.currency, unit: rate.unit, krw: rate.base },
            ttb: rate.ttb,
            tts: rate.tts,
          })),
        },
      };
    },
  };
}

/** "stored", "unchanged" (the day held), "older", "current" (today's held), "waiting" (code 4), or the failure. */
export type RefreshOutcome = string;

/**
 * Asks each provider unless its source already holds today's rates (in Korea) or it must wait (code 4); stores a
 * good answer over an older snapshot, and records each attempt. Returns what happened per source.
 */
export async function refreshRates(
  stores: Pick<Stores, "rates">,
  providers: readonly RateProvider[],
  now: Date,
): Promise<Record<string, RefreshOutcome>> {
  const outcomes: Record<string, RefreshOutcome> = {};
  const at = now.getTime();
  const today = formatDate(now);
  for (const provider of providers) {
    const state = await stores.rates.fetchState(provider.source);
    if (state?.notBefore && state.notBefore > at) {
      outcomes[provider.source] = "waiting";
      continue;
    }
    const storedDay = (await stores.rates.list(provider.source)).reduce(
      (latest, r) => (r.day > latest ? r.day : latest),
      "",
    );
    if (storedDay === today) {
      outcomes[provider.source] = "current";
      continue;
    }
    const answer = await provider.latest(now);
    if (answer.kind === "failed") {
      await stores.rates.recordFetch({ source: provider.source, attemptedAt: at, ...answer });
      outcomes[provider.source] = answer.outcome;
      continue;
    }
    // Only a newer day is stored: the day already held keeps the time it was first stored (the page shows it), and
    // an older one (a portal serving stale data) never replaces it.
    const newer = answer.snapshot.day > storedDay;
    if (newer) await stores.rates.replaceSnapshot(provider.source, answer.snapshot, at);
    await stores.rates.recordFetch({ source: provider.source, attemptedAt: at, outcome: "ok", notBefore: null });
    outcomes[provider.source] = newer ? "stored" : answer.snapshot.day === storedDay ? "unchanged" : "older";
  }
  return outcomes;
}

/** The fetched providers a configuration has: the Eximbank's when its key is set, else none. */
export function configuredProviders(config: Pick<Config, "EXIMBANK_AUTH_KEY" | "EXIMBANK_HOST">): RateProvider[] {
  return config.EXIMBANK_AUTH_KEY
    ? [eximbankProvider({ authKey: config.EXIMBANK_AUTH_KEY, host: config.EXIMBANK_HOST })]
    : [];
}

/** The job for the scheduler (app/server/scheduler.server.ts): at start and every interval, `refreshRates`. */
export function exchangeRatesJob(
  services: Pick<Services, "stores" | "config">,
  options: { providers?: readonly RateProvider[]; now?: () => Date; log?: Pick<Log, "info" | "error"> } = {},
) {
  const { providers = configuredProviders(services.config), now = () => new Date(), log = defaultLog } = options;
  return {
    name: "exchangeRates.refresh",
    intervalMs: services.config.EXCHANGE_RATES_INTERVAL_MS,
    async run(at?: number) {
      if (providers.length === 0) return {};
      const outcomes = await refreshRates(services.stores, providers, at === undefined ? now() : new Date(at));
      for (const [source, outcome] of Object.entries(outcomes)) {
        if (outcome === "stored") log.info("exchangeRates.refresh", { source, outcome });
        // The last good rates stay in place; the failure is the operator's to see in the log.
        else if (!["current", "waiting", "unchanged"].includes(outcome)) {
          log.error("exchangeRates.refresh", undefined, { source, outcome });
        }
      }
      return outcomes;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Operator rates: one schema for the admin form and the content import

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** At most 6 decimals and 12 digits before the point: any published rate fits, nothing absurd does. */
const RATE_TEXT = /^\d{1,12}(\.\d{1,6})?$/;

const isCalendarDay = (text: string) =>
  DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** A rate as typed: digits with an optional point and comma groups, positive; "" when left empty. */
const rateText = z
  .string({ invalid_type_error: "exchange.problems.rateFormat" })
  .transform((text) => text.trim().replace(/,/g, ""))
  .refine(
    (text) => text === "" || (RATE_TEXT.test(text) && (parseDecimal(text)?.units ?? 0n) > 0n),
    "exchange.problems.rateFormat",
  );
const requiredRate = z
  .string({ required_error: "exchange.problems.rateRequired" })
  .pipe(rateText)
  .refine((text) => text !== "", "exchange.problems.rateRequired");
const optionalRate = rateText.optional().transform((text) => text || null);

export const operatorRateItem = z
  .object({
    currency: z.string({ required_error: "exchange.problems.operatorCurrency" }).refine(isOperatorCurrency, {
      message: "exchange.problems.operatorCurrency",
    }),
    unit: z.coerce
      .number({ invalid_type_error: "exchange.problems.unit" })
      .refine((unit) => unit === 1 || unit === 100, "exchange.problems.unit")
      .default(1),
    base: requiredRate,
    ttb: optionalRate,
    tts: optionalRate,
    day: z
      .string({ required_error: "exchange.problems.day" })
      .refine(isCalendarDay, "exchange.problems.day")
      // A rate cannot be of a day still to come in Korea.
      .refine((day) => day <= formatDate(Date.now()), "exchange.problems.dayFuture"),
    sourceName: z
      .string({ required_error: "exchange.problems.sourceName" })
      .trim()
      .min(1, "exchange.problems.sourceName")
      .max(100, "exchange.problems.sourceName"),
    sourceUrl: z
      .string()
      .trim()
      .max(500, "exchange.problems.sourceUrl")
      // The one rule for operators' links (lib/links.ts): https, no user name or password.
      .refine(isOperatorLink, "exchange.problems.sourceUrl")
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .strict("errors.form.unknownField")
  .superRefine((item, ctx) => {
    const figure = (text: string | null | undefined) => (text ? Number(text) : null);
    const [base, ttb, tts] = [figure(item.base), figure(item.ttb), figure(item.tts)];
    // Comparing the figures' order only: a float is exact enough to tell which of two rates is larger.
    if (ttb !== null && base !== null && ttb > base) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["ttb"], message: "exchange.problems.ttbAboveBase" });
    }
    if (tts !== null && base !== null && tts < base) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["tts"], message: "exchange.problems.ttsBelowBase" });
    }
  });

export type OperatorRateItem = z.output<typeof operatorRateItem>;

/** The rate as stored, from a valid item. */
export function operatorRateOf(item: OperatorRateItem): OperatorRateIn {
  const currency = item.currency as CurrencyCode;
  const decimal = (text: string) => parseDecimal(text)!;
  return {
    base: { currency, unit: item.unit === 100 ? 100 : 1, krw: decimal(item.base) },
    ttb: item.ttb ? decimal(item.ttb) : null,
    tts: item.tts ? decimal(item.tts) : null,
    day: item.day,
    sourceName: item.sourceName,
    sourceUrl: item.sourceUrl ?? null,
  };
}

/** How the audit log names an operator rate. */
export const operatorRateSummaryOf = (item: OperatorRateItem) =>
  `${item.currency} ${item.base} KRW / ${item.unit} (${item.day}, ${item.sourceName})`;

/** Saves one operator rate from the admin form and records the change; "unchanged" records nothing. */
export async function saveOperatorRate(
  stores: Stores,
  item: OperatorRateItem,
  actor: AuditActor,
  at: number,
): Promise<SaveRateResult> {
  return stores.rates.saveOperatorRate(operatorRateOf(item), at, {
    actor,
    target: { kind: "rate", id: item.currency },
    summary: operatorRateSummaryOf(item),
    at,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Local mode's sample

const sampleSchema = z.object({
  sourceName: z.string().min(1),
  sourceUrl: z.string().url(),
  day: z.string().refine(isCalendarDay),
  rates: z
    .array(
      z.object({
        currency: z.string().refine((code) => isCurrencyCode(code) && code !== "KRW"),
        unit: z.union([z.literal(1), z.literal(100)]),
        base: z.string().regex(RATE_TEXT),
      }),
    )
    .min(1),
});

/** content/sample-rates.json as a snapshot; a broken file stops the start (it ships with the app). */
export function sampleSnapshot(file: unknown = sampleFile): RateSnapshotIn {
  const parsed = sampleSchema.safeParse(file);
  if (!parsed.success) throw new Error(`content/sample-rates.json: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const { sourceName, sourceUrl, day, rates } = parsed.data;
  return {
    day,
    sourceName,
    sourceUrl,
    rates: rates.map((rate) => ({
      base: { currency: rate.currency as CurrencyCode, unit: rate.unit, krw: parseDecimal(rate.base)! },
      ttb: null,
      tts: null,
    })),
  };
}

/**
 * At start: with a key, live rates only (the sample is dropped); in local mode without one, the sample, written
 * when what is stored differs (so its stored time is when it was first written). Hosted mode without a key shows
 * operator rates only: a sample is never served as a product's rates.
 */
export async function loadSampleRates(stores: Pick<Stores, "rates">, config: Config, at: number): Promise<boolean> {
  if (config.EXIMBANK_AUTH_KEY || config.mode === "hosted") {
    await stores.rates.dropSnapshot("sample");
    return false;
  }
  const snapshot = sampleSnapshot();
  const stored = await stores.rates.list("sample");
  const same =
    stored.length === snapshot.rates.length &&
    stored.every((rate) => {
      const shipped = snapshot.rates.find((r) => r.base.currency === rate.currency);
      return (
        shipped &&
        rate.day === snapshot.day &&
        rate.sourceName === snapshot.sourceName &&
        rate.base.unit === shipped.base.unit &&
        rate.base.krw.units * 10n ** BigInt(shipped.base.krw.scale) ===
          shipped.base.krw.units * 10n ** BigInt(rate.base.krw.scale)
      );
    });
  if (same) return false;
  await stores.rates.replaceSnapshot("sample", snapshot, at);
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// US dollar rates of the currencies no won source carries (decision 0091)

const usdRatesSchema = z
  .array(
    z.object({
      currency: z.string().refine((code) => isCurrencyCode(code) && code !== "KRW" && code !== "USD"),
      perUsd: z.string().regex(RATE_TEXT),
      day: z.string().refine(isCalendarDay),
      sourceName: z.string().min(1),
      sourceUrl: z.string().url(),
    }),
  )
  .default([]);

let shippedUsd: UsdCrossRate[] | null = null;

/**
 * content/sample-rates.json's `usdRates`: each a central bank's published US dollar rate with its own day and
 * source. Shipped facts of their day (like the corridors), so every mode uses them, only to estimate the local
 * amount of a transfer made in US dollars where no won rate is in force; a won rate, once entered, wins.
 */
export function usdCrossRates(file: unknown = sampleFile): UsdCrossRate[] {
  if (file === sampleFile && shippedUsd) return shippedUsd;
  const parsed = usdRatesSchema.safeParse((file as { usdRates?: unknown }).usdRates);
  if (!parsed.success) throw new Error(`content/sample-rates.json usdRates: ${parsed.error.issues[0]?.message}`);
  const rates = parsed.data.map((rate) => ({
    currency: rate.currency as CurrencyCode,
    perUsd: parseDecimal(rate.perUsd)!,
    day: rate.day,
    sourceName: rate.sourceName,
    sourceUrl: rate.sourceUrl,
  }));
  if (file === sampleFile) shippedUsd = rates;
  return rates;
}

export interface RateCoverage {
  /** Currencies the corridors pay out that no won rate covers: quoted in US dollars, with or without a local estimate. */
  throughUsd: { currency: CurrencyCode; crossRate: { day: string; sourceName: string } | null }[];
  /** Currencies quoted from the sample (local mode's rates of one past day), with that day. */
  fromSample: { currencies: CurrencyCode[]; day: string | null };
  /** No US dollar rate in force: no corridor can be quoted. */
  usdMissing: boolean;
}

/** What the public pages can quote today: for /admin/rates. */
export async function rateCoverage(stores: Pick<Stores, "rates" | "corridors">): Promise<RateCoverage> {
  const [rates, corridors] = await Promise.all([stores.rates.current(), stores.corridors.list()]);
  const inForce = new Map(rates.map((rate) => [rate.currency, rate]));
  const paidOut = [...new Set(corridors.flatMap((c) => c.offers.map((o) => o.currency)))].filter(isCurrencyCode).sort();
  const cross = new Map(usdCrossRates().map((rate) => [rate.currency, rate]));
  const sample = rates.filter((rate) => rate.source === "sample");
  return {
    throughUsd: paidOut
      .filter((code) => !inForce.has(code))
      .map((currency) => {
        const known = cross.get(currency);
        return { currency, crossRate: known ? { day: known.day, sourceName: known.sourceName } : null };
      }),
    fromSample: { currencies: sample.map((rate) => rate.currency), day: sample[0]?.day ?? null },
    usdMissing: !inForce.has("USD"),
  };
}
