/** Sign-up with a phone, step 3: the member's name. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { FieldError, FormAlert, getFormProps, getInputProps, SignupStep, SubmitButton, useForm } from "~/formKit";
import {
  json,
  redirect,
  invalid,
  parseForm,
  signupDrafts,
  requireStep,
  nameSchema,
  type NameFields,
  stepPosition,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup"],
  layout: "join",
  title: "titles.signUp",
  back: "/sign",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/sign/inputName";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { draft } = await requireStep(request, context.services, "phone", STEP);
  return json({ name: draft.name ?? "", step: stepPosition("phone", STEP) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const open = await requireStep(request, context.services, "phone", STEP);
  const parsed = await parseForm({ request, context }, nameSchema);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const setCookie = await signupDrafts(context.services).save({
    id: open.id,
    draft: { ...open.draft, name: submission.value.name },
  });
  return redirect("/sign/choiceNation", { headers: { "Set-Cookie": setCookie } });
}

export default function InputNameRoute() {
  const { t } = useTranslation("signup");
  const { name, step } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<NameFields>({
    id: "input-name",
    lastResult,
    defaultValue: { name },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...step} />
      <h2>{t("signup.phone.nameHeading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.name.id}>{t("signup.user.name")}</label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          autoFocus
          maxLength={50}
          aria-describedby={`${fields.name.id}-hint ${fields.name.errorId}`}
        />
        <p className="field__hint" id={`${fields.name.id}-hint`}>
          {t("signup.user.nameHint")}
        </p>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <SubmitButton>{t("signup.next")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
