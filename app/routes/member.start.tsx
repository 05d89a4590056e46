/**
 * The start screen, one door that starts with the phone: the number, a texted
 * code, and the member is signed in; a number no member uses goes on into
 * joining with the number the code proved (login.authNo.tsx). The ID and Google
 * are the other doors.
 *
 * A signed-in member sent here to confirm it is them (`reauth`) sees their own screen instead: why, the number
 * the code goes to (masked), the same other doors, and no invitation to join.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Branded, featureStyles, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
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
  googleConfigured,
  languageOf,
  phoneCountriesIn,
  partnerOfReturn,
  reauthView,
  signInDestination,
  startPhoneSignIn,
  type PhoneSignInFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "default",
  // A member confirming it is them reads that in the header (the page's heading), not "Start".
  title: (url) => (url.searchParams.has("reauth") ? "reauth.title" : "titles.start"),
  back: "/",
  rateLimit: "auth-form",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const google = url.searchParams.get("google");
  const redirectTo = await signInDestination(request, context.services);
  return json({
    redirectTo,
    // A partner's request waits at the end of this sign-in (single sign-on): named, so the visitor knows.
    partner: await partnerOfReturn(context.services, redirectTo),
    // A member confirming it is them before a sensitive change (session.server.ts requireRecentMember).
    reauth: url.searchParams.has("reauth"),
    again: await reauthView(request, context.services),
    google: googleConfigured(context.services.config),
    googleFailed: google === "failed",
    countries: phoneCountriesIn(await languageOf(request)),
  });
}

export const action = startPhoneSignIn;

export default function StartRoute() {
  const { t } = useTranslation("auth");
  const { redirectTo, reauth, again, google, googleFailed, countries, partner } = useLoaderData<typeof loader>();
  const { t: common } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<PhoneSignInFields>({ id: "start-phone", lastResult, shouldValidate: "onSubmit" });
  const back = `?redirectTo=${encodeURIComponent(redirectTo)}${reauth ? "&reauth=1" : ""}`;
  const otherDoors = (
    <div className="start__actions">
      <Link className="button button--secondary" to={`/member/startId${back}`}>
        {t("member.start.withId")}
      </Link>
      {google ? (
        <Form method="post" action="/member/google">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="button button--secondary button--block">
            {t("member.start.withGoogle")}
          </button>
        </Form>
      ) : null}
    </div>
  );
  const googleError = googleFailed ? (
    <p className="form-error" role="alert">
      {t("errors.form.googleFailed")}
    </p>
  ) : null;
  if (again) {
    return (
      <section className="start start--again">
        <p className="start__intro">{common("reauth.message")}</p>
        {googleError}
        {again.phone ? (
          <>
            <Form method="post" className="form" {...getFormProps(form)}>
              <FormAlert id={form.errorId} errors={form.errors ?? fields.phone.errors} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <p className="start__number">
                <SentenceWithValues sentence={(v) => t("member.reauth.codeTo", v)} values={{ phone: again.phone }} />
              </p>
              <Honeypot />
              <SubmitButton sticky={false}>{t("login.sendCode")}</SubmitButton>
            </Form>
            <p className="divider">{t("member.start.or")}</p>
          </>
        ) : null}
        {otherDoors}
      </section>
    );
  }
  // Joining on the way to a partner names it too, and comes back to its request after.
  const joinBack = partner ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <section className="start" aria-labelledby="start-heading">
      <h2 id="start-heading" className="start__heading">
        {t("member.start.heading")}
      </h2>
      <PartnerDoor partner={partner} />
      <p className="start__intro">{t("member.start.intro")}</p>
      {googleError}
      <Form method="post" className="form" {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <PhoneField
          field={fields.phone}
          country={fields.country}
          countries={countries}
          autoFocus={firstErrorOf(form) === "phone"}
        />
        <p className="field__hint">{t("member.start.phoneWorks")}</p>
        <Honeypot />
        <SubmitButton sticky={false}>{t("login.sendCode")}</SubmitButton>
      </Form>
      <p className="divider">{t("member.start.or")}</p>
      {otherDoors}
      <p className="form__links">
        <span>
          <Branded>{t("member.start.newHere")}</Branded>
        </span>
        <Link to={`/sign${joinBack}`}>{t("member.start.joinWithPhone")}</Link>
        <Link to={`/member/agree${joinBack}`}>{t("member.start.joinWithId")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
