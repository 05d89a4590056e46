/**
 * Proving a phone number with a texted code, for every flow that needs it: phone
 * sign-in, both joins, password recovery, and (next) my page's phone change. A
 * code is asked for one purpose and one number and is bound to the browser that
 * asked; checking it answers for that purpose, that number and that browser
 * only, within its tries and its lifetime (verification/phoneCodes.server.ts keeps the
 * codes and their limits). The flow that asked keeps the `PendingCode` in its
 * own server-side state; its page shows the one code form (components/CodeStep).
 */
import { z } from "zod";
import {
  CODE_TTL_MS,
  RESEND_COOLDOWN_MS,
  type CodePurpose,
  type IssueResult,
  type VerifyResult,
} from "~/verification/phoneCodes.server";
import { formatTime } from "~/lib/format";
import { problem, type Problem } from "~/forms/form.server";
import { languageOf } from "~/i18n/i18next.server";
import { i18nFor } from "~/i18n/instances.server";
import { browserIdOf } from "~/infra/cookies.server";
import { log } from "~/infra/log.server";
import { carriedSms, type SmsText } from "~/infra/sms/eucKr.server";
import type { Services } from "~/context";

export type { CodePurpose };

/** What the code step uses: the codes, and the browser's id (the cookie rule and the secret it is signed with). */
export type CodeServices = Pick<Services, "config" | "sessionSecret" | "phoneCodes">;

/** A code texted and not yet checked, as the flow that asked for it keeps it. */
export interface PendingCode {
  purpose: CodePurpose;
  /** E.164. */
  phone: string;
  codeId: string;
}

/** The code form: check the typed code, or text a new one. */
export const codeStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify"), code: z.string({ required_error: "errors.form.required" }).trim().max(20) }),
  z.object({ intent: z.literal("resend") }),
]);

export type CodeStepFields = z.input<typeof codeStepSchema>;

/** The phone sign-in's code form: the code step, or join with the number the code just proved. */
export const signInCodeSchema = z.discriminatedUnion("intent", [
  ...codeStepSchema.options,
  z.object({ intent: z.literal("join") }),
]);

export type SignInCodeFields = z.input<typeof signInCodeSchema>;

/** The phone join's code form: the code step, or sign in with the number the code proved a member's. */
export const joinCodeSchema = z.discriminatedUnion("intent", [
  ...codeStepSchema.options,
  z.object({ intent: z.literal("signIn") }),
]);

export type JoinCodeFields = z.input<typeof joinCodeSchema>;

/** Why a code was not issued. */
export function issueProblem(result: Exclude<IssueResult, { ok: true }>, now = Date.now()): Problem {
  if (result.reason === "cooldown") {
    return problem("resendWait", { seconds: Math.max(1, Math.ceil((result.retryAt - now) / 1000)) });
  }
  return problem("dailyLimit");
}

/** Why a code did not check out. */
export function checkProblem(result: Exclude<VerifyResult, { ok: true }>): Problem {
  switch (result.reason) {
    case "malformed":
      return problem("codeFormat");
    case "wrong":
      return problem("wrongCode", { count: result.attemptsLeft });
    case "expired":
      return problem("codeExpired");
    case "tooManyAttempts":
      return problem("codeLocked");
    default:
      return problem("codeUsed");
  }
}

type CodeText = (code: string) => string;

/**
 * The text of a code, by the carriers' rule (infra/sms/eucKr.server.ts): in the visitor's language (`own`, auth:
 * login.sms) when EUC-KR carries it, otherwise the Korean line and the English one.
 */
export function codeSmsText(own: CodeText, korean: CodeText, english: CodeText, code: string): SmsText {
  return carriedSms(own(code), `${korean(code)}\n${english(code)}`);
}

/** The code's text for a visitor reading `lng`. */
async function codeTextIn(lng: string): Promise<CodeText> {
  const textOf = async (l: string): Promise<CodeText> => {
    const t = (await i18nFor(l)).getFixedT(l, "auth");
    return (code) => t("login.sms", { code });
  };
  const [own, korean, english] = await Promise.all([textOf(lng), textOf("ko"), textOf("en")]);
  return (code) => codeSmsText(own, korean, english, code).text;
}

/**
 * Texts a code for `purpose` to `phone` in the visitor's language, bound to this
 * browser. Resolves with the pending code, or the problem; either way with the
 * Set-Cookie values to send (a browser without an id gets one).
 */
export async function sendCode(
  request: Request,
  services: CodeServices,
  clientAddress: string,
  phone: string,
  purpose: CodePurpose,
): Promise<{ ok: true; pending: PendingCode; cookies: string[] } | { ok: false; problem: Problem; cookies: string[] }> {
  const browser = await browserIdOf(request, services);
  const cookies = browser.setCookie ? [browser.setCookie] : [];
  const text = await codeTextIn(await languageOf(request));
  let result: IssueResult;
  try {
    result = await services.phoneCodes.issue(
      { phone, purpose, browserId: browser.id, client: clientAddress, now: Date.now() },
      text,
    );
  } catch (error) {
    log.error("sms", error, { purpose });
    return { ok: false, problem: problem("smsFailed"), cookies };
  }
  if (!result.ok) return { ok: false, problem: issueProblem(result), cookies };
  return { ok: true, pending: { purpose, phone, codeId: result.codeId }, cookies };
}

/** Texts a new code for the same purpose and number as `pending` (the member asked again). */
export function resendCode(request: Request, services: CodeServices, clientAddress: string, pending: PendingCode) {
  return sendCode(request, services, clientAddress, pending.phone, pending.purpose);
}

/**
 * Checks a typed code against the pending one: this browser, this purpose, this
 * number. Resolves with the proven number, or the problem.
 */
export async function checkCode(
  request: Request,
  services: CodeServices,
  pending: PendingCode | null | undefined,
  code: string,
): Promise<{ ok: true; phone: string } | { ok: false; problem: Problem }> {
  if (!pending) return { ok: false, problem: problem("codeFirst") };
  const browser = await browserIdOf(request, services);
  const checked = await services.phoneCodes.verify(pending.codeId, code.trim(), browser.id, Date.now());
  if (!checked.ok) return { ok: false, problem: checkProblem(checked) };
  // A code asked for another purpose or number proves nothing here.
  if (checked.purpose !== pending.purpose || checked.phone !== pending.phone) {
    return { ok: false, problem: problem("codeUsed") };
  }
  return { ok: true, phone: checked.phone };
}

/**
 * The clock of a code screen: when the code stops working and when a new one may
 * be asked for (ms since the epoch, for the live countdown with JavaScript), and
 * the expiry as a time of day in Korea for the page without it.
 */
export interface CodeTimes {
  /** The server's clock when these were read: the page counts from it, whatever the phone's clock says. */
  now: number;
  expiresAt: number;
  resendAt: number;
  /** "14:32" */
  validUntil: string;
  expired: boolean;
}

export function codeTimes(sentAt: number, now = Date.now()): CodeTimes {
  const expiresAt = sentAt + CODE_TTL_MS;
  return {
    now,
    expiresAt,
    resendAt: sentAt + RESEND_COOLDOWN_MS,
    validUntil: formatTime(expiresAt),
    expired: now >= expiresAt,
  };
}

/** The clock of the code `codeId`, or null when there is no such code. */
export async function codeTimesOf(
  services: Pick<Services, "phoneCodes">,
  codeId: string,
  now = Date.now(),
): Promise<CodeTimes | null> {
  const sentAt = await services.phoneCodes.sentAt(codeId);
  return sentAt === null ? null : codeTimes(sentAt, now);
}

/** What the code screens show of the number a code went to (phone/phoneNumber.server.ts). */
export { maskPhoneNumber as maskPhone } from "~/phone/phoneNumber.server";
