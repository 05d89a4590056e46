/**
 * Signing in with a phone number: the flow between the number and the code
 * (verification/codes.server.ts texts and checks it); once the code checks out,
 * the member with that number signs in through the identity port (`signInAs`).
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { invalid, parseForm, refuse } from "~/forms/form.server";
import { withCookies } from "~/infra/http.server";
import type { Services } from "~/infra/services.server";
import { safeRedirect } from "~/lib/safeRedirect";
import { sendCode } from "~/verification/codes.server";
import { flow } from "./flow.server";
import { phoneSignInSchema } from "./signInForm.server";

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

export const phoneLoginFlow = (services: Services) =>
  flow<PhoneFlow>(services, "phoneLogin", { cookie: "__login_flow", ttlMs: PHONE_FLOW_TTL_MS });

/**
 * The action of every form that starts a phone sign-in (the start screen and
 * /login/login): the number in, a code texted to it whether or not a member uses
 * it (the page never tells a stranger which numbers are members), and on to the
 * code screen. A refusal answers in the form, the number kept.
 */
export async function startPhoneSignIn({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const parsed = await parseForm({ request, context }, phoneSignInSchema);
  if (parsed.refused) return parsed.refused;
  const { submission, bot } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (bot) return refuse(submission, "smsFailed");
  const { phone } = submission.value;
  const sent = await sendCode(request, services, context.clientAddress, phone, "signIn");
  const headers = withCookies(new Headers(), sent.cookies);
  if (!sent.ok) return refuse(submission, sent.problem, { headers });
  const started = await phoneLoginFlow(services).start(request, {
    codeId: sent.pending.codeId,
    phone,
    redirectTo: safeRedirect(submission.value.redirectTo),
  });
  return redirect("/login/authNo", { headers: withCookies(headers, started.cookies) });
}
