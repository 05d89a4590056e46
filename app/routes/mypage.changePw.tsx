/**
 * Change password (the current one is checked, counted against the ID like a
 * sign-in), or, for a member who joined by phone or Google, set a first one with
 * an e-mail as the ID. Afterwards every other session ends; this one is renewed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  FieldError,
  firstErrorOf,
  FormAlert,
  getFormProps,
  getInputProps,
  NewPasswordFields,
  SubmitButton,
  useForm,
} from "~/formKit";
import {
  json,
  redirect,
  changePassword,
  changePasswordSchema,
  firstPasswordSchema,
  invalid,
  parseForm,
  refuse,
  requireMember,
  requireRecentMember,
  setFirstPassword,
  type ChangePasswordFields,
  type FirstPasswordFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage", "auth"],
  layout: "default",
  title: "titles.changePw",
  tab: "mypage",
  back: "/mypage",
  rateLimit: "auth-form",
  personal: true,
};

const HIDE = ["currentPassword", "password", "passwordConfirm"];

/**
 * The member and whether their account has a password. Without one there is no current
 * password to confirm with, so setting the first one needs a recent sign-in, as the number
 * change does: a session left open elsewhere must not be enough to add a way in.
 */
async function memberOf(request: Request, services: LoaderFunctionArgs["context"]["services"]) {
  const member = await requireMember(request, services);
  const settings = await services.stores.members.settings(member.uid);
  if (!settings) throw redirect("/member/start");
  if (!settings.hasPassword) await requireRecentMember(request, services);
  return { member, settings };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member, settings } = await memberOf(request, context.services);
  const done = new URL(request.url).searchParams.get("done");
  return json({
    hasPassword: settings.hasPassword,
    email: member.email ?? "",
    done: done === "changed" || done === "set" ? done : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const { member, settings } = await memberOf(request, services);
  const schema = settings.hasPassword ? changePasswordSchema(member.email) : firstPasswordSchema;
  const parsed = await parseForm({ request, context }, schema, { hideFields: HIDE });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission, { hideFields: HIDE });
  const value = submission.value as { currentPassword?: string; email?: string; password: string };
  const result = settings.hasPassword
    ? await changePassword(services, member, value.currentPassword!, value.password)
    : await setFirstPassword(services, member, value.email!, value.password);
  if (!result.ok) return refuse(submission, result.problem, { hideFields: HIDE });
  const done = settings.hasPassword ? "changed" : "set";
  // Without a new session (Firebase could not make one) the member signs in with the new password.
  if (!result.setCookie) return redirect(`/member/startId?redirectTo=${encodeURIComponent("/mypage")}`);
  return redirect(`/mypage/changePw?done=${done}`, { headers: { "Set-Cookie": result.setCookie } });
}

export default function ChangePasswordRoute() {
  const { t } = useTranslation("mypage");
  const { t: common } = useTranslation();
  const { hasPassword, email, done } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<ChangePasswordFields & FirstPasswordFields>({
    id: "change-password",
    lastResult,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  const focus = firstErrorOf(form);
  const current = useRef<HTMLInputElement>(null);
  // A password is never shown back, with JavaScript either.
  useEffect(() => {
    if (lastResult && current.current) current.current.value = "";
  }, [lastResult]);
  if (done) {
    return (
      <div className="settings">
        <Confirmation answer={done}>
          <p>{done === "changed" ? t("password.done") : t("password.doneFirst")}</p>
        </Confirmation>
        <Link className="button button--secondary button--block" to="/mypage">
          {common("tabs.mypage")}
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" className="form settings-form" {...getFormProps(form)}>
      {/* The header says "change password"; a first password gets its own heading. */}
      {!hasPassword ? <h2>{t("password.setHeading")}</h2> : null}
      {!hasPassword ? <p>{email ? t("password.setIntro", { id: email }) : t("password.setNeedsEmail")}</p> : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      {hasPassword ? (
        <>
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <div className="field">
            <label htmlFor={fields.currentPassword.id}>{t("password.current")}</label>
            <input
              {...getInputProps(fields.currentPassword, { type: "password" })}
              ref={current}
              autoComplete="current-password"
              autoFocus={focus === "currentPassword"}
              aria-describedby={fields.currentPassword.errorId}
            />
            <FieldError id={fields.currentPassword.errorId} errors={fields.currentPassword.errors} />
          </div>
        </>
      ) : (
        <div className="field">
          <label htmlFor={fields.email.id}>{t("password.email")}</label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="username"
            autoFocus={focus === "email"}
            maxLength={254}
            aria-describedby={fields.email.errorId}
          />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
      )}
      <NewPasswordFields
        password={fields.password}
        confirm={fields.passwordConfirm}
        label={t("password.new")}
        answered={Boolean(lastResult)}
        focus={focus}
      />
      <SubmitButton>{hasPassword ? t("password.save") : t("password.saveFirst")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
