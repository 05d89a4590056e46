/**
 * The text message of a reminder (issue 42). Korean carriers deliver text in EUC-KR (KS X 1001) only, so every
 * message must be encodable in it and fit one SMS (90 bytes) or one LMS (2,000 bytes): the rule of
 * app/infra/sms/eucKr.server.ts, which the sign-in code's text follows too. A member whose language
 * EUC-KR carries (Korean, English, and the Latin or Cyrillic languages that use no letter outside it) gets the
 * text in it; any other gets a short Korean line and an English line, with a link to the reminder in their own
 * language. Every message names the service and ends with its opt-out link.
 */
import { i18nFor } from "~/i18n/instances.server";
import { carriedSms, type SmsText } from "~/infra/sms/eucKr.server";

export type { SmsText } from "~/infra/sms/eucKr.server";

/** The words of one reminder in one language (reminders:sms.* with the reminder's values filled in). */
export interface SmsWords {
  /** The service's name as the language writes it (케이라이프, K-Life). */
  brand: string;
  /** What the reminder says. */
  body: string;
  /** "Details: {url}" with the link to the reminder. */
  details: string;
  /** "Stop these texts: {url}" with the opt-out link. */
  stop: string;
}

const compose = (lines: string[]) => lines.join("\n");

/**
 * The message for a member: in `own` when EUC-KR carries it within one LMS, otherwise Korean and English lines
 * (`details` then points to the reminder in the member's language). Throws when even that does not fit, which the
 * unit test over every language and kind rules out for the shipped texts.
 */
export function reminderSmsText(own: SmsWords, korean: SmsWords, english: SmsWords): SmsText {
  return carriedSms(
    compose([`[${own.brand}] ${own.body}`, own.details, own.stop]),
    compose([`[${korean.brand}] ${korean.body}`, english.body, english.details, english.stop]),
  );
}

/** What one reminder's words need: its kind and milestone, and the values its sentence names. */
export interface ReminderText {
  kind: "visa" | "passport" | "appointment";
  milestone: string;
  /** "yyyy-mm-dd": the expiry date, or the appointment's day. */
  date: string;
  /** "HH:mm" in Seoul, for appointments. */
  time?: string;
}

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The words of a reminder in one language, from the inbox's own sentences (the inbox line and the text message
 * say the same thing) and the message frame (inbox:sms.*). `t` is a fixed-language translator of the `inbox`
 * namespace; `brand` the service's name in that language (common:app.name).
 */
export function reminderSmsWords(
  t: Translate,
  brand: string,
  reminder: ReminderText,
  links: { details: string; stop: string },
): SmsWords {
  const values = { date: reminder.date, time: reminder.time ?? "" };
  return {
    brand,
    body: t(`messages.${reminder.kind}.${reminder.milestone}`, values),
    details: t("sms.details", { url: links.details }),
    stop: t("sms.stop", { url: links.stop }),
  };
}

async function wordsIn(lng: string, reminder: ReminderText, links: { details: string; stop: string }) {
  const i18n = await i18nFor(lng);
  const t = i18n.getFixedT(lng, "inbox") as Translate;
  return reminderSmsWords(t, i18n.getFixedT(lng, "common")("app.name"), reminder, links);
}

/**
 * The text message of `reminder` for a member reading `lng`, with their links (the details link in their language,
 * the opt-out link of this kind and channel), in their language or in Korean and English.
 */
export async function reminderSms(
  lng: string,
  reminder: ReminderText,
  links: { details: string; stop: string },
): Promise<SmsText> {
  const [own, korean, english] = await Promise.all([
    wordsIn(lng, reminder, links),
    wordsIn("ko", reminder, links),
    wordsIn("en", reminder, links),
  ]);
  return reminderSmsText(own, korean, english);
}
