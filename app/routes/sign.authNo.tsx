/** Sign-up with a phone, step 2: the code texted to the number. */
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { maskPhone } from "~/auth/phoneLogin.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { CodeField, FormAlert, SubmitButton } from "~/components/form";
import { errorReply } from "~/lib/formReply";
import type { PageHandle } from "~/lib/page";
import { signupDrafts } from "~/signup/draft.server";
import { requireStep } from "~/signup/flow.server";
import { sendSignupCode, verifySignupCode } from "~/signup/phoneStep.server";

export const handle: PageHandle = {
  layout: "join",
  title: "titles.verifyCode",
  back: "/sign",
  rateLimit: "auth",
  personal: true,
};

const STEP = "/sign/authNo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { draft } = await requireStep(request, context.services, "phone", STEP);
  // Came back after verifying: the number is done, go on.
  if (!draft.pending && draft.phone) throw redirect("/sign/inputName");
  return json({ phone: draft.pending ? maskPhone(draft.pending.phone) : "" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, "phone", STEP);
  const form = await request.formData().catch(() => new FormData());
  const code = String(form.get("code") ?? "")
    .trim()
    .slice(0, 20);
  const fail = (field: string, message: string, status: number) =>
    json(errorReply({ code }, field, message), { status });

  if (form.get("intent") === "resend") {
    if (!open.draft.pending) return redirect("/sign");
    const sent = await sendSignupCode(request, context, open, open.draft.pending.phone);
    if (!sent.ok) return fail(sent.field, sent.message, sent.status);
    const headers = new Headers({ "Set-Cookie": await signupDrafts(services).save(sent.draft) });
    if (sent.setCookie) headers.append("Set-Cookie", sent.setCookie);
    return redirect(STEP, { headers });
  }
  const checked = await verifySignupCode(request, context, open, code);
  if (!checked.ok) return fail(checked.field, checked.message, checked.status);
  return redirect("/sign/inputName", { headers: { "Set-Cookie": await signupDrafts(services).save(checked.draft) } });
}

export default function SignCodeRoute() {
  const { t } = useTranslation();
  const { phone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ code: string }>({ id: "sign-code", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p>{t("login.codeSent", { phone })}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      {form.errors?.[0] === "errors.form.phoneTaken" ? (
        <p className="form__links">
          <Link to="/login/login">{t("signup.phone.signIn")}</Link>
        </p>
      ) : null}
      <CodeField field={fields.code} />
      <SubmitButton>{t("signup.verify")}</SubmitButton>
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
        <Link to="/sign">{t("login.changeNumber")}</Link>
      </p>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
