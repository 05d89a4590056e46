/**
 * Reset password, after /member/findPw proved the phone: the new password is set,
 * every session of the member ends (here and at Firebase), and the member signs
 * in again with it.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { passwordProblem } from "~/auth/password.server";
import { recoveryFlow } from "~/auth/recovery.server";
import { endSession, revokeSessions } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { FormAlert, NewPasswordFields, SubmitButton } from "~/components/form";
import type { PageHandle } from "~/lib/page";
import { newPasswordSchema } from "~/signup/schemas.server";

export const handle: PageHandle = { layout: "default", title: "titles.resetPw", back: "/member/findPw" };

const hideFields = ["password", "passwordConfirm"];

async function verifiedFlow(request: Request, services: LoaderFunctionArgs["context"]["services"]) {
  const flow = await recoveryFlow(services).read(request);
  if (!flow?.uid || !flow.verifiedAt) throw redirect("/member/findPw");
  return { uid: flow.uid };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await verifiedFlow(request, context.services);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const { uid } = await verifiedFlow(request, services);
  const submission = parseWithZod(await request.formData().catch(() => new FormData()), { schema: newPasswordSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  const { auth } = services.identity;
  try {
    const user = await auth.getUser(uid);
    if (passwordProblem(submission.value.password, user.email) === "passwordLikeId") {
      return json(submission.reply({ fieldErrors: { password: ["errors.form.passwordLikeId"] }, hideFields }), {
        status: 400,
      });
    }
    await auth.updateUser(uid, { password: submission.value.password });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "recovery.reset", uid, error: String(error) }));
    return json(submission.reply({ formErrors: ["errors.form.unavailable"], hideFields }), { status: 503 });
  }
  await revokeSessions(services, uid);
  const headers = new Headers({ "Set-Cookie": await recoveryFlow(services).clear() });
  headers.append("Set-Cookie", await endSession(request, services));
  return redirect("/member/startId?reset=1", { headers });
}

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ password: string; passwordConfirm: string }>({
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
      />
      <SubmitButton>{t("recovery.submit")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
