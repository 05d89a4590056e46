/**
 * Visa selection for one status: its current sub-types (or the status alone, for a
 * member who does not know theirs) and the expiry date, saved to the profile. A
 * status closed to new holders (H-2) cannot be chosen; an unknown status is a 404
 * from this route's boundary.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, formatDate, RouteErrorBoundary } from "~/pageKit";
import { FieldError, firstErrorOf, FormAlert, getFormProps, getInputProps, SubmitButton, useForm } from "~/formKit";
import {
  json,
  redirect,
  changeProfile,
  invalid,
  languageOf,
  notFound,
  parseForm,
  refuse,
  requireMember,
  settingsView,
  visaChangeSchema,
  visaEntryIn,
  type VisaChangeFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.visaFinder, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.visaSelection",
  tab: "mypage",
  back: "/mypage/visa",
  personal: true,
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const lng = await languageOf(request);
  const status = await visaEntryIn(params.visa ?? "", lng);
  if (!status) notFound(request);
  const today = formatDate(new Date());
  const view = await settingsView(context.services, member, lng, today);
  if (!view) throw redirect("/member/start");
  const choose = new URL(request.url).searchParams.get("choose");
  const offered = [status.code, ...status.subtypes.map((s) => s.code)];
  // Preselected: the equivalent offered for a legacy code, else the member's own visa when it is of this status.
  const chosen =
    choose && offered.includes(choose) ? choose : view.visa && offered.includes(view.visa.code) ? view.visa.code : "";
  return json({ status, chosen, expiresOn: view.stay?.expiresOn ?? "", today });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireMember(request, services);
  const status = await visaEntryIn(params.visa ?? "", await languageOf(request));
  if (!status) notFound(request);
  const parsed = await parseForm({ request, context }, visaChangeSchema(status.code, formatDate(new Date())));
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const { visa, visaExpiry } = submission.value;
  const changed = await changeProfile(services, member.uid, { visa, visaExpiresOn: visaExpiry });
  if (!changed.ok) return refuse(submission, changed.problem);
  return redirect("/mypage/visa?saved=1");
}

export default function VisaSelectionRoute() {
  const { t } = useTranslation("mypage");
  const { status, chosen, expiresOn, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<VisaChangeFields>({
    id: "visa-change",
    lastResult,
    defaultValue: { visa: chosen, visaExpiry: expiresOn },
    shouldValidate: "onSubmit",
  });
  const focus = firstErrorOf(form);
  const selected = String(fields.visa.initialValue ?? chosen);
  const options = [
    ...status.subtypes.map((s) => ({ code: s.code, name: s.name, verification: s.verification })),
    { code: status.code, name: t("visa.statusOnly", { code: status.code }), verification: "verified" as const },
  ];
  return (
    <div className="settings">
      <div className="visa-detail">
        <h2 className="visa-detail__heading">
          <span className="visa-item__code">{status.code}</span> {status.name}
        </h2>
        <p>{status.description}</p>
      </div>
      {status.closedSince ? (
        <p className="notice notice--warning">{t("visa.closed")}</p>
      ) : (
        <Form method="post" className="form settings-form" {...getFormProps(form)}>
          <FormAlert id={form.errorId} errors={form.errors} />
          <fieldset className="field" aria-describedby={fields.visa.errorId}>
            <legend>{status.subtypes.length ? t("visa.subtypes") : t("visa.choose")}</legend>
            {options.map((option, i) => (
              <label key={option.code} className="choice">
                <input
                  type="radio"
                  name={fields.visa.name}
                  value={option.code}
                  defaultChecked={selected === option.code}
                  autoFocus={focus === "visa" && i === 0}
                />
                <span>
                  {option.code === status.code ? (
                    option.name
                  ) : (
                    <>
                      <bdi dir="ltr">{option.code}</bdi> {option.name}
                    </>
                  )}
                  {option.verification !== "verified" ? (
                    <span className="field__hint"> ({t("visa.unverified")})</span>
                  ) : null}
                </span>
              </label>
            ))}
            <FieldError id={fields.visa.errorId} errors={fields.visa.errors} />
          </fieldset>
          <div className="field">
            <label htmlFor={fields.visaExpiry.id}>{t("visa.expiry")}</label>
            <input
              {...getInputProps(fields.visaExpiry, { type: "date" })}
              key={fields.visaExpiry.key}
              min={today}
              max="2099-12-31"
              autoFocus={focus === "visaExpiry"}
              aria-describedby={`${fields.visaExpiry.id}-hint ${fields.visaExpiry.errorId}`}
            />
            <p className="field__hint" id={`${fields.visaExpiry.id}-hint`}>
              {t("addInfo.visaExpiryHint")}
            </p>
            <FieldError id={fields.visaExpiry.errorId} errors={fields.visaExpiry.errors} />
          </div>
          <SubmitButton>{t("visa.save")}</SubmitButton>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
