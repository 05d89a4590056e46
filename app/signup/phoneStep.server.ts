/**
 * Verifying a new member's mobile number, shared by both sign-up flows: send a
 * code to the number (kept in the draft as pending), then check it. Only once the
 * code proves the phone do we say whether the number already has an account.
 */
import type { AppLoadContext } from "@remix-run/node";
import { browserIdOf } from "~/infra/cookies.server";
import { normalizePhoneNumber } from "~/auth/phoneNumber.server";
import { issueProblem, sendCode, verifyProblem } from "~/auth/phoneLogin.server";
import { formMessage } from "~/lib/formMessage";
import type { OpenDraft } from "./draft.server";
import { log } from "~/infra/log.server";

export type StepProblem = { ok: false; field: string; message: string; status: number };

export async function sendSignupCode(
  request: Request,
  context: AppLoadContext,
  open: OpenDraft,
  phoneInput: string,
): Promise<{ ok: true; draft: OpenDraft; setCookie: string | null } | StepProblem> {
  const phone = normalizePhoneNumber(phoneInput);
  if (!phone.ok) {
    const key = phone.problem === "notMobile" ? "errors.form.notMobile" : "errors.form.invalidPhone";
    return { ok: false, field: "phone", message: formMessage(key), status: 400 };
  }
  let sent;
  try {
    sent = await sendCode(request, context.services, context.clientAddress, phone.e164, "signUp");
  } catch (error) {
    log.error("sms", error);
    return { ok: false, field: "", message: formMessage("errors.form.smsFailed"), status: 503 };
  }
  if (!sent.result.ok) return { ok: false, field: "", message: issueProblem(sent.result), status: 429 };
  const { phone: _verified, ...rest } = open.draft;
  return {
    ok: true,
    draft: { id: open.id, draft: { ...rest, pending: { phone: phone.e164, codeId: sent.result.codeId } } },
    setCookie: sent.setCookie,
  };
}

export async function verifySignupCode(
  request: Request,
  context: AppLoadContext,
  open: OpenDraft,
  code: string,
): Promise<{ ok: true; draft: OpenDraft } | (StepProblem & { phoneTaken?: true })> {
  const { services } = context;
  const pending = open.draft.pending;
  if (!pending) return { ok: false, field: "", message: formMessage("errors.form.codeFirst"), status: 400 };
  const browser = await browserIdOf(request, services);
  const checked = services.phoneCodes.verify(pending.codeId, code, browser.id, Date.now());
  if (!checked.ok) {
    return {
      ok: false,
      field: checked.reason === "malformed" ? "code" : "",
      message: verifyProblem(checked),
      status: 400,
    };
  }
  if (checked.purpose !== "signUp" || checked.phone !== pending.phone) {
    return { ok: false, field: "", message: formMessage("errors.form.codeUsed"), status: 400 };
  }
  try {
    await services.identity.auth.getUserByPhoneNumber(checked.phone);
    return { ok: false, field: "", message: formMessage("errors.form.phoneTaken"), status: 409, phoneTaken: true };
  } catch (error) {
    if ((error as { code?: string }).code !== "auth/user-not-found") {
      log.error("signUp.phoneCheck", error);
      return { ok: false, field: "", message: formMessage("errors.form.signUpFailed"), status: 503 };
    }
  }
  const { pending: _done, ...rest } = open.draft;
  return { ok: true, draft: { id: open.id, draft: { ...rest, phone: checked.phone } } };
}
