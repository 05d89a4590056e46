/**
 * Sign in with a phone number, step 1: the number. The start screen asks for the
 * number itself; this page is the spec's route for it, with the same form and
 * action (auth/phoneLogin.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  firstErrorOf,
  FormAlert,
  getFormProps,
  Honeypot,
  PartnerDoor,
  PhoneField,
  SubmitButton,
  useForm,
} from "~/formKit";
import {
  json,
  languageOf,
  phoneCountriesIn,
  partnerOfReturn,
  signInDestination,
  startPhoneSignIn,
  type PhoneSignInFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "join",
  title: "titles.login",
  back: "/member/start",
  rateLimit: "auth-form",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = await signInDestination(request, context.services);
  return json({
    redirectTo,
    partner: await partnerOfReturn(context.services, redirectTo),
    countries: phoneCountriesIn(await languageOf(request)),
  });
}

export const action = startPhoneSignIn;

export default function LoginRoute() {
  const { t } = useTranslation("auth");
  const { redirectTo, countries, partner } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<PhoneSignInFields>({ id: "phone-login", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <h2>{t("login.heading")}</h2>
      <PartnerDoor partner={partner} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <PhoneField
        field={fields.phone}
        country={fields.country}
        countries={countries}
        autoFocus={firstErrorOf(form) === "phone"}
      />
      <Honeypot />
      <SubmitButton>{t("login.sendCode")}</SubmitButton>
      <p className="form__links">
        <Link to={`/member/startId?redirectTo=${encodeURIComponent(redirectTo)}`}>{t("member.start.withId")}</Link>
      </p>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
