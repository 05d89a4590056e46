/**
 * Sign in with a phone number, step 2: the code. Without the flow of step 1 (a
 * jump ahead, or an expired flow) the visitor goes back to step 1. A number the
 * code proved but no member uses is offered joining with it, without a second text.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { PartnerDoor, useForm } from "~/formKit";
import { CodeStepPage, ProvenNumberPage } from "~/kits/codeStep";
import {
  accepted,
  checkCode,
  codeTimesOf,
  invalid,
  json,
  maskPhone,
  parseForm,
  partnerOfReturn,
  type PendingCode,
  phoneLoginFlow,
  redirect,
  refuse,
  resendCode,
  safeRedirect,
  type SignInCodeFields,
  signInCodeSchema,
  signInProvenNumber,
  signupDrafts,
  ssoReturn,
  withCookies,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "join",
  title: "titles.loginCode",
  back: "/login/login",
  rateLimit: "auth-form",
  personal: true,
};

async function flowOf(request: Request, context: LoaderFunctionArgs["context"]) {
  const open = await phoneLoginFlow(context.services).read(request);
  if (!open?.data.codeId || !open.data.phone) throw redirect("/login/login");
  return {
    id: open.id,
    codeId: open.data.codeId,
    phone: open.data.phone,
    redirectTo: safeRedirect(open.data.redirectTo),
    provenWithoutAccount: open.data.provenWithoutAccount === true,
  };
}

/** `path` keeping where the sign-in returns to (a partner's consent, a page), as its doors carry it. */
const keepingReturn = (path: string, redirectTo: string) =>
  redirectTo === "/" ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const flow = await flowOf(request, context);
  return json({
    // "Use a different number" goes back to the door with the same way back (to a partner too).
    start: keepingReturn("/member/start", flow.redirectTo),
    loginDoor: keepingReturn("/login/login", flow.redirectTo),
    phone: maskPhone(flow.phone),
    times: flow.provenWithoutAccount ? null : await codeTimesOf(context.services, flow.codeId),
    canJoin: flow.provenWithoutAccount,
    partner: await partnerOfReturn(context.services, flow.redirectTo),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const flow = await flowOf(request, context);
  const pending: PendingCode = { purpose: "signIn", phone: flow.phone, codeId: flow.codeId };
  const parsed = await parseForm({ request, context }, signInCodeSchema, { defaultIntent: "verify" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);

  if (submission.value.intent === "join") {
    if (!flow.provenWithoutAccount) return refuse(submission, "codeFirst");
    // The proof is spent here: the sign-in flow ends and a phone join starts with the proven number.
    const headers = withCookies(new Headers(), [await phoneLoginFlow(services).discard(flow.id)]);
    const started = await signupDrafts(services).start(request, {
      kind: "phone",
      phone: flow.phone,
      phoneProvenAtSignIn: true,
      ...(ssoReturn(flow.redirectTo) ? { returnTo: ssoReturn(flow.redirectTo) } : {}),
    });
    return redirect("/sign", { headers: withCookies(headers, started.cookies) });
  }

  if (submission.value.intent === "resend") {
    const sent = await resendCode(request, services, context.clientAddress, pending);
    const headers = withCookies(new Headers(), sent.cookies);
    if (!sent.ok) return refuse(submission, sent.problem, { headers });
    const { id, provenWithoutAccount: _proven, ...data } = flow;
    withCookies(headers, [await phoneLoginFlow(services).save(id, { ...data, codeId: sent.pending.codeId })]);
    return accepted(submission, { headers });
  }

  const checked = await checkCode(request, services, pending, submission.value.code);
  if (!checked.ok) return refuse(submission, checked.problem);

  // The phone is proven: now it is safe to say whether an account uses it.
  const signedIn = await signInProvenNumber(services, checked.phone);
  // No member uses the number. The flow stays (its code is spent; it expires by
  // itself) and remembers the proof, so the page can offer joining with this number.
  if (!signedIn.ok && signedIn.reason === "noMember") {
    const { id, provenWithoutAccount: _proven, ...data } = flow;
    const saved = await phoneLoginFlow(services).save(id, { ...data, provenWithoutAccount: true });
    return redirect("/login/authNo", { headers: withCookies(new Headers(), [saved]) });
  }
  if (!signedIn.ok) return refuse(submission, "unavailable");
  const headers = new Headers({ "Set-Cookie": signedIn.setCookie });
  headers.append("Set-Cookie", await phoneLoginFlow(services).discard(flow.id));
  return redirect(flow.redirectTo, { headers });
}

export default function LoginCodeRoute() {
  const { t } = useTranslation("auth");
  const { phone, times, canJoin, partner, start, loginDoor } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<SignInCodeFields>({ id: "phone-code", lastResult, shouldValidate: "onSubmit" });
  if (canJoin) {
    return (
      <ProvenNumberPage
        form={form}
        heading={t("login.noAccountHeading")}
        found={(slot) => t("login.noAccountJoin", { phone: slot })}
        phone={phone}
        intent="join"
        submit={t("login.joinWithNumber")}
        changeNumber={loginDoor}
      />
    );
  }
  return (
    <CodeStepPage
      form={form}
      code={fields.code}
      phone={phone}
      verifyLabel={t("login.verify")}
      times={times}
      changeNumber={start}
    >
      <PartnerDoor partner={partner} />
    </CodeStepPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
