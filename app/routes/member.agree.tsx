/** Sign-up with an ID, step 1 of 4: the terms. What was agreed, and each document's version, is recorded at the end. */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { FormAlert, Honeypot, SubmitButton } from "~/components/form";
import { TermsChecklist } from "~/components/TermsChecklist";
import { languageOf } from "~/i18n/i18next.server";
import type { PageHandle } from "~/lib/page";
import { signupDrafts } from "~/signup/draft.server";
import { openStep } from "~/signup/flow.server";
import { termsSchema } from "~/signup/schemas.server";
import { termsItemsIn } from "~/signup/termsView.server";

export const handle: PageHandle = { layout: "simple", title: "titles.signUp", back: "/member/start" };

const STEP = "/member/agree";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await openStep(request, context.services, "id", STEP);
  return json({
    documents: await termsItemsIn(await languageOf(request)),
    defaults: open?.draft.terms?.choices ?? {},
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await openStep(request, services, "id", STEP);
  const submission = parseWithZod(await request.formData().catch(() => new FormData()), { schema: termsSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { website, ...choices } = submission.value;
  if (website) return json(submission.reply({ formErrors: ["errors.form.signUpFailed"] }), { status: 400 });

  const terms = { choices, at: Date.now() };
  const drafts = signupDrafts(services);
  const setCookie = open
    ? await drafts.save({ id: open.id, draft: { ...open.draft, terms } })
    : (await drafts.start({ kind: "id", terms })).setCookie;
  return redirect("/member/accountInfo", { headers: { "Set-Cookie": setCookie } });
}

export default function AgreeRoute() {
  const { t } = useTranslation();
  const { documents, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ id: "agree", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p className="signup-step">{t("signup.step", { current: 1, total: 4 })}</p>
      <h2>{t("signup.agree.heading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <TermsChecklist
        formId={form.id}
        documents={documents}
        defaults={defaults}
        errors={{
          service: fields.service?.errors,
          privacy: fields.privacy?.errors,
          age14: fields.age14?.errors,
        }}
      />
      <Honeypot />
      <SubmitButton>{t("signup.agree.submit")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
