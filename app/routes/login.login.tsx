/**
 * Sign in with a phone number, step 1: the number. A code is texted whether or
 * not an account uses the number, so the page never tells a stranger which
 * numbers are members; that is said only after the code proves the phone.
 */
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withCookies } from "~/lib/headers";
import { normalizePhoneNumber } from "~/auth/phoneNumber.server";
import { issueProblem, phoneLoginFlow, sendCode } from "~/auth/phoneLogin.server";
import { signInDestination } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { FormAlert, Honeypot, PhoneField, SubmitButton } from "~/components/form";
import { formMessage } from "~/lib/formMessage";
import { errorReply } from "~/lib/formReply";
import type { PageHandle } from "~/lib/page";
import { safeRedirect } from "~/lib/safeRedirect";
import { log } from "~/infra/log.server";

export const handle: PageHandle = {
  layout: "join",
  title: "titles.login",
  back: "/member/start",
  rateLimit: "auth",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ redirectTo: await signInDestination(request, context.services) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const input = String(form.get("phone") ?? "");
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const reply = (field: string | null, message: string, status = 400) =>
    json(errorReply({ phone: input, redirectTo }, field ?? "", message), { status });
  if (form.get("website")) return reply(null, formMessage("errors.form.smsFailed"));

  const phone = normalizePhoneNumber(input);
  if (!phone.ok) {
    return reply(
      "phone",
      formMessage(phone.problem === "notMobile" ? "errors.form.notMobile" : "errors.form.invalidPhone"),
    );
  }
  let sent;
  try {
    sent = await sendCode(request, context.services, context.clientAddress, phone.e164, "signIn");
  } catch (error) {
    log.error("sms", error);
    return reply(null, formMessage("errors.form.smsFailed"), 503);
  }
  const headers = withCookies(new Headers(), [sent.setCookie]);
  if (!sent.result.ok) {
    return json(errorReply({ phone: input, redirectTo }, "", issueProblem(sent.result)), { status: 429, headers });
  }
  const started = await phoneLoginFlow(context.services).start(request, {
    codeId: sent.result.codeId,
    phone: phone.e164,
    redirectTo,
  });
  return redirect("/login/authNo", { headers: withCookies(headers, started.cookies) });
}

export default function LoginRoute() {
  const { t } = useTranslation();
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ phone: string; redirectTo: string }>({
    id: "phone-login",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <PhoneField field={fields.phone} />
      <Honeypot />
      <SubmitButton>{t("login.sendCode")}</SubmitButton>
      <p className="form__links">
        <Link to={`/member/startId?redirectTo=${encodeURIComponent(redirectTo)}`}>{t("member.start.withId")}</Link>
      </p>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
