/**
 * Sign-up with an ID, step 2 of 4: the ID (an e-mail address) and a password.
 * The password is checked here (length, common list, not the ID) and kept sealed
 * in the draft; it is never sent back into the page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  FieldError,
  firstErrorOf,
  FormAlert,
  getFormProps,
  getInputProps,
  NewPasswordFields,
  SignupStep,
  SubmitButton,
  useForm,
} from "~/formKit";
import {
  json,
  redirect,
  invalid,
  parseForm,
  refuse,
  sealSecret,
  signupDrafts,
  requireStep,
  accountSchema,
  stepPosition,
  type AccountFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup", "auth"],
  layout: "simple",
  title: "titles.signUp",
  back: "/member/agree",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/member/accountInfo";
const hideFields = ["password", "passwordConfirm"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await requireStep(request, context.services, "id", STEP);
  return json({ email: open.draft.email ?? "", step: stepPosition("id", STEP, open.draft) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, "id", STEP);
  const parsed = await parseForm({ request, context }, accountSchema, { hideFields });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission, { hideFields });
  const { email, password } = submission.value;

  const found = await services.identity.findByEmail(email);
  if (!found.ok) return refuse(submission, "signUpUnavailable", { hideFields });
  if (found.account) return refuse(submission, "emailTaken", { hideFields });

  const setCookie = await signupDrafts(services).save({
    id: open.id,
    draft: { ...open.draft, email, sealedPassword: sealSecret(services.sessionSecret, password) },
  });
  return redirect("/member/userInfo", { headers: { "Set-Cookie": setCookie } });
}

export default function AccountInfoRoute() {
  const { t } = useTranslation(["signup", "auth"]);
  const { email, step } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<AccountFields>({
    id: "account",
    lastResult,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });

  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...step} />
      <h2>{t("signup.account.heading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.email.id}>{t("member.startId.email")}</label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="username"
          autoFocus={firstErrorOf(form) === "email"}
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${fields.email.id}-hint ${fields.email.errorId}`}
        />
        <p className="field__hint" id={`${fields.email.id}-hint`}>
          {t("signup.account.emailHint")}
        </p>
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <NewPasswordFields
        password={fields.password}
        confirm={fields.passwordConfirm}
        label={t("member.startId.password")}
        answered={Boolean(lastResult)}
        focus={firstErrorOf(form)}
      />
      <SubmitButton>{t("signup.next")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
