/**
 * Sign in with an ID (e-mail address) and password, through a server action so it
 * works without JavaScript. An unknown ID and a wrong password get the same
 * answer (and both cost a call to Firebase, so similar time); the password is
 * never sent back into the page. Wrong passwords are counted per ID: past the
 * limit that ID waits, and is told it can sign in with a code or recover the
 * password meanwhile. Only members get a session.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  FieldError,
  firstErrorOf,
  FormAlert,
  getFormProps,
  getInputProps,
  Honeypot,
  PartnerDoor,
  SubmitButton,
  useForm,
} from "~/formKit";
import {
  invalid,
  json,
  log,
  parseForm,
  partnerOfReturn,
  passwordAttempts,
  type Problem,
  problem,
  type ProblemName,
  redirect,
  refuse,
  safeRedirect,
  signInDestination,
  type SignInFields,
  signInSchema,
  startSession,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "default",
  title: "titles.startId",
  back: "/member/start",
  rateLimit: "auth-form",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const reset = new URL(request.url).searchParams.get("reset") === "1";
  const redirectTo = await signInDestination(request, context.services);
  return json({ redirectTo, reset, partner: await partnerOfReturn(context.services, redirectTo) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  // A refused sign-in never sends the password back into the page.
  const hideFields = ["password"];
  const parsed = await parseForm({ request, context }, signInSchema, { hideFields });
  if (parsed.refused) return parsed.refused;
  const { submission, formData, bot } = parsed;
  const no = (refusal: Problem | ProblemName) => refuse(submission, refusal, { hideFields });

  if (submission.status !== "success") return invalid(submission, { hideFields });
  const { email, password, redirectTo } = submission.value;
  if (bot) return no("signInFailed");

  const attempts = passwordAttempts(services);
  const waitUntil = (until: number) =>
    no(problem("idLocked", { minutes: Math.max(1, Math.ceil((until - Date.now()) / 60_000)) }));
  const lockedUntil = await attempts.lockedUntil(email);
  if (lockedUntil) return waitUntil(lockedUntil);

  const { identity } = services;
  // A password set before passwords were normalised may be stored as typed: that form is tried too.
  const typed = String(formData.get("password") ?? "");
  let signedIn = await identity.signInWithPassword(email, password);
  if (!signedIn.ok && signedIn.reason === "wrongCredentials" && typed !== password) {
    signedIn = await identity.signInWithPassword(email, typed);
  }
  if (!signedIn.ok) {
    if (signedIn.reason === "wrongCredentials") {
      const locked = await attempts.failed(email);
      return locked ? waitUntil(locked) : no("signInFailed");
    }
    if (signedIn.reason === "tooManyAttempts") return no("tooManyAttempts");
    if (signedIn.reason === "unavailable") return no("unavailable");
    // Disabled, or refused for a reason not worth telling apart: the same answer as a wrong password, uncounted.
    return no("signInFailed");
  }
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) {
    if (session.reason === "notMember") return no("notMember");
    log.error("signIn.session", undefined, { reason: session.reason, uid: signedIn.uid });
    return no("unavailable");
  }
  await attempts.succeeded(email);
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": session.setCookie } });
}

export default function StartIdRoute() {
  const { t } = useTranslation("auth");
  const { redirectTo, reset, partner } = useLoaderData<typeof loader>();
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
      <h2>{t("member.startId.heading")}</h2>
      <PartnerDoor partner={partner} />
      {reset && !lastResult ? (
        <p className="notice notice--success" role="status">
          {t("recovery.done")}
        </p>
      ) : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={redirectTo} />

      <div className="field">
        <label htmlFor={fields.email.id}>{t("member.startId.email")}</label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="username"
          autoFocus={firstErrorOf(form) === "email"}
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
          autoFocus={firstErrorOf(form) === "password"}
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
        <Link to="/member/agree">{t("member.start.joinWithId")}</Link>
      </p>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
