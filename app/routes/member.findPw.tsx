/**
 * Find password: the ID, then the code texted to the mobile number of that
 * member's account. The page answers the same whether or not the ID belongs to a
 * member (no code goes out when it does not), so it cannot be used to learn who
 * is a member. A checked code opens /member/resetPw.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { browserIdOf } from "~/infra/cookies.server";
import { withCookies } from "~/lib/headers";
import { sendCode, verifyProblem } from "~/auth/phoneLogin.server";
import { checkWithoutCode, RECOVERY_TTL_MS, recoveryFlow, type RecoveryFlow } from "~/auth/recovery.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { CodeField, FieldError, FormAlert, Honeypot, SubmitButton } from "~/components/form";
import { formMessage } from "~/lib/formMessage";
import { errorReply } from "~/lib/formReply";
import type { PageHandle } from "~/lib/page";
import { memberProfile } from "~/members/members.server";
import type { Services } from "~/infra/services.server";
import { emailField } from "~/signup/schemas.server";
import { log } from "~/infra/log.server";

export const handle: PageHandle = {
  layout: "default",
  title: "titles.findPw",
  back: "/member/startId",
  rateLimit: "auth",
  personal: true,
};

const STEP = "/member/findPw";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await recoveryFlow(context.services).read(request);
  if (open?.data.stage === "verified") throw redirect("/member/resetPw");
  return json({ email: open?.data.stage === "code" ? open.data.email : null });
}

function logError(event: string, error: unknown) {
  log.error(event, error);
}

/**
 * Texts a code to the member's number. Whatever the outcome (sent, a limit, a
 * failed text) the visitor hears the same, so the code id is simply null when
 * nothing went out.
 */
async function textCode(request: Request, context: ActionFunctionArgs["context"], phone: string) {
  try {
    const sent = await sendCode(request, context.services, context.clientAddress, phone, "recovery");
    return sent.result.ok ? sent.result.codeId : null;
  } catch (error) {
    logError("recovery.sms", error);
    return null;
  }
}

/** The member this ID belongs to and the number to text, or null (no member, no number). */
async function memberFor(services: Services, email: string): Promise<{ uid: string; phone: string } | null> {
  try {
    const user = await services.identity.auth.getUserByEmail(email);
    if (!user.phoneNumber || !memberProfile(services.db, user.uid)) return null;
    return { uid: user.uid, phone: user.phoneNumber };
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return null;
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const flows = recoveryFlow(services);
  const open = await flows.read(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const values = {
    email: String(form.get("email") ?? "").slice(0, 300),
    code: String(form.get("code") ?? "")
      .trim()
      .slice(0, 20),
  };
  const fail = (field: string, message: string, status: number) => json(errorReply(values, field, message), { status });

  if (intent === "restart") return redirect(STEP, { headers: { "Set-Cookie": await flows.discard(open?.id) } });

  const pending = open?.data.stage === "code" ? { id: open.id, data: open.data } : null;
  if (pending && intent === "resend") {
    const { uid, phone } = pending.data;
    const codeId = uid && phone ? ((await textCode(request, context, phone)) ?? pending.data.codeId) : null;
    const next: RecoveryFlow = { ...pending.data, codeId, sentAt: Date.now(), attempts: 0 };
    return redirect(STEP, { headers: { "Set-Cookie": await flows.save(pending.id, next) } });
  }
  if (pending && intent !== "send") {
    const now = Date.now();
    const { uid, phone, codeId } = pending.data;
    if (!uid || !phone || !codeId) {
      const { result, attempts } = checkWithoutCode(pending.data, values.code, now);
      await flows.save(pending.id, { ...pending.data, attempts });
      return fail(result.reason === "malformed" ? "code" : "", verifyProblem(result), 400);
    }
    const browser = await browserIdOf(request, services);
    const checked = services.phoneCodes.verify(codeId, values.code, browser.id, now);
    if (!checked.ok) return fail(checked.reason === "malformed" ? "code" : "", verifyProblem(checked), 400);
    if (checked.purpose !== "recovery" || checked.phone !== phone) {
      return fail("", formMessage("errors.form.codeUsed"), 400);
    }
    // The phone is proven: the flow becomes a grant, good for one password change within its lifetime.
    const grant: RecoveryFlow = { stage: "verified", uid, until: now + RECOVERY_TTL_MS };
    return redirect("/member/resetPw", { headers: { "Set-Cookie": await flows.save(pending.id, grant) } });
  }

  if (form.get("website")) return fail("", formMessage("errors.form.smsFailed"), 400);
  const email = emailField.safeParse(values.email);
  if (!email.success) return fail("email", email.error.issues[0]?.message ?? "errors.form.invalidEmail", 400);
  let member: { uid: string; phone: string } | null;
  try {
    member = await memberFor(services, email.data);
  } catch (error) {
    logError("recovery.lookup", error);
    return fail("", formMessage("errors.form.unavailable"), 503);
  }
  const codeId = member ? await textCode(request, context, member.phone) : null;
  const started = await flows.start(request, {
    stage: "code",
    email: email.data,
    uid: member?.uid ?? null,
    phone: member?.phone ?? null,
    codeId,
    sentAt: Date.now(),
    attempts: 0,
  });
  // A recovery started again replaces the one before.
  if (open) await flows.discard(open.id);
  return redirect(STEP, { headers: withCookies(new Headers(), started.cookies) });
}

export default function FindPasswordRoute() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ email: string; code: string }>({
    id: "find-password",
    lastResult,
    shouldValidate: "onSubmit",
  });
  if (email) {
    return (
      <Form method="post" className="form" {...getFormProps(form)}>
        <p>{t("recovery.codeSent", { email })}</p>
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
