/**
 * Signing in with a phone number: the code is texted by our own code service
 * (auth/phoneCodes.server.ts); once it checks out, the member with that verified
 * number signs in through a Firebase custom token exchanged on the server.
 */
import { languageOf } from "~/i18n/i18next.server";
import { i18nFor } from "~/i18n/instances.server";
import { formMessage } from "~/lib/formMessage";
import type { Services } from "~/infra/services.server";
import { browserIdOf } from "~/infra/cookies.server";
import { flow } from "./flow.server";
import type { CodePurpose, IssueResult, VerifyResult } from "./phoneCodes.server";

export interface PhoneFlow {
  codeId: string;
  phone: string;
  redirectTo: string;
}

/** Long enough for a code to arrive and be typed, a resend included; the code itself lives 3 minutes. */
export const PHONE_FLOW_TTL_MS = 10 * 60_000;

export const phoneLoginFlow = (services: Services) =>
  flow<PhoneFlow>(services, "phoneLogin", { cookie: "__login_flow", ttlMs: PHONE_FLOW_TTL_MS });

/** Issues a code and texts it in the visitor's language; the result and any Set-Cookie for the browser id. */
export async function sendCode(
  request: Request,
  services: Services,
  clientAddress: string,
  phone: string,
  purpose: CodePurpose,
) {
  const browser = await browserIdOf(request, services);
  const lng = await languageOf(request);
  const t = (await i18nFor(lng)).getFixedT(lng, "common");
  const result = await services.phoneCodes.issue(
    { phone, purpose, browserId: browser.id, client: clientAddress, now: Date.now() },
    (code) => t("login.sms", { code }),
  );
  return { result, browserId: browser.id, setCookie: browser.setCookie };
}

/** The message for a code that was not issued. */
export function issueProblem(result: Exclude<IssueResult, { ok: true }>, now = Date.now()) {
  if (result.reason === "cooldown") {
    return formMessage("errors.form.resendWait", { seconds: Math.max(1, Math.ceil((result.retryAt - now) / 1000)) });
  }
  return formMessage("errors.form.dailyLimit");
}

/** The message for a code that did not check out. */
export function verifyProblem(result: Exclude<VerifyResult, { ok: true }>) {
  switch (result.reason) {
    case "malformed":
      return formMessage("errors.form.codeFormat");
    case "wrong":
      return formMessage("errors.form.wrongCode", { count: result.attemptsLeft });
    case "expired":
      return formMessage("errors.form.codeExpired");
    case "tooManyAttempts":
      return formMessage("errors.form.codeLocked");
    default:
      return formMessage("errors.form.codeUsed");
  }
}

/** "+82 10-1234-5678" shown as "+8210****5678": enough to recognise, not to copy. */
export function maskPhone(e164: string) {
  return e164.length > 8 ? `${e164.slice(0, 5)}${"*".repeat(e164.length - 9)}${e164.slice(-4)}` : e164;
}
