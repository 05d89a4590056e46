/** Sign-up with a phone, step 2: the code texted to the number. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithLtr } from "~/pageKit";
import { CodeStep, FormAlert, getFormProps, SignupStep, useForm } from "~/formKit";
import {
  json,
  redirect,
  codeStepSchema,
  maskPhone,
  invalid,
  parseForm,
  refuse,
  withCookies,
  signupDrafts,
  requireStep,
  checkJoinCode,
  resendJoinCode,
  type CodeStepFields,
  codeTimesOf,
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { draft } = await requireStep(request, context.services, "phone", STEP);
  // Came back after verifying: the number is done, go on.
  if (!draft.pending && draft.phone) throw redirect("/sign/inputName");
  return json({
    phone: draft.pending ? maskPhone(draft.pending.phone) : "",
    times: draft.pending ? await codeTimesOf(context.services, draft.pending.codeId) : null,
    step: stepPosition("phone", STEP),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, "phone", STEP);
  const parsed = await parseForm({ request, context }, codeStepSchema, { defaultIntent: "verify" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const drafts = signupDrafts(services);

  if (submission.value.intent === "resend") {
    if (!open.draft.pending) return redirect("/sign");
    const sent = await resendJoinCode(request, services, context.clientAddress, open);
    const headers = withCookies(new Headers(), sent.cookies);
    if (!sent.ok) return refuse(submission, sent.problem, { headers });
    return redirect(STEP, { headers: withCookies(headers, [await drafts.save(sent.draft)]) });
  }
  const checked = await checkJoinCode(request, services, open, submission.value.code);
  if (!checked.ok) return refuse(submission, checked.problem);
  return redirect("/sign/inputName", { headers: { "Set-Cookie": await drafts.save(checked.draft) } });
}

export default function SignCodeRoute() {
  const { t } = useTranslation(["signup", "auth"]);
  const { phone, times, step } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<CodeStepFields>({ id: "sign-code", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...step} />
      <h2>{t("login.codeHeading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      {form.errors?.[0] === "errors.form.phoneTaken" ? (
        <p className="form__links">
          <Link to="/login/login">{t("signup.phone.signIn")}</Link>
        </p>
      ) : null}
      <CodeStep
        sentTo={<SentenceWithLtr sentence={(slot) => t("login.codeSent", { phone: slot })} value={phone} />}
        code={fields.code}
        verifyLabel={t("login.verifyCode")}
        times={times}
        other={
          <p className="form__links">
            <Link to="/sign">{t("login.changeNumber")}</Link>
          </p>
        }
      />
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
