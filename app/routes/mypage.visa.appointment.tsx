/**
 * My appointment (issue 43): the member's one upcoming visit to an immigration office — the office from the
 * Service's list (app/visa/immigrationOffices.ts, with its source), the day and the time — which the appointment
 * reminders follow (19:00 the evening before, 08:00 on the day: the inbox, and the channels of /mypage/reminders).
 * Changed or deleted here; a plain form that works without JavaScript. A static segment, so /mypage/visa/{visa}
 * never sees it ("appointment" is no visa code).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import {
  AppointmentCard,
  Branded,
  Confirmation,
  featureStyles,
  describedBy,
  LabelledField,
  RouteErrorBoundary,
  SentenceWithValues,
} from "~/pageKit";
import { translateFormMessage } from "~/lib/formMessage";
import {
  appointmentOffices,
  appointmentSchema,
  appointmentView,
  deleteAppointment,
  invalid,
  json,
  parseForm,
  refuse,
  requireMember,
  saveAppointment,
  saved,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.appointment",
  tab: "mypage",
  back: "/mypage/visa",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const now = Date.now();
  const today = new Date(now + 9 * 3600_000).toISOString().slice(0, 10);
  return json({
    appointment: await appointmentView(context.services, member.uid, now),
    today,
    ...appointmentOffices(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context.services);
  const now = Date.now();
  const parsed = await parseForm({ request, context }, appointmentSchema(now), { defaultIntent: "save" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  if (value.intent === "delete") {
    await deleteAppointment(context.services, member.uid);
    return saved(submission);
  }
  if (!(await saveAppointment(context.services, member.uid, value, now))) return refuse(submission, "saveFailed");
  return saved(submission);
}

type Reply = SubmissionResult<string[]> & { saved?: true };

export default function MyAppointmentRoute() {
  const { t } = useTranslation("mypage");
  const { t: tCommon } = useTranslation();
  const { appointment, offices, source, hours, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<Reply>();
  const sent = lastResult?.status === "error" ? lastResult.initialValue : null;
  const typed = (name: string, stored: string) => {
    const value = sent?.[name];
    return typeof value === "string" ? value : stored;
  };
  const office = typed("office", appointment?.office?.id ?? "");
  const date = typed("date", appointment?.date ?? "");
  const time = typed("time", appointment?.time ?? "");
  const error = (name: string) => translateFormMessage(tCommon, lastResult?.error?.[name]?.[0]);
  const formError = error("");
  const deleted = lastResult?.saved && lastResult.initialValue?.intent === "delete";
  const field = (name: string) => {
    const message = error(name);
    return {
      error: message ? <Branded>{message}</Branded> : null,
      input: {
        id: `appointment-${name}`,
        name,
        "aria-invalid": message ? true : undefined,
        "aria-describedby": message ? `appointment-${name}-error` : undefined,
        key: `${lastResult?.status ?? ""}${typed(name, "")}`,
      },
    };
  };
  const [officeField, dateField, timeField] = [field("office"), field("date"), field("time")];
  return (
    <div className="settings">
      {lastResult?.saved ? (
        <Confirmation answer={lastResult}>
          <p>{deleted ? t("appointment.deleted") : t("appointment.saved")}</p>
        </Confirmation>
      ) : null}
      <AppointmentCard appointment={appointment} />
      <section className="settings-card" aria-labelledby="appointment-form-heading">
        <h2 id="appointment-form-heading" className="settings-section">
          {t("appointment.formTitle")}
        </h2>
        <p className="field__hint appointment__intro">{t("appointment.intro")}</p>
        <Form method="post" className="form settings-form" id="appointment" noValidate>
          <input type="hidden" name="intent" value="save" />
          {formError ? (
            <p className="form-error" role="alert" id="appointment-error">
              <Branded>{formError}</Branded>
            </p>
          ) : null}
          <LabelledField id="appointment-office" label={t("appointment.office")} error={officeField.error}>
            <select {...officeField.input} defaultValue={office}>
              <option value="">{t("appointment.chooseOffice")}</option>
              {offices.map((o) => (
                <option key={o.id} value={o.id}>
                  {`${o.ko} (${o.en})`}
                </option>
              ))}
            </select>
          </LabelledField>
          <LabelledField id="appointment-date" label={t("appointment.date")} error={dateField.error}>
            <input {...dateField.input} type="date" defaultValue={date} min={today} max="2099-12-31" />
          </LabelledField>
          <LabelledField
            id="appointment-time"
            label={t("appointment.time")}
            hint={t("appointment.hoursHint", { opens: `${hours.opens}:00`, closes: `${hours.closes}:00` })}
            error={timeField.error}
          >
            <input
              {...timeField.input}
              type="time"
              defaultValue={time}
              step={600}
              aria-describedby={describedBy("appointment-time", { hint: true, error: timeField.error })}
            />
          </LabelledField>
          <button type="submit" className="button button--primary button--block">
            {t("appointment.save")}
          </button>
        </Form>
        {appointment ? (
          <Form method="post" className="form settings-form">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="button button--secondary button--block">
              {t("appointment.delete")}
            </button>
          </Form>
        ) : null}
        <p className="field__hint appointment__source">
          <SentenceWithValues
            sentence={(v) => t("appointment.source", v)}
            values={{ date: source.checkedOn }}
            words={{ name: source.name }}
          />{" "}
          <a href={source.url} rel="external noopener noreferrer">
            {t("appointment.sourceLink")}
          </a>
        </p>
        <p className="appointment__reminders">
          <Link to="/mypage/reminders">{t("appointment.remindersLink")}</Link>
        </p>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
