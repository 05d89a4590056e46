/**
 * Sign-up with an ID (or joining with Google): name and mobile number, verified with a code.
 * The page has three states (enter the number, enter the code, verified), all
 * kept in the draft so the back button and a reload show the right one.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { maskPhone } from "~/auth/phoneLogin.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { CodeField, FieldError, FormAlert, PhoneField, SubmitButton } from "~/components/form";
import { errorReply } from "~/lib/formReply";
import type { PageHandle } from "~/lib/page";
import { signupDrafts, type OpenDraft } from "~/signup/draft.server";
import { requireStep } from "~/signup/flow.server";
import { sendSignupCode, verifySignupCode } from "~/signup/phoneStep.server";
import { nameSchema } from "~/signup/schemas.server";
import { stepAfter, stepPosition } from "~/signup/steps";

export const handle: PageHandle = {
  layout: "simple",
  title: "titles.signUp",
  back: "/member/accountInfo",
  rateLimit: "auth",
  personal: true,
};

const KINDS = ["id", "google"] as const;
const STEP = "/member/userInfo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { draft } = await requireStep(request, context.services, KINDS, STEP);
  return json({
    step: stepPosition(draft.kind, STEP),
    name: draft.name ?? "",
    pendingPhone: draft.pending ? maskPhone(draft.pending.phone) : null,
    verifiedPhone: draft.phone ? maskPhone(draft.phone) : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, KINDS, STEP);
  const next = stepAfter(open.draft.kind, STEP)!;
  const drafts = signupDrafts(services);
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const values = {
    name: String(form.get("name") ?? ""),
    phone: String(form.get("phone") ?? ""),
    code: String(form.get("code") ?? ""),
  };
  const fail = (field: string, message: string, status: number, headers?: HeadersInit) =>
    json(errorReply(values, field, message), { status, headers });
  const saveAndGo = async (next: OpenDraft, to: string, extraCookie?: string | null) => {
    const headers = new Headers({ "Set-Cookie": await drafts.save(next) });
    if (extraCookie) headers.append("Set-Cookie", extraCookie);
    return redirect(to, { headers });
  };

  if (intent === "change") {
    const { pending: _p, phone: _v, ...rest } = open.draft;
    return saveAndGo({ id: open.id, draft: { ...rest, name: values.name.trim() || open.draft.name } }, STEP);
  }
  if (intent === "resend") {
    if (!open.draft.pending) return redirect(STEP);
    const sent = await sendSignupCode(request, context, open, open.draft.pending.phone);
    if (!sent.ok) return fail(sent.field, sent.message, sent.status);
    return saveAndGo(sent.draft, STEP, sent.setCookie);
  }

  const name = nameSchema.safeParse({ name: values.name });
  if (!name.success) return fail("name", name.error.issues[0]?.message ?? "errors.form.required", 400);
  const named: OpenDraft = { id: open.id, draft: { ...open.draft, name: name.data.name } };

  if (intent === "send") {
    const sent = await sendSignupCode(request, context, named, values.phone);
    if (!sent.ok) return fail(sent.field, sent.message, sent.status);
    return saveAndGo(sent.draft, STEP, sent.setCookie);
  }
  if (intent === "verify") {
    const checked = await verifySignupCode(request, context, named, values.code.trim());
    if (!checked.ok) return fail(checked.field, checked.message, checked.status);
    return saveAndGo(checked.draft, next);
  }
  // "next": the number was verified earlier (the member came back to this step).
  if (!open.draft.phone) return fail("", "errors.form.codeFirst", 400);
  return saveAndGo(named, next);
}

export default function UserInfoRoute() {
  const { t } = useTranslation();
  const { step, name, pendingPhone, verifiedPhone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ name: string; phone: string; code: string }>({
    id: "user-info",
    lastResult,
    defaultValue: { name },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p className="signup-step">{t("signup.step", step)}</p>
      <h2>{t("signup.user.heading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.name.id}>{t("signup.user.name")}</label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          maxLength={50}
          aria-describedby={`${fields.name.id}-hint ${fields.name.errorId}`}
        />
        <p className="field__hint" id={`${fields.name.id}-hint`}>
          {t("signup.user.nameHint")}
        </p>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>

      {verifiedPhone ? (
        <>
          <p role="status">{t("signup.user.verified", { phone: verifiedPhone })}</p>
          <SubmitButton name="intent" value="next">
            {t("signup.next")}
          </SubmitButton>
          <button type="submit" name="intent" value="change" className="link-button" formNoValidate>
            {t("login.changeNumber")}
          </button>
        </>
      ) : pendingPhone ? (
        <>
          <p>{t("login.codeSent", { phone: pendingPhone })}</p>
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
          <button type="submit" name="intent" value="change" className="link-button" formNoValidate>
            {t("login.changeNumber")}
          </button>
        </>
      ) : (
        <>
          <PhoneField field={fields.phone} />
          <SubmitButton name="intent" value="send">
            {t("login.sendCode")}
          </SubmitButton>
        </>
      )}
      {form.errors?.[0] === "errors.form.phoneTaken" ? (
        <p className="form__links">
          <Link to="/login/login">{t("signup.phone.signIn")}</Link>
        </p>
      ) : null}
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
