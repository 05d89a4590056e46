/**
 * Finishing a sign-up (both flows): make the account from the draft, delete the
 * draft, start the session, and go to the flow's completion page, whose loader
 * is here too.
 */
import { json, redirect } from "@remix-run/node";
import { readSession, startSession } from "~/auth/session.server";
import { formMessage } from "~/lib/formMessage";
import { memberProfile } from "~/members/members.server";
import type { Services } from "~/infra/services.server";
import { createAccount } from "./createAccount.server";
import { signupDrafts, type OpenDraft } from "./draft.server";
import { log } from "~/infra/log.server";

/**
 * Resolves with a redirect on success, or the form-level message for a refusal
 * (and the Set-Cookie values of the draft, given back so the member can correct
 * and submit again). The draft is spent before the account is made: of two
 * submits of the last step, one makes the account and the other finds no draft.
 */
export async function finishSignup(
  request: Request,
  services: Services,
  open: OpenDraft,
  language: string,
  completePath: string,
): Promise<{ ok: true; response: Response } | { ok: false; message: string; status: number; cookies: string[] }> {
  const drafts = signupDrafts(services);
  const draft = await drafts.take(request);
  if (!draft || draft.kind !== open.draft.kind) {
    return { ok: false, message: formMessage("errors.form.signUpFailed"), status: 409, cookies: [] };
  }
  const created = await createAccount(services, draft, language);
  if (!created.ok) {
    const key = {
      emailTaken: "errors.form.emailTaken",
      phoneTaken: "errors.form.phoneTaken",
      googleExpired: "errors.form.googleExpired",
      incomplete: "errors.form.signUpFailed",
      unavailable: "errors.form.signUpFailed",
    }[created.problem];
    return {
      ok: false,
      message: formMessage(key),
      status: created.problem === "unavailable" ? 503 : 409,
      cookies: await drafts.restore(request, draft),
    };
  }
  const headers = new Headers({ "Set-Cookie": await drafts.discard(null) });
  if (!created.idToken) return { ok: true, response: redirect(`${completePath}?signIn=later`, { headers }) };
  try {
    headers.append("Set-Cookie", await startSession(services, created.idToken));
  } catch (error) {
    log.error("signUp.session", error);
    return { ok: true, response: redirect(`${completePath}?signIn=later`, { headers }) };
  }
  return { ok: true, response: redirect(completePath, { headers }) };
}

/** The completion pages' loader: the new member's name, or a note that the account waits for a sign-in. */
export async function completionOf(request: Request, services: Services, firstStep: string) {
  const member = await readSession(request, services);
  if (member) return json({ name: memberProfile(services.db, member.uid)?.name ?? "", signedIn: true });
  // The account was made but signing in failed: say so, and offer sign-in.
  if (new URL(request.url).searchParams.get("signIn") === "later") return json({ name: "", signedIn: false });
  throw redirect(firstStep);
}
