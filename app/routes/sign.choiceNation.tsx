/**
 * Sign-up with a phone, the last step: nationality, visa and its expiry date
 * (signup/residenceStep.server.ts), as in the ID join. Submitting makes the account.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  DefaultSubmit,
  firstErrorOf,
  FormAlert,
  getFormProps,
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
  back: "/sign/inputName",
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
  return residenceStepAction(args, open, STEP, await languageOf(args.request), "/sign/signUpComplete");
}

export default function ChoiceNationRoute() {
  const { t } = useTranslation("signup");
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<AddInfoFields>({
    id: "choice-nation",
    lastResult,
    defaultValue: { nationality: data.nationality, visa: data.visa, visaExpiry: data.visaExpiry },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...data.step} />
      <h2>{t("signup.add.heading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <DefaultSubmit name="intent" value="join" />
      <ResidenceFields
        fields={fields}
        countries={data.countries}
        nationality={data.nationality}
        visa={data.visa}
        visaLabel={data.visaLabel}
        focus={firstErrorOf(form)}
      />
      <SubmitButton name="intent" value="join">
        {t("signup.add.submit")}
      </SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
