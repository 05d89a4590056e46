/**
 * Sign in with an ID (e-mail address) and password, through a server action so it
 * works without JavaScript. An unknown ID and a wrong password get the same
 * answer (and both cost a call to Firebase, so similar time); the password is
 * never sent back into the page. Wrong passwords are counted per ID: past the
 * limit that ID waits, and is told it can sign in with a code or recover the
 * password meanwhile. Only members get a session.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isIdentityError } from "~/infra/firebase/identityToolkit.server";
import { passwordAttempts } from "~/auth/passwordAttempts.server";
import { signInDestination, startSession } from "~/auth/session.server";
import { signInSchema, type SignInFields } from "~/auth/signInForm.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { FieldError, FormAlert, Honeypot, SubmitButton } from "~/components/form";
import { formMessage } from "~/lib/formMessage";
import type { PageHandle } from "~/lib/page";
import { safeRedirect } from "~/lib/safeRedirect";
import { log } from "~/infra/log.server";

export const handle: PageHandle = {
  layout: "default",
  title: "titles.startId",
  back: "/member/start",
  rateLimit: "auth",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const reset = new URL(request.url).searchParams.get("reset") === "1";
  return json({ redirectTo: await signInDestination(request, context.services), reset });
}

/** Firebase's answers for a wrong ID or password (the emulator and production differ). */
const WRONG_CREDENTIALS = new Set(["INVALID_LOGIN_CREDENTIALS", "INVALID_PASSWORD", "EMAIL_NOT_FOUND"]);

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: signInSchema });
  const refuse = (key: string, status: number) =>
    json(submission.reply({ formErrors: [key], hideFields: ["password"] }), { status });

  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email, password, redirectTo, website } = submission.value;
  if (website) return refuse("errors.form.signInFailed", 401);

  const attempts = passwordAttempts(services);
  const waitUntil = (until: number) =>
    refuse(
      formMessage("errors.form.idLocked", { minutes: Math.max(1, Math.ceil((until - Date.now()) / 60_000)) }),
      429,
    );
  const lockedUntil = attempts.lockedUntil(email);
  if (lockedUntil) return waitUntil(lockedUntil);

  const { toolkit } = services.identity;
  try {
    // A password set before passwords were normalised may be stored as typed: that form is tried too.
    const typed = String(formData.get("password") ?? "");
    const tokens = await toolkit.signInWithPassword(email, password).catch((error: unknown) => {
      if (typed === password || !isIdentityError(error) || !WRONG_CREDENTIALS.has(error.code)) throw error;
      return toolkit.signInWithPassword(email, typed);
    });
    const cookie = await startSession(services, tokens.idToken);
    attempts.succeeded(email);
    return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (isIdentityError(error) && error.code.startsWith("TOO_MANY_ATTEMPTS")) {
      return refuse("errors.form.tooManyAttempts", 429);
    }
    if (isIdentityError(error) && error.code === "NOT_A_MEMBER") return refuse("errors.form.notMember", 403);
    if (isIdentityError(error) && WRONG_CREDENTIALS.has(error.code)) {
      const locked = attempts.failed(email);
      return locked ? waitUntil(locked) : refuse("errors.form.signInFailed", 401);
    }
    if (isIdentityError(error) && error.code !== "STALE_SIGN_IN" && !error.code.startsWith("HTTP_5")) {
      return refuse("errors.form.signInFailed", 401);
    }
    log.error("signIn", error);
    return refuse("errors.form.unavailable", 503);
  }
}

export default function StartIdRoute() {
  const { t } = useTranslation();
  const { redirectTo, reset } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // Validation happens on the server (shared with the no-JavaScript path); the
  // browser only submits.
  const [form, fields] = useForm<SignInFields>({ id: "sign-in", lastResult, shouldValidate: "onSubmit" });
  // A refused sign-in never keeps the password, with JavaScript either.
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (lastResult && passwordRef.current) passwordRef.current.value = "";
  }, [lastResult]);

  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      {reset && !lastResult ? <p role="status">{t("recovery.done")}</p> : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={redirectTo} />

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

      <div className="field">
        <label htmlFor={fields.password.id}>{t("member.startId.password")}</label>
        <input
          {...getInputProps(fields.password, { type: "password" })}
          ref={passwordRef}
          autoComplete="current-password"
        />
        <FieldError id={fields.password.errorId} errors={fields.password.errors} />
      </div>

      <Honeypot />

      <SubmitButton>{t("member.startId.submit")}</SubmitButton>
      <p className="form__links">
        {form.errors?.[0]?.startsWith("errors.form.idLocked") ? (
          // While the ID waits, the other doors are open at once.
          <Link to={`/login/login?redirectTo=${encodeURIComponent(redirectTo)}`}>{t("member.start.withPhone")}</Link>
        ) : null}
        <Link to="/member/findPw">{t("member.startId.forgotPassword")}</Link>
        <Link to="/member/agree">{t("member.start.join")}</Link>
      </p>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
