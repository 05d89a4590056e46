/**
 * Sign in with a phone number, step 2: the code. Without the flow of step 1 (a
 * jump ahead, or an expired flow) the visitor goes back to step 1.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, safeRedirect, SentenceWithLtr } from "~/pageKit";
import { CodeStep, FormAlert, getFormProps, useForm } from "~/formKit";
import {
  json,
  redirect,
  phoneLoginFlow,
  startSession,
  accepted,
  invalid,
  parseForm,
  refuse,
  withCookies,
  isMember,
  log,
  checkCode,
  codeStepSchema,
  maskPhone,
  resendCode,
  type CodeStepFields,
  type PendingCode,
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
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const flow = await flowOf(request, context);
  return json({ phone: maskPhone(flow.phone) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const flow = await flowOf(request, context);
  const pending: PendingCode = { purpose: "signIn", phone: flow.phone, codeId: flow.codeId };
  const parsed = await parseForm({ request, context }, codeStepSchema, { defaultIntent: "verify" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);

  if (submission.value.intent === "resend") {
    const sent = await resendCode(request, services, context.clientAddress, pending);
    const headers = withCookies(new Headers(), sent.cookies);
    if (!sent.ok) return refuse(submission, sent.problem, { headers });
    const { id, ...data } = flow;
    withCookies(headers, [await phoneLoginFlow(services).save(id, { ...data, codeId: sent.pending.codeId })]);
    return accepted(submission, { headers });
  }

  const checked = await checkCode(request, services, pending, submission.value.code);
  if (!checked.ok) return refuse(submission, checked.problem);

  // The phone is proven: now it is safe to say whether an account uses it.
  const found = await services.identity.findByPhone(checked.phone);
  if (!found.ok) return refuse(submission, "unavailable");
  const uid = found.account?.uid;
  // No member uses the number (an account without a profile is not a member). The
  // flow stays (its code is spent; it expires by itself) so the page can show this.
  if (!uid || !(await isMember(services, uid))) return refuse(submission, "noAccount");
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) return refuse(submission, "unavailable");
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) {
    log.error("phoneSignIn.session", undefined, { reason: session.reason, uid });
    return refuse(submission, "unavailable");
  }
  const headers = new Headers({ "Set-Cookie": session.setCookie });
  headers.append("Set-Cookie", await phoneLoginFlow(services).discard(flow.id));
  return redirect(flow.redirectTo, { headers });
}

export default function LoginCodeRoute() {
  const { t } = useTranslation("auth");
  const { phone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<CodeStepFields>({ id: "phone-code", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <CodeStep
        sentTo={<SentenceWithLtr sentence={(slot) => t("login.codeSent", { phone: slot })} value={phone} />}
        code={fields.code}
        verifyLabel={t("login.verify")}
        other={
          <p className="form__links">
            <Link to="/login/login">{t("login.changeNumber")}</Link>
          </p>
        }
      />
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
