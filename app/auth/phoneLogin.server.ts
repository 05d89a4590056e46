/**
 * Signing in with a phone number: the flow between the number and the code
 * (verification/codes.server.ts texts and checks it); once the code checks out,
 * the member with that number signs in through the identity port (`signInAs`).
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { invalid, parseForm, refuse } from "~/forms/form.server";
import { withCookies } from "~/infra/http.server";
import { safeRedirect } from "~/lib/safeRedirect";
import { log } from "~/infra/log.server";
import { isMember } from "~/members/members.server";
import { maskPhoneNumber } from "~/phone/phoneNumber.server";
import { sendCode } from "~/verification/codes.server";
import { flow, type FlowServices } from "./flow.server";
import { readSession, startSession, type SessionServices } from "./session.server";
import { phoneSignInSchema, reauthSignInSchema } from "./signInForm.server";

export interface PhoneFlow {
  codeId: string;
  phone: string;
  redirectTo: string;
  /**
   * The code proved the phone but no member uses it: the visitor may join with it
   * (once: joining spends the flow), without a second text, while the flow lives.
   */
  provenWithoutAccount?: true;
}

/** Long enough for a code to arrive and be typed, a resend included; the code itself lives 3 minutes. */
export const PHONE_FLOW_TTL_MS = 10 * 60_000;

export const phoneLoginFlow = (services: FlowServices) =>
  flow<PhoneFlow>(services, "phoneLogin", { cookie: "__login_flow", ttlMs: PHONE_FLOW_TTL_MS });

/**
 * The action of every form that starts a phone sign-in (the start screen and
 * /login/login): the number in, a code texted to it whether or not a member uses
 * it (the page never tells a stranger which numbers are members), and on to the
 * code screen. A refusal answers in the form, the number kept.
 */
export async function startPhoneSignIn({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const again = (await reauthingMember(request, services))?.phone;
  if (again) {
    // A member confirming it is them: the code goes to their own number, whatever the form says.
    const parsed = await parseForm({ request, context }, reauthSignInSchema);
    if (parsed.refused) return parsed.refused;
    const { submission, bot } = parsed;
    if (submission.status !== "success") return invalid(submission);
    if (bot) return refuse(submission, "smsFailed");
    return textCode({ request, context }, submission, again, submission.value.redirectTo);
  }
  const parsed = await parseForm({ request, context }, phoneSignInSchema);
  if (parsed.refused) return parsed.refused;
  const { submission, bot } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (bot) return refuse(submission, "smsFailed");
  return textCode({ request, context }, submission, submission.value.phone, submission.value.redirectTo);
}

/** Texts the sign-in code to `phone` and goes on to the code screen, or answers the form with why not. */
async function textCode(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  submission: Parameters<typeof refuse>[0],
  phone: string,
  redirectTo: string | undefined,
) {
  const { services } = context;
  const sent = await sendCode(request, services, context.clientAddress, phone, "signIn");
  const headers = withCookies(new Headers(), sent.cookies);
  if (!sent.ok) return refuse(submission, sent.problem, { headers });
  const started = await phoneLoginFlow(services).start(request, {
    codeId: sent.pending.codeId,
    phone,
    redirectTo: safeRedirect(redirectTo),
  });
  return redirect("/login/authNo", { headers: withCookies(headers, started.cookies) });
}

/**
 * The member confirming it is them, when the start screen was opened for that (`reauth`: session.server.ts
 * requireRecentMember) by a signed-in member: their own number (E.164), or null when they have none (they confirm
 * with their ID or Google). Null when no member is signed in: the screen is then the visitor's.
 */
async function reauthingMember(request: Request, services: SessionServices): Promise<{ phone: string | null } | null> {
  if (!new URL(request.url).searchParams.has("reauth")) return null;
  const member = await readSession(request, services);
  if (!member) return null;
  return { phone: (await services.stores.members.profile(member.uid))?.phoneNumber ?? null };
}

/** What the start screen shows a member confirming it is them: the number the code goes to, masked ("010-****-1001"). */
export async function reauthView(
  request: Request,
  services: SessionServices,
): Promise<{ phone: string | null } | null> {
  const member = await reauthingMember(request, services);
  return member && { phone: member.phone ? maskPhoneNumber(member.phone) : null };
}
/**
 * Signs in the member who uses `phone`, a number a code has just proven (phone
 * sign-in, or the phone join that found the number taken): resolves with the
 * session's Set-Cookie, or why not (no member uses the number; Firebase failed).
 */
export async function signInProvenNumber(
  services: SessionServices,
  phone: string,
): Promise<{ ok: true; setCookie: string } | { ok: false; reason: "noMember" | "unavailable" }> {
  const found = await services.identity.findByPhone(phone);
  if (!found.ok) return { ok: false, reason: "unavailable" };
  const uid = found.account?.uid;
  // An account without a profile is not a member.
  if (!uid || !(await isMember(services, uid))) return { ok: false, reason: "noMember" };
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) return { ok: false, reason: "unavailable" };
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) {
    log.error("phoneSignIn.session", undefined, { reason: session.reason, uid });
    return { ok: false, reason: "unavailable" };
  }
  return { ok: true, setCookie: session.setCookie };
}
