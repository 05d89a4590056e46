/**
 * Sign-up with a phone, step 2: the code texted to the number. A code that proves
 * a member's number offers signing in with it instead, without a second text: the
 * proof is kept in the draft (this browser, 10 minutes) and spent by signing in.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { SignupStep, useForm } from "~/formKit";
import { CodeStepPage, ProvenNumberPage } from "~/kits/codeStep";
import {
  json,
  redirect,
  joinCodeSchema,
  maskPhone,
  invalid,
  parseForm,
  refuse,
  withCookies,
  signupDrafts,
  requireStep,
  checkJoinCode,
  resendJoinCode,
  type JoinCodeFields,
  provenMemberNumber,
  signInProvenNumber,
  codeTimesOf,
  stepAfter,
  stepPosition,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup", "auth"],
  layout: "join",
  title: "titles.verifyCode",
  back: "/sign",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/sign/authNo";
// Called on the server only: the route kit is empty in the browser.
const next = () => stepAfter("phone", STEP)!;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await requireStep(request, context.services, "phone", STEP);
  const { draft } = open;
  // Came back after verifying: the number is done, go on.
  if (!draft.pending && draft.phone) throw redirect(next());
  const member = provenMemberNumber(open);
  // A member's number proven too long ago: start again with a new code.
  if (!draft.pending && !member) throw redirect("/sign");
  return json({
    phone: maskPhone(member ?? draft.pending?.phone ?? ""),
    times: draft.pending ? await codeTimesOf(context.services, draft.pending.codeId) : null,
    step: stepPosition("phone", STEP, draft),
    member: Boolean(member),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, "phone", STEP);
  const parsed = await parseForm({ request, context }, joinCodeSchema, { defaultIntent: "verify" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const drafts = signupDrafts(services);

  if (submission.value.intent === "signIn") {
    if (!provenMemberNumber(open)) return refuse(submission, "codeFirst");
    // The proof is spent here, whatever follows: of two posts of it, one finds no draft.
    const spent = await drafts.take(request);
    const phone = spent ? provenMemberNumber({ draft: spent }) : null;
    const cleared = await drafts.discard(null);
    if (!phone) return redirect("/sign", { headers: { "Set-Cookie": cleared } });
    const signedIn = await signInProvenNumber(services, phone);
    if (!signedIn.ok) {
      return refuse(submission, "unavailable", {
        headers: withCookies(new Headers(), await drafts.restore(request, spent!)),
      });
    }
    return redirect("/", { headers: withCookies(new Headers(), [cleared, signedIn.setCookie]) });
  }

  if (submission.value.intent === "resend") {
    if (!open.draft.pending) return redirect("/sign");
    const sent = await resendJoinCode(request, services, context.clientAddress, open);
    const headers = withCookies(new Headers(), sent.cookies);
    if (!sent.ok) return refuse(submission, sent.problem, { headers });
    return redirect(STEP, { headers: withCookies(headers, [await drafts.save(sent.draft)]) });
  }
  const checked = await checkJoinCode(request, services, open, submission.value.code);
  // A member's number: this page now offers signing in with it.
  if (!checked.ok && checked.member)
    return redirect(STEP, { headers: { "Set-Cookie": await drafts.save(checked.member) } });
  if (!checked.ok) return refuse(submission, checked.problem);
  return redirect(next(), { headers: { "Set-Cookie": await drafts.save(checked.draft) } });
}

export default function SignCodeRoute() {
  const { t } = useTranslation("signup");
  const { phone, times, step, member } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<JoinCodeFields>({ id: "sign-code", lastResult, shouldValidate: "onSubmit" });
  if (member) {
    return (
      <ProvenNumberPage
        form={form}
        heading={t("signup.phone.memberHeading")}
        found={(slot) => t("signup.phone.memberFound", { phone: slot })}
        phone={phone}
        intent="signIn"
        submit={t("signup.phone.signIn")}
        changeNumber="/sign"
      />
    );
  }
  return (
    <CodeStepPage
      form={form}
      code={fields.code}
      phone={phone}
      times={times}
      changeNumber="/sign"
      before={<SignupStep {...step} />}
    >
      {form.errors?.[0] === "errors.form.phoneTaken" ? (
        <p className="form__links">
          <Link to="/login/login">{t("signup.phone.signIn")}</Link>
        </p>
      ) : null}
    </CodeStepPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
