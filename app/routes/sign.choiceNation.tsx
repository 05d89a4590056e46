/** Sign-up with a phone, step 4: nationality. Submitting makes the account. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { FormAlert, getFormProps, NationalityField, SubmitButton, useForm } from "~/formKit";
import {
  json,
  redirect,
  invalid,
  parseForm,
  refuse,
  withCookies,
  languageOf,
  countriesIn,
  countryName,
  resolveCountry,
  finishSignup,
  signupDrafts,
  requireStep,
  nationalitySchema,
  type NationalityFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["signup"],
  layout: "join",
  title: "titles.signUp",
  back: "/sign/inputName",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/sign/choiceNation";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { draft } = await requireStep(request, context.services, "phone", STEP);
  const lng = await languageOf(request);
  return json({
    countries: countriesIn(lng),
    nationality: draft.nationality ? countryName(draft.nationality, lng) : "",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, "phone", STEP);
  const lng = await languageOf(request);
  const parsed = await parseForm({ request, context }, nationalitySchema);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const nationality = resolveCountry(submission.value.nationality, lng);
  if (!nationality) return refuse(submission, "unknownCountry");
  const ready = { id: open.id, draft: { ...open.draft, nationality } };
  await signupDrafts(services).save(ready);
  const finished = await finishSignup(request, services, ready, lng, "/sign/signUpComplete");
  const headers = withCookies(new Headers(), finished.cookies);
  // Refusals at the last step concern the whole join, not a field of this page.
  if (!finished.ok) return refuse(submission, finished.problem, { field: "", headers });
  return redirect(finished.redirectTo, { headers });
}

export default function ChoiceNationRoute() {
  const { t } = useTranslation("signup");
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<NationalityFields>({
    id: "choice-nation",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <h2>{t("signup.phone.nationHeading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <NationalityField
        id={fields.nationality.id}
        name={fields.nationality.name}
        defaultValue={String(fields.nationality.initialValue ?? data.nationality)}
        countries={data.countries}
        errorId={fields.nationality.errorId}
        errors={fields.nationality.errors}
      />
      <SubmitButton>{t("signup.add.submit")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
