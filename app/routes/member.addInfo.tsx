/**
 * Sign-up with an ID (or Google), the last step: nationality, visa and its
 * expiry date (signup/residenceStep.server.ts). Submitting makes the account.
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
  i18n: ["signup", "auth"],
  layout: "simple",
  title: "titles.signUp",
  back: "/member/userInfo",
  rateLimit: "auth-form",
  personal: true,
};

const KINDS = ["id", "google"] as const;
const STEP = "/member/addInfo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await requireStep(request, context.services, KINDS, STEP);
  return json(await residenceStepData(request, open, STEP, await languageOf(request)));
}

export async function action(args: ActionFunctionArgs) {
  const open = await requireStep(args.request, args.context.services, KINDS, STEP);
  return residenceStepAction(args, open, STEP, await languageOf(args.request), "/member/complete");
}

export default function AddInfoRoute() {
  const { t } = useTranslation(["signup", "auth"]);
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<AddInfoFields>({
    id: "add-info",
    lastResult,
    defaultValue: { nationality: data.nationality, visa: data.visa, visaExpiry: data.visaExpiry },
    shouldValidate: "onSubmit",
  });
  return (
    <>
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
      {form.errors?.[0] === "errors.form.googleExpired" ? (
        // Google again; the answers wait in the draft, and the member comes back here.
        <Form method="post" action="/member/google" className="form">
          <button type="submit" className="button button--secondary button--block">
            {t("member.start.withGoogle")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
