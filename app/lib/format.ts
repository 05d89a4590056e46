/**
 * Number and date formats of spec §9. Dates are shown in Korea's time zone so the
 * server render and the browser agree whatever the machine's zone.
 */
export const PRODUCT_TIME_ZONE = "Asia/Seoul";

/** 1234567.891 → "1,234,567.891". Exact on digit strings: no float rounding. */
export function formatNumber(value: number | bigint | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value.trim().replace(/,/g, "") : String(value);
  const match = /^([-+]?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return typeof value === "string" ? value : text;
  const [, sign = "", whole = "", fraction = ""] = match;
  return `${sign === "-" ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction}`;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

/** Parts by time zone and minute: a list page asks for the same few minutes many times over. */
const minuteParts = new Map<string, Parts>();
const MINUTE_PARTS_MAX = 4096;

function parts(date: Date | number | string, timeZone: string): Parts | null {
  const instant = date instanceof Date ? date : new Date(date);
  const ms = instant.getTime();
  if (Number.isNaN(ms)) return null;
  const key = `${timeZone}|${Math.floor(ms / 60_000)}`;
  const known = minuteParts.get(key);
  if (known) return known;
  let formatter = partsCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    partsCache.set(timeZone, formatter);
  }
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== "literal") out[part.type] = Number(part.value);
  }
  if (minuteParts.size >= MINUTE_PARTS_MAX) minuteParts.clear();
  minuteParts.set(key, out as Parts);
  return out as Parts;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "yyyy-mm-dd", or "" for an invalid date. */
export function formatDate(date: Date | number | string, timeZone = PRODUCT_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)}` : "";
}

/** "14:05" (24-hour), or "" for an invalid date. */
export function formatTime(date: Date | number | string, timeZone = PRODUCT_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return p ? `${pad(p.hour)}:${pad(p.minute)}` : "";
}

/** "2026년 11월 22일", or "" for an invalid date. */
export function formatKoreanDate(date: Date | number | string, timeZone = PRODUCT_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return p ? `${p.year}년 ${p.month}월 ${p.day}일` : "";
}

/** "2026년 11월 22일 (9시 5분)", or "" for an invalid date. */
export function formatKoreanDateTime(date: Date | number | string, timeZone = PRODUCT_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return p ? `${p.year}년 ${p.month}월 ${p.day}일 (${p.hour}시 ${p.minute}분)` : "";
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "3 minutes ago" in the reader's language, from two instants the loader read (a
 * render never reads the clock); a week or more ago is the date (yyyy-mm-dd).
 */
export function relativeTime(then: number, now: number, language: string): string {
  const seconds = Math.round((now - then) / 1000);
  if (seconds >= 7 * 86_400) return formatDate(then);
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
    relativeFormats.set(language, format);
  }
  if (seconds < 60) return format.format(0, "second");
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), "hour");
  return format.format(-Math.floor(seconds / 86_400), "day");
}

/**
 * Korean's "to / as" particle after a value as it is read aloud: 으로 after a final
 * consonant other than ㄹ, 로 otherwise. Codes and numbers end in a digit or a
 * letter, read 영 일 이 삼 사 오 육 칠 팔 구 and 에이 … 제트 (엘, 알 end in ㄹ; 엠, 엔 do not).
 * Every language gets it as the value `ro`; only Korean's sentences use it
 * (docs/decisions/0041).
 */
export function particleRo(value: string): "로" | "으로" {
  const last = value.trim().slice(-1);
  if (/[036]/.test(last)) return "으로";
  if (/[mn]/i.test(last)) return "으로";
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 || final === 8 ? "로" : "으로";
  }
  return "로";
}
