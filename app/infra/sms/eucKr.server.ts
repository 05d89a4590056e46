/**
 * The one rule for what a text message may say (issue 42): Korean carriers deliver text in EUC-KR (KS X 1001)
 * only, so every message the app texts (a reminder, a sign-in code) must be encodable in it and fit one SMS
 * (90 bytes) or one LMS (2,000 bytes). Each sender offers its wordings, best first (the member's own language,
 * then Korean and English), and the first one carriers can deliver is sent.
 */
import iconv from "iconv-lite";

export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;

/**
 * The length in EUC-KR bytes, or null when EUC-KR cannot carry the text. iconv-lite's "euc-kr" is Microsoft's
 * CP949, which adds 8,822 syllables outside KS X 1001 (lead bytes 0x81–0xC6 with trail bytes below 0xA1): a
 * message using one of them would arrive broken, so every byte of a double-byte character must be 0xA1–0xFE.
 */
export function eucKrLength(text: string): number | null {
  const bytes = iconv.encode(text, "euc-kr");
  if (iconv.decode(bytes, "euc-kr") !== text) return null;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte < 0x80) continue;
    const trail = bytes[i + 1];
    if (byte < 0xa1 || byte > 0xfe || trail === undefined || trail < 0xa1 || trail > 0xfe) return null;
    i++;
  }
  return bytes.length;
}

/** Which wording a text message took: the member's own language, or the Korean and English lines. */
export type SmsLanguage = "own" | "koreanAndEnglish";

export interface SmsText {
  text: string;
  bytes: number;
  /** One SMS, or one LMS (carriers bill and show it as one longer message). */
  type: "sms" | "lms";
  language: SmsLanguage;
}

/** `text` as carriers deliver it, or null when EUC-KR cannot carry it within one LMS. */
function measuredSms(text: string, language: SmsLanguage): SmsText | null {
  const bytes = eucKrLength(text);
  if (bytes === null || bytes > LMS_MAX_BYTES) return null;
  return { text, bytes, type: bytes <= SMS_MAX_BYTES ? "sms" : "lms", language };
}

/**
 * The message to send: `own` (the member's language) when carriers deliver it, otherwise `koreanAndEnglish`.
 * Throws when neither fits, which each sender's unit test over every language rules out for the shipped texts.
 */
export function carriedSms(own: string, koreanAndEnglish: string): SmsText {
  const text = measuredSms(own, "own") ?? measuredSms(koreanAndEnglish, "koreanAndEnglish");
  if (!text) throw new Error("the text does not fit one LMS in EUC-KR");
  return text;
}
