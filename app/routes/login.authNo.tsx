/**
 * Sign in with a phone number, step 2: the code. Without the flow of step 1 (a
 * jump ahead, or an expired flow) the visitor goes back to step 1.
 */
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { browserIdOf } from "~/infra/cookies.server";
import { withCookies } from "~/lib/headers";
import { issueProblem, maskPhone, phoneLoginFlow, sendCode, verifyProblem } from "~/auth/phoneLogin.server";
import { startSession } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { CodeField, FormAlert, SubmitButton } from "~/components/form";
import { formMessage } from "~/lib/formMessage";
import { errorReply } from "~/lib/formReply";
import type { PageHandle } from "~/lib/page";
import { memberProfile } from "~/members/members.server";
import { safeRedirect } from "~/lib/safeRedirect";
import { log } from "~/infra/log.server";

export const handle: PageHandle = {
  layout: "join",
  title: "titles.loginCode",
  back: "/login/login",
  rateLimit: "auth",
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
  const form = await request.formData().catch(() => new FormData());
  const code = String(form.get("code") ?? "").trim();
  const problem = (message: string, field: "code" | "" = "", status = 400) =>
    json(errorReply({ code }, field, message), { status });

  if (form.get("intent") === "resend") {
    const sent = await sendCode(request, services, context.clientAddress, flow.phone, "signIn").catch(() => null);
    if (!sent) return problem(formMessage("errors.form.smsFailed"), "", 503);
    if (!sent.result.ok) return problem(issueProblem(sent.result), "", 429);
    const { id, ...data } = flow;
    const headers = withCookies(new Headers(), [
      await phoneLoginFlow(services).save(id, { ...data, codeId: sent.result.codeId }),
      sent.setCookie,
    ]);
    return json({ status: "success" as const, initialValue: {}, error: {} }, { headers });
  }

  const browser = await browserIdOf(request, services);
  const checked = services.phoneCodes.verify(flow.codeId, code, browser.id, Date.now());
  if (!checked.ok) return problem(verifyProblem(checked), checked.reason === "malformed" ? "code" : "");
  if (checked.purpose !== "signIn" || checked.phone !== flow.phone) return problem(formMessage("errors.form.codeUsed"));

  // The phone is proven: now it is safe to say whether an account uses it.
  let uid: string;
  try {
    uid = (await services.identity.auth.getUserByPhoneNumber(checked.phone)).uid;
  } catch {
    uid = "";
  }
  // No member uses the number (an account without a profile is not a member). The
  // flow stays (its code is spent; it expires by itself) so the page can show this.
  if (!uid || !memberProfile(services.db, uid)) return problem(formMessage("errors.form.noAccount"), "", 404);
  try {
    const token = await services.identity.auth.createCustomToken(uid);
    const tokens = await services.identity.toolkit.signInWithCustomToken(token);
    const headers = new Headers({ "Set-Cookie": await startSession(services, tokens.idToken) });
    headers.append("Set-Cookie", await phoneLoginFlow(services).discard(flow.id));
    return redirect(flow.redirectTo, { headers });
  } catch (error) {
    log.error("phoneSignIn", error);
    return problem(formMessage("errors.form.unavailable"), "", 503);
  }
}

export default function LoginCodeRoute() {
  const { t } = useTranslation();
  const { phone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ code: string }>({ id: "phone-code", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p>{t("login.codeSent", { phone })}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <CodeField field={fields.code} />
      <SubmitButton>{t("login.verify")}</SubmitButton>
      <button
        type="submit"
        name="intent"
        value="resend"
        className="button button--secondary button--block"
        formNoValidate
      >
        {t("login.resend")}
      </button>
      <p className="form__links">
        <Link to="/login/login">{t("login.changeNumber")}</Link>
      </p>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
