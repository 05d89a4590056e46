/**
 * Reset password, after /member/findPw proved the phone. The grant is spent in
 * the same step that sets the new password (a second use, another browser or a
 * late one finds nothing); every session of the member ends, here and at
 * Firebase, and the member signs in again with the new password.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { firstErrorOf, FormAlert, getFormProps, NewPasswordFields, SubmitButton, useForm } from "~/formKit";
import {
  json,
  redirect,
  invalid,
  parseForm,
  refuse,
  withCookies,
  passwordProblem,
  passwordAttempts,
  recoveryFlow,
  endSession,
  revokeSessions,
  newPasswordSchema,
  log,
  type ProblemName,
  type ResetPasswordFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "default",
  title: "titles.resetPw",
  back: "/member/findPw",
  rateLimit: "auth-form",
  personal: true,
};

const hideFields = ["password", "passwordConfirm"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await recoveryFlow(context.services).read(request);
  if (open?.data.stage !== "verified") throw redirect("/member/findPw");
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const flows = recoveryFlow(services);
  const open = await flows.read(request);
  if (open?.data.stage !== "verified") throw redirect("/member/findPw");
  const parsed = await parseForm({ request, context }, newPasswordSchema, { hideFields });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  // A mistyped password does not spend the grant: the member corrects it and submits again.
  if (submission.status !== "success") return invalid(submission, { hideFields });

  const grant = await flows.take(request);
  if (grant?.stage !== "verified" || grant.until <= Date.now())
    throw redirect("/member/findPw", { headers: { "Set-Cookie": await flows.clear() } });
  const { uid } = grant;
  // A refusal of ours after the grant was spent gives it back, so the member can try again.
  const giveBack = async (refusal: ProblemName) =>
    refuse(submission, refusal, {
      hideFields,
      headers: withCookies(new Headers(), await flows.restore(request, grant, grant.until)),
    });
  const unavailable = (reason: string) => {
    log.error("recovery.reset", undefined, { uid, reason });
    return giveBack("unavailable");
  };
  const found = await services.identity.findByUid(uid);
  if (!found.ok || !found.account) return unavailable(found.ok ? "notFound" : found.reason);
  const user = found.account;
  if (passwordProblem(submission.value.password, user.email) === "passwordLikeId") {
    return giveBack("passwordLikeId");
  }
  const changed = await services.identity.setPassword(uid, submission.value.password);
  if (!changed.ok) return unavailable(changed.reason);
  // The member proved themselves another way: wrong passwords counted against the ID are forgiven.
  if (user.email) await passwordAttempts(services).succeeded(user.email);
  await revokeSessions(services, uid);
  const headers = new Headers({ "Set-Cookie": await flows.clear() });
  headers.append("Set-Cookie", await endSession(request, services));
  return redirect("/member/startId?reset=1", { headers });
}

export default function ResetPasswordRoute() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<ResetPasswordFields>({
    id: "reset-password",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <h2>{t("recovery.heading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <NewPasswordFields
        password={fields.password}
        confirm={fields.passwordConfirm}
        label={t("recovery.newPassword")}
        answered={Boolean(lastResult)}
        focus={firstErrorOf(form)}
      />
      <SubmitButton>{t("recovery.submit")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
