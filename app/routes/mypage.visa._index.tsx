/**
 * My visa: what is stored now (a code from an older residence card is named as
 * such, with its current equivalent offered), the passport's expiry date (optional,
 * saved in place: the passport reminders follow it), and the catalogue of statuses
 * with the finder's parts (its search, its quick choices, a closed group per
 * family), each leading to its page to choose the sub-type.
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
  LabelledField,
  particleRo,
  RouteErrorBoundary,
  SentenceWithValues,
} from "~/pageKit";
import { VisaFamilies, VisaQuick, VisaSearch } from "~/kits/visa";
import { translateFormMessage } from "~/lib/formMessage";
import {
  appointmentView,
  changeProfile,
  json,
  passportSchema,
  quickVisaCodes,
  requireSettings,
  searchVisas,
  settingsFormAction,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.visaFinder, featureStyles.mypage],
  i18n: ["mypage", "visaFinder"],
  layout: "default",
  title: "titles.myVisa",
  tab: "mypage",
  back: "/mypage",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member, lng, today, view } = await requireSettings(request, context.services);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100).trim();
  const families = (await searchVisas(query, lng)).map((f) => ({
    family: f.family,
    name: f.name,
    statuses: f.statuses.map((s) => ({ code: s.code, name: s.name, closed: s.closedSince !== null })),
  }));
  const statuses = new Map(families.flatMap((f) => f.statuses.map((s) => [s.code, s])));
  const quick = query ? [] : quickVisaCodes.flatMap((code) => statuses.get(code) ?? []);
  const saved = url.searchParams.has("saved");
  return json({
    visa: view.visa,
    expiresOn: view.stay?.expiresOn ?? null,
    passportExpiry: view.passportExpiresOn ?? "",
    today,
    query,
    families,
    quick,
    saved,
    appointment: await appointmentView(context.services, member.uid),
  });
}

/** The passport's expiry date, saved in place (an empty date removes it). */
export async function action(args: ActionFunctionArgs) {
  const { services } = args.context;
  return settingsFormAction(
    args,
    (_lng, today) => passportSchema(today),
    (uid, { passportExpiry }) => changeProfile(services, uid, { passportExpiresOn: passportExpiry }),
  );
}

/** The page that chooses `code` (a status, or a sub-type: its status's page with it chosen). */
function visaChoiceHref(status: string, code?: string) {
  return `/mypage/visa/${status}${code && code !== status ? `?choose=${encodeURIComponent(code)}` : ""}`;
}

export default function MyVisaRoute() {
  const { t } = useTranslation("mypage");
  const { visa, expiresOn, query, families, quick, saved, appointment } = useLoaderData<typeof loader>();
  const count = families.reduce((sum, f) => sum + f.statuses.length, 0);
  const choose = (code: string) => visaChoiceHref(code);
  const equivalent = visa?.legacy?.currentEquivalent ?? null;
  return (
    <div className="settings">
      {saved ? (
        <Confirmation answer={saved}>
          <p>{t("visa.saved")}</p>
        </Confirmation>
      ) : null}
      <section className="settings-card" aria-labelledby="current-visa">
        <h2 id="current-visa" className="settings-section">
          {t("visa.current")}
        </h2>
        {visa ? (
          <>
            <p className="settings-card__name">{visa.label}</p>
            {expiresOn ? (
              <p>
                <SentenceWithValues sentence={(v) => t("summary.expiresOn", v)} values={{ date: expiresOn }} />
              </p>
            ) : null}
            {visa.legacy ? (
              <div className="notice notice--warning">
                <p>
                  <SentenceWithValues sentence={(v) => t("summary.legacyVisa", v)} values={{ code: visa.code }} />
                </p>
                {equivalent ? (
                  <Link to={visaChoiceHref(visa.status, equivalent)}>
                    <SentenceWithValues
                      sentence={(v) => t("summary.legacyReplace", { ...v, ro: particleRo(equivalent) })}
                      values={{ code: equivalent }}
                    />
                  </Link>
                ) : null}
              </div>
            ) : null}
          </>
        ) : (
          <p>{t("summary.noVisa")}</p>
        )}
      </section>
      <AppointmentCard appointment={appointment} compact />
      <PassportForm />
      <p className="field__hint">{t("visa.chooseHint")}</p>
      <VisaSearch action="/mypage/visa" query={query} resultCount={count} showAllHref="/mypage/visa" />
      <VisaQuick statuses={quick} href={choose} />
      <VisaFamilies
        families={families}
        open={Boolean(query)}
        item={(status) => (
          <Link className="visa-item" to={choose(status.code)}>
            <span className="visa-item__code">{status.code}</span>
            <span className="visa-item__body">
              <span className="visa-item__name">{status.name}</span>
              {status.closed ? <span className="visa-item__description">{t("visa.closed")}</span> : null}
            </span>
          </Link>
        )}
      />
    </div>
  );
}

/**
 * The passport's expiry date: optional, kept as typed when refused, "saved" once it is. A plain form (the server
 * replies as conform does): the form kit's chunk would be this page's eighth first-load file (decision 0026).
 */
function PassportForm() {
  const { t } = useTranslation("mypage");
  const { t: tCommon } = useTranslation();
  const { passportExpiry, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]> & { saved?: true }>();
  const typed = lastResult?.initialValue?.passportExpiry;
  const value = typeof typed === "string" ? typed : (passportExpiry ?? "");
  const fieldError = translateFormMessage(tCommon, lastResult?.error?.passportExpiry?.[0]);
  const formError = translateFormMessage(tCommon, lastResult?.error?.[""]?.[0]);
  const id = "passport-passportExpiry";
  return (
    <section className="settings-card" aria-labelledby="passport-heading">
      <h2 id="passport-heading" className="settings-section">
        {t("visa.passport")}
      </h2>
      <Form method="post" className="form settings-form" id="passport" noValidate>
        {formError ? (
          <p className="form-error" role="alert" id="passport-error">
            <Branded>{formError}</Branded>
          </p>
        ) : null}
        {lastResult?.saved ? (
          <Confirmation answer={lastResult}>
            <p>{t("visa.passportSaved")}</p>
          </Confirmation>
        ) : null}
        <LabelledField
          id={id}
          label={t("visa.passportExpiry")}
          error={fieldError ? <Branded>{fieldError}</Branded> : null}
        >
          <input
            id={id}
            name="passportExpiry"
            type="date"
            // A new answer (typed or saved) redraws the field with it.
            key={`${lastResult?.status ?? ""}${value}`}
            defaultValue={value}
            min={today}
            max="2099-12-31"
            aria-invalid={fieldError ? true : undefined}
            autoFocus={Boolean(fieldError)}
            aria-describedby={fieldError ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          <p className="field__hint" id={`${id}-hint`}>
            {t("visa.passportHint")} {t("addInfo.clearExpiry")}
          </p>
        </LabelledField>
        <button type="submit" className="button button--primary button--block">
          {t("visa.passportSave")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
