/**
 * Finishing a sign-up (both flows): make the account from the draft, delete the
 * draft, start the session, and go to the flow's completion page, whose loader
 * is here too.
 */
import { readSession, startSession, type SessionServices } from "~/auth/session.server";
import { problem, type Problem } from "~/forms/form.server";
import { createAccount } from "./createAccount.server";
import { signupDrafts, type OpenDraft } from "./draft.server";
import { log } from "~/infra/log.server";
import { safeRedirect } from "~/lib/safeRedirect";
import { statusOfVisa } from "~/visa/catalogue";

/** The finder's page of a member's visa: its status, with the member's own code marked there. */
export function ownVisaHref(visa: string | null | undefined): string | null {
  const status = visa ? statusOfVisa(visa) : null;
  return status ? `/member/findVisa/${status.code}?mine=${encodeURIComponent(visa!)}` : null;
}

/**
 * Resolves with where to go and the cookies to set on success, or the problem
 * (and the Set-Cookie values of the draft, given back so the member can correct
 * and submit again). The draft is spent before the account is made: of two
 * submits of the last step, one makes the account and the other finds no draft.
 */
export async function finishSignup(
  request: Request,
  services: SessionServices,
  open: OpenDraft,
  language: string,
  completePath: string,
): Promise<{ ok: true; redirectTo: string; cookies: string[] } | { ok: false; problem: Problem; cookies: string[] }> {
  const drafts = signupDrafts(services);
  const draft = await drafts.take(request);
  if (!draft || draft.kind !== open.draft.kind) {
    return { ok: false, problem: problem("signUpFailed"), cookies: [] };
  }
  const created = await createAccount(services, draft, language);
  if (!created.ok) {
    const name = (
      {
        emailTaken: "emailTaken",
        phoneTaken: "phoneTaken",
        googleExpired: "googleExpired",
        incomplete: "signUpFailed",
        unavailable: "signUpUnavailable",
      } as const
    )[created.problem];
    return { ok: false, problem: problem(name), cookies: await drafts.restore(request, draft) };
  }
  const cookies = [await drafts.discard(null)];
  if (!created.idToken) return { ok: true, redirectTo: `${completePath}?signIn=later`, cookies };
  const session = await startSession(services, created.idToken);
  if (!session.ok) {
    log.error("signUp.session", undefined, { reason: session.reason, uid: created.uid });
    return { ok: true, redirectTo: `${completePath}?signIn=later`, cookies };
  }
  cookies.push(session.setCookie);
  // Joined on the way to a partner: back to its request (the consent), signed in.
  return { ok: true, redirectTo: draft.returnTo ? safeRedirect(draft.returnTo) : completePath, cookies };
}

/**
 * What the completion pages show: the new member's name, or a note that the
 * account waits for a sign-in, and the finder's page of the visa they gave; null
 * when there is nothing to complete here.
 */
export async function completionOf(
  request: Request,
  services: SessionServices,
): Promise<{ name: string; signedIn: boolean; hasVisaExpiry: boolean; visaHref: string | null } | null> {
  const member = await readSession(request, services);
  if (member) {
    const profile = await services.stores.members.profile(member.uid);
    return {
      name: profile?.name ?? "",
      signedIn: true,
      hasVisaExpiry: Boolean(profile?.visaExpiresOn),
      visaHref: ownVisaHref(profile?.visa),
    };
  }
  // The account was made but signing in failed: say so, and offer sign-in.
  if (new URL(request.url).searchParams.get("signIn") === "later")
    return { name: "", signedIn: false, hasVisaExpiry: false, visaHref: null };
  return null;
}
