/**
 * Sign-up with a phone, the last step: the name, then nationality, visa and its
 * expiry date (signup/residenceStep.server.ts), as in the ID join. Submitting makes
 * the account. The name had a screen of its own (/sign/inputName, now a redirect
 * here: decision 0044).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  DefaultSubmit,
  FieldError,
  firstErrorOf,
  FormAlert,
  getFormProps,
  getInputProps,
  ResidenceFields,
  SignupStep,
  SubmitButton,
  useForm,
} from "~/formKit";
import {
  json,
  languageOf,
  requireStep,
  residenceStepAction,
  residenceStepData,
  type AddInfoFields,
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

const STEP = "/sign/choiceNation";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await requireStep(request, context.services, "phone", STEP);
  return json(await residenceStepData(request, open, STEP, await languageOf(request)));
}

export async function action(args: ActionFunctionArgs) {
  const open = await requireStep(args.request, args.context.services, "phone", STEP);
  return residenceStepAction(args, open, STEP, await languageOf(args.request), "/sign/signUpComplete", true);
}

export default function ChoiceNationRoute() {
  const { t } = useTranslation("signup");
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<AddInfoFields>({
    id: "choice-nation",
    lastResult,
    defaultValue: { name: data.name, nationality: data.nationality, visa: data.visa, visaExpiry: data.visaExpiry },
    shouldValidate: "onSubmit",
  });
  const focus = firstErrorOf(form);
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...data.step} />
      <h2>{t("signup.add.headingWithName")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <DefaultSubmit name="intent" value="join" />
      <div className="field">
        <label htmlFor={fields.name.id}>{t("signup.user.name")}</label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          autoFocus={!lastResult || focus === "name"}
          maxLength={50}
          aria-describedby={`${fields.name.id}-hint ${fields.name.errorId}`}
        />
        <p className="field__hint" id={`${fields.name.id}-hint`}>
          {t("signup.user.nameHint")}
        </p>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <ResidenceFields
        fields={fields}
        countries={data.countries}
        nationality={data.nationality}
        visa={data.visa}
        visaLabel={data.visaLabel}
        focus={focus}
      />
      <SubmitButton name="intent" value="join">
        {t("signup.add.submit")}
      </SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
