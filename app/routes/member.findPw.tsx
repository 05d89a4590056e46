/**
 * Find password: the ID, then a code texted to the mobile number on that account.
 * A checked code opens /member/resetPw.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { browserIdOf } from "~/auth/flow.server";
import { issueProblem, maskPhone, sendCode, verifyProblem } from "~/auth/phoneLogin.server";
import { recoveryFlow } from "~/auth/recovery.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { CodeField, FieldError, FormAlert, Honeypot, SubmitButton } from "~/components/form";
import { formMessage } from "~/lib/formMessage";
import { errorReply } from "~/lib/formReply";
import type { PageHandle } from "~/lib/page";
import { emailField } from "~/signup/schemas.server";

export const handle: PageHandle = { layout: "default", title: "titles.findPw", back: "/member/startId" };

const STEP = "/member/findPw";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const flow = await recoveryFlow(context.services).read(request);
  if (flow?.verifiedAt) throw redirect("/member/resetPw");
  return json({ phone: flow?.codeId && flow.phone ? maskPhone(flow.phone) : null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const flows = recoveryFlow(services);
  const flow = await flows.read(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const values = {
    email: String(form.get("email") ?? "").slice(0, 300),
    code: String(form.get("code") ?? "")
      .trim()
      .slice(0, 20),
  };
  const fail = (field: string, message: string, status: number, headers?: HeadersInit) =>
    json(errorReply(values, field, message), { status, headers });

  if (intent === "restart") return redirect(STEP, { headers: { "Set-Cookie": await flows.clear() } });

  const send = async (uid: string, phone: string) => {
    const sent = await sendCode(request, services, context.clientAddress, phone, "recovery").catch((error: unknown) => {
      console.error(JSON.stringify({ level: "error", event: "sms", error: String(error) }));
      return null;
    });
    if (!sent) return fail("", formMessage("errors.form.smsFailed"), 503);
    const headers = new Headers();
    if (sent.setCookie) headers.append("Set-Cookie", sent.setCookie);
    if (!sent.result.ok) return fail("", issueProblem(sent.result), 429, headers);
    headers.append("Set-Cookie", await flows.write({ uid, phone, codeId: sent.result.codeId }));
    return redirect(STEP, { headers });
  };

  if (flow?.uid && flow.phone && flow.codeId && intent !== "send") {
    if (intent === "resend") return send(flow.uid, flow.phone);
    const browser = await browserIdOf(request, services);
    const checked = services.phoneCodes.verify(flow.codeId, values.code, browser.id, Date.now());
    if (!checked.ok) return fail(checked.reason === "malformed" ? "code" : "", verifyProblem(checked), 400);
    if (checked.purpose !== "recovery" || checked.phone !== flow.phone) {
      return fail("", formMessage("errors.form.codeUsed"), 400);
    }
    const headers = {
      "Set-Cookie": await flows.write({
        uid: flow.uid,
        phone: flow.phone,
        codeId: flow.codeId,
        verifiedAt: Date.now(),
      }),
    };
    return redirect("/member/resetPw", { headers });
  }

  if (form.get("website")) return fail("", formMessage("errors.form.smsFailed"), 400);
  const email = emailField.safeParse(values.email);
  if (!email.success) return fail("email", email.error.issues[0]?.message ?? "errors.form.invalidEmail", 400);
  let user;
  try {
    user = await services.identity.auth.getUserByEmail(email.data);
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") {
      return fail("email", formMessage("errors.form.noAccountForId"), 404);
    }
    console.error(JSON.stringify({ level: "error", event: "recovery.lookup", error: String(error) }));
    return fail("", formMessage("errors.form.unavailable"), 503);
  }
  if (!user.phoneNumber) return fail("", formMessage("errors.form.noPhoneForAccount"), 409);
  return send(user.uid, user.phoneNumber);
}

export default function FindPasswordRoute() {
  const { t } = useTranslation();
  const { phone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ email: string; code: string }>({
    id: "find-password",
    lastResult,
    shouldValidate: "onSubmit",
  });
  if (phone) {
    return (
      <Form method="post" className="form" {...getFormProps(form)}>
        <p>{t("login.codeSent", { phone })}</p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <CodeField field={fields.code} />
        <SubmitButton name="intent" value="verify">
          {t("signup.verify")}
        </SubmitButton>
        <button
          type="submit"
          name="intent"
          value="resend"
          className="button button--secondary button--block"
          formNoValidate
        >
          {t("login.resend")}
        </button>
        <button type="submit" name="intent" value="restart" className="link-button" formNoValidate>
          {t("recovery.otherId")}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p>{t("recovery.intro")}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.email.id}>{t("member.startId.email")}</label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <Honeypot />
      <SubmitButton name="intent" value="send">
        {t("login.sendCode")}
      </SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
