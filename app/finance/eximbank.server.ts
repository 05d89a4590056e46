/**
 * The Korea Eximbank's daily exchange rates (open API `AP01`, research notes §4 and §8):
 * `GET {host}/site/program/financial/exchangeJSON?authkey=…&searchdate=YYYYMMDD&data=AP01`.
 *
 * What it answers, and what this adapter makes of it:
 * - a JSON array of 23 rows (`cur_unit`, `deal_bas_r`, `ttb`, `tts`, … as comma-formatted strings such as
 *   "1,347.21"; keys sometimes upper-case): rates, per 100 units where `cur_unit` says `JPY(100)` or
 *   `IDR(100)`; the KRW row (a base of 1) is left out, and so is a currency the app does not know;
 * - China's yuan as `CNH` (the offshore code): reported as the app's currency CNY with `sourceCode: "CNH"`, so
 *   one yuan is one code everywhere and the page can still say what the source called it (decision 0059);
 * - `[]` on non-business days and before about 11:00 KST: the day before is asked, up to 7 days back;
 * - `[{ "result": 2|3|4, … null }]`: an error (2 a wrong data code, 3 a bad key or an unregistered address,
 *   4 the daily limit or access denied). Nothing retries it; for 4 the answer says not to ask again before
 *   midnight in Korea, since asking more spends the day's calls;
 * - an HTML page (the portal's error or maintenance page) instead of JSON.
 *
 * Each request has its own time-out; a connection reset is retried twice with growing waits.
 */
import { formatDate } from "~/lib/format";
import { type CurrencyCode, type Decimal, isCurrencyCode, parseDecimal } from "./money";

export const EXIMBANK_HOST = "https://oapi.koreaexim.go.kr";
const AP01_PATH = "/site/program/financial/exchangeJSON";

/** Days before the asked one that may be tried when a day answers `[]` (a long holiday and its weekend fit). */
export const DAYS_BACK = 7;
const RESET_RETRIES = 2;

/** AP01's codes that are not the app's: China's yuan, quoted offshore. */
const SOURCE_CODES: Readonly<Record<string, CurrencyCode>> = { CNH: "CNY" };

export interface EximbankRate {
  /** The app's code (CNY for AP01's CNH). */
  currency: CurrencyCode;
  /** The code as AP01 wrote it, without the unit: "CNH", "JPY". */
  sourceCode: string;
  /** The rates below are won for this many units of the currency. */
  unit: 1 | 100;
  /** 매매기준율 (`deal_bas_r`). */
  base: Decimal;
  /** Telegraphic transfer buying rate: what a bank pays for the currency. */
  ttb: Decimal;
  /** Telegraphic transfer selling rate: what a sender pays for it. */
  tts: Decimal;
}

export type Ap01ErrorCode = 2 | 3 | 4 | "html" | "format";

export type Ap01Answer =
  { kind: "rates"; date: string; rates: EximbankRate[] } | { kind: "empty" } | { kind: "error"; code: Ap01ErrorCode };

const format = { kind: "error", code: "format" } as const;

function lowerCaseKeys(row: unknown): Record<string, unknown> | null {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return null;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key.toLowerCase(), value]));
}

function positive(value: unknown): Decimal | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const decimal = parseDecimal(value);
  return decimal && decimal.units > 0n ? decimal : null;
}

/**
 * One AP01 answer, as read from the wire, for the day `date` (yyyy-mm-dd) it was asked for (the answer does
 * not say). A row of a known currency that cannot be read fails the whole answer: half a day's rates are not
 * trusted.
 */
export function parseAp01(body: string, date: string): Ap01Answer {
  const text = body.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("<")) return { kind: "error", code: "html" };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return format;
  }
  const rows = (Array.isArray(json) ? json : [json]).map(lowerCaseKeys);
  if (rows.length === 0) return { kind: "empty" };

  const rates: EximbankRate[] = [];
  for (const row of rows) {
    if (!row) return format;
    const result = Number(row.result);
    if (result === 2 || result === 3 || result === 4) return { kind: "error", code: result };
    if (result !== 1) return format;
    const unitMatch = /^([A-Z]{3})(?:\((1|100)\))?$/.exec(
      String(row.cur_unit ?? "")
        .trim()
        .toUpperCase(),
    );
    if (!unitMatch) return format;
    const [, sourceCode = "", unit = "1"] = unitMatch;
    const currency = SOURCE_CODES[sourceCode] ?? sourceCode;
    if (currency === "KRW" || !isCurrencyCode(currency)) continue;
    const base = positive(row.deal_bas_r);
    const ttb = positive(row.ttb);
    const tts = positive(row.tts);
    if (!base || !ttb || !tts || rates.some((r) => r.currency === currency)) return format;
    rates.push({ currency, sourceCode, unit: unit === "100" ? 100 : 1, base, ttb, tts });
  }
  return rates.length ? { kind: "rates", date, rates } : format;
}

export type FetchRatesResult =
  | { kind: "rates"; date: string; rates: EximbankRate[] }
  /** Every day from `date` back `DAYS_BACK` days answered `[]`. */
  | { kind: "empty"; from: string; to: string }
  | {
      kind: "error";
      code: Ap01ErrorCode | "timeout" | "network" | "http";
      /** The day whose request failed. */
      date: string;
      /** Code 4: ask again from this instant (midnight in Korea), not before. */
      notBefore?: Date;
    };

export interface FetchRatesOptions {
  authKey: string;
  /** Scheme and host (no path); the portal moved from www.koreaexim.go.kr to oapi.koreaexim.go.kr. */
  host?: string;
  /** The first day asked, yyyy-mm-dd; today in Korea when absent. */
  date?: string;
  fetch?: typeof fetch;
  /** Per request, headers and body. */
  timeoutMs?: number;
  /** The first wait after a connection reset; the second is twice as long. */
  backoffMs?: number;
  now?: () => Date;
}

/** yyyy-mm-dd `days` days before `date`, on the calendar (no time zone involved). */
function daysBefore(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** The next midnight in Korea (UTC+9, no daylight saving) after `now`. */
function nextKoreanMidnight(now: Date): Date {
  const [year = 0, month = 1, day = 1] = formatDate(now).split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1) - 9 * 3_600_000);
}

/** The error's `code`, or its cause's (undici puts the socket's under `cause`). */
function isConnectionReset(failure: unknown): boolean {
  for (let link = failure; typeof link === "object" && link !== null; link = (link as { cause?: unknown }).cause) {
    const code = (link as { code?: unknown }).code;
    if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") return true;
  }
  return false;
}

/** `work`, or the signal's reason as soon as it aborts, even if `work` ignores the signal. */
function withinSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

type Fetched = { status: number; body: string } | { failure: "timeout" | "network" };

async function getText(
  url: URL,
  options: Required<Pick<FetchRatesOptions, "fetch" | "timeoutMs" | "backoffMs">>,
): Promise<Fetched> {
  for (let attempt = 0; ; attempt++) {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await withinSignal(
        options.fetch(url, { signal, headers: { accept: "application/json" } }),
        signal,
      );
      return { status: response.status, body: await withinSignal(response.text(), signal) };
    } catch (failure) {
      if (signal.aborted) return { failure: "timeout" };
      if (attempt >= RESET_RETRIES || !isConnectionReset(failure)) return { failure: "network" };
      await new Promise((resolve) => setTimeout(resolve, options.backoffMs * 2 ** attempt));
    }
  }
}

/**
 * The latest published rates on or before `date`: that day's, or the last business day's within `DAYS_BACK`.
 * Never throws for what the network or the portal does; the caller keeps its last good rates on anything but
 * `rates`.
 */
export async function fetchRates(options: FetchRatesOptions): Promise<FetchRatesResult> {
  const now = options.now ?? (() => new Date());
  const first = options.date ?? formatDate(now());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(first) || daysBefore(first, 0) !== first) {
    throw new RangeError(`date ${first} is not a yyyy-mm-dd day`);
  }
  const request = {
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    backoffMs: options.backoffMs ?? 500,
  };

  for (let back = 0; back <= DAYS_BACK; back++) {
    const date = daysBefore(first, back);
    const url = new URL(AP01_PATH, options.host ?? EXIMBANK_HOST);
    url.search = new URLSearchParams({
      authkey: options.authKey,
      searchdate: date.replace(/-/g, ""),
      data: "AP01",
    }).toString();
    const fetched = await getText(url, request);
    if ("failure" in fetched) return { kind: "error", code: fetched.failure, date };
    const answer = parseAp01(fetched.body, date);
    if (answer.kind === "error" && answer.code === 4) {
      return { kind: "error", code: 4, date, notBefore: nextKoreanMidnight(now()) };
    }
    if (fetched.status < 200 || fetched.status > 299) {
      return { kind: "error", code: answer.kind === "error" && answer.code === "html" ? "html" : "http", date };
    }
    if (answer.kind === "error") return { ...answer, date };
    if (answer.kind === "rates") return answer;
  }
  return { kind: "empty", from: first, to: daysBefore(first, DAYS_BACK) };
}
