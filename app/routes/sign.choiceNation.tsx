/** Sign-up with a phone, step 4: nationality. Submitting makes the account. */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withCookies } from "~/lib/headers";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { FormAlert, SubmitButton } from "~/components/form";
import { NationalityField } from "~/components/NationalityField";
import { languageOf } from "~/i18n/i18next.server";
import type { PageHandle } from "~/lib/page";
import { countriesIn, countryName, resolveCountry } from "~/members/countries.server";
import { finishSignup } from "~/signup/complete.server";
import { signupDrafts } from "~/signup/draft.server";
import { requireStep } from "~/signup/flow.server";
import { nationalitySchema } from "~/signup/schemas.server";

export const handle: PageHandle = {
  layout: "join",
  title: "titles.signUp",
  back: "/sign/inputName",
  rateLimit: "auth",
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
  const submission = parseWithZod(await request.formData().catch(() => new FormData()), { schema: nationalitySchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const nationality = resolveCountry(submission.value.nationality, lng);
  if (!nationality) {
    return json(submission.reply({ fieldErrors: { nationality: ["errors.form.unknownCountry"] } }), { status: 400 });
  }
  const ready = { id: open.id, draft: { ...open.draft, nationality } };
  await signupDrafts(services).save(ready);
  const finished = await finishSignup(request, services, ready, lng, "/sign/signUpComplete");
  if (!finished.ok) {
    return json(submission.reply({ formErrors: [finished.message] }), {
      status: finished.status,
      headers: withCookies(new Headers(), finished.cookies),
    });
  }
  return finished.response;
}

export default function ChoiceNationRoute() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ nationality: string }>({
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
