/**
 * Sign in with a phone number, step 1: the number. A code is texted whether or
 * not an account uses the number, so the page never tells a stranger which
 * numbers are members; that is said only after the code proves the phone.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, safeRedirect } from "~/pageKit";
import { FormAlert, getFormProps, Honeypot, PhoneField, SubmitButton, useForm } from "~/formKit";
import {
  json,
  redirect,
  withCookies,
  phoneLoginFlow,
  phoneSignInSchema,
  signInDestination,
  invalid,
  parseForm,
  refuse,
  phoneNumberOf,
  sendCode,
  type PhoneSignInFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "join",
  title: "titles.login",
  back: "/member/start",
  rateLimit: "auth-form",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ redirectTo: await signInDestination(request, context.services) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm({ request, context }, phoneSignInSchema);
  if (parsed.refused) return parsed.refused;
  const { submission, bot } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (bot) return refuse(submission, "smsFailed");
  const redirectTo = safeRedirect(submission.value.redirectTo);

  const phone = phoneNumberOf(submission.value.phone);
  if (!phone.ok) return refuse(submission, phone.problem);
  const sent = await sendCode(request, context.services, context.clientAddress, phone.e164, "signIn");
  const headers = withCookies(new Headers(), sent.cookies);
  if (!sent.ok) return refuse(submission, sent.problem, { headers });
  const started = await phoneLoginFlow(context.services).start(request, {
    codeId: sent.pending.codeId,
    phone: phone.e164,
    redirectTo,
  });
  return redirect("/login/authNo", { headers: withCookies(headers, started.cookies) });
}

export default function LoginRoute() {
  const { t } = useTranslation("auth");
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<PhoneSignInFields>({
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
