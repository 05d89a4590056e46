/**
 * Sign-up with an ID (or joining with Google), the last step: nationality, visa (chosen in the visa finder,
 * which sends it back as `?visa=`) and an optional visa expiry date. Submitting
 * makes the account. Going to the finder first saves what was typed here.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { FieldError, FormAlert, getFormProps, getInputProps, NationalityField, SubmitButton, useForm } from "~/formKit";
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
  addInfoSchema,
  visaLabel,
  type AddInfoFields,
  stepPosition,
  isKnownVisa,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
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
  const { draft } = await requireStep(request, context.services, KINDS, STEP);
  const lng = await languageOf(request);
  const chosen = new URL(request.url).searchParams.get("visa");
  const visa = isKnownVisa(chosen) ? chosen : (draft.visa ?? "");
  return json({
    step: stepPosition(draft.kind, STEP),
    countries: countriesIn(lng),
    nationality: draft.nationality ? countryName(draft.nationality, lng) : "",
    visa,
    visaLabel: visa ? await visaLabel(visa, lng) : null,
    visaExpiry: draft.visaExpiry ?? "",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, KINDS, STEP);
  const lng = await languageOf(request);
  const parsed = await parseForm({ request, context }, addInfoSchema, { defaultIntent: "join" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const nationality = resolveCountry(submission.value.nationality ?? "", lng);

  if (submission.value.intent === "findVisa") {
    const expiry = submission.value.visaExpiry ?? "";
    const visa = submission.value.visa ?? "";
    const setCookie = await signupDrafts(services).save({
      id: open.id,
      draft: {
        ...open.draft,
        nationality: nationality ?? open.draft.nationality,
        visa: isKnownVisa(visa) ? visa : open.draft.visa,
        visaExpiry: /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? expiry : open.draft.visaExpiry,
      },
    });
    return redirect(`/member/findVisa?returnTo=${encodeURIComponent(STEP)}`, { headers: { "Set-Cookie": setCookie } });
  }

  if (!nationality) return refuse(submission, "unknownCountry");
  const { visa, visaExpiry } = submission.value;
  const ready = { id: open.id, draft: { ...open.draft, nationality, visa, visaExpiry } };
  await signupDrafts(services).save(ready);
  const finished = await finishSignup(request, services, ready, lng, "/member/complete");
  const headers = withCookies(new Headers(), finished.cookies);
  // Refusals at the last step concern the whole join, not a field of this page.
  if (!finished.ok) return refuse(submission, finished.problem, { field: "", headers });
  return redirect(finished.redirectTo, { headers });
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
        <p className="signup-step">{t("signup.step", data.step)}</p>
        <h2>{t("signup.add.heading")}</h2>
        <FormAlert id={form.errorId} errors={form.errors} />
        <NationalityField
          id={fields.nationality.id}
          name={fields.nationality.name}
          defaultValue={String(fields.nationality.initialValue ?? data.nationality)}
          countries={data.countries}
          errorId={fields.nationality.errorId}
          errors={fields.nationality.errors}
        />
        <div className="field visa-choice">
          <span id="visa-label" className="field__label">
            <strong>{t("signup.add.visa")}</strong>
          </span>
          <input type="hidden" name="visa" value={data.visa} />
          <p aria-labelledby="visa-label">{data.visaLabel ?? t("signup.add.visaNone")}</p>
          <button type="submit" name="intent" value="findVisa" className="button button--secondary" formNoValidate>
            {data.visa ? t("signup.add.changeVisa") : t("signup.add.findVisa")}
          </button>
          <FieldError id={fields.visa.errorId} errors={fields.visa.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.visaExpiry.id}>{t("signup.add.visaExpiry")}</label>
          <input
            {...getInputProps(fields.visaExpiry, { type: "date" })}
            min="2000-01-01"
            max="2099-12-31"
            aria-describedby={`${fields.visaExpiry.id}-hint ${fields.visaExpiry.errorId}`}
          />
          <p className="field__hint" id={`${fields.visaExpiry.id}-hint`}>
            {t("signup.add.visaExpiryHint")}
          </p>
          <FieldError id={fields.visaExpiry.errorId} errors={fields.visaExpiry.errors} />
        </div>
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
