/**
 * My visa: what is stored now (a code from an older residence card is named as
 * such, with its current equivalent offered), the passport's expiry date (optional,
 * saved in place: the passport reminders follow it), and the catalogue of statuses
 * with the finder's parts (its search, its quick choices, a closed group per
 * family), each leading to its page to choose the sub-type. Above them, the member's own extension kit (issue 43,
 * decision 0109): when the window opens and the days left, the warnings that apply, and the kit with its documents
 * as a checklist the member ticks and saves (one form, kept on the server; without JavaScript a post and a redirect).
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
import { ExtensionKit, KitDocumentLine, VisaFamilies, VisaQuick, VisaSearch } from "~/kits/visa";
import { translateFormMessage } from "~/lib/formMessage";
import {
  appointmentView,
  changeProfile,
  checklistSchema,
  invalid,
  json,
  myKit,
  NHIS,
  parseForm,
  passportSchema,
  quickVisaCodes,
  readFormData,
  redirect,
  refuse,
  requireMember,
  requireSettings,
  saveChecklist,
  searchVisas,
  settingsFormAction,
  WARNING_SOURCES,
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
  const kit = await myKit(
    context.services,
    {
      uid: member.uid,
      visa: view.visa?.code ?? null,
      stayExpiresOn: view.stay?.expiresOn ?? null,
      passportExpiresOn: view.passportExpiresOn,
    },
    lng,
    today,
  );
  return json({
    kit,
    checklistSaved: url.searchParams.has("checklist"),
    warningSources: WARNING_SOURCES,
    nhis: NHIS,
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

/**
 * The passport's expiry date, saved in place (an empty date removes it); or, with `intent=checklist`, the documents
 * ticked on the member's kit, then the page again (a reload shows them as stored, and posts nothing twice).
 */
export async function action(args: ActionFunctionArgs) {
  const { services } = args.context;
  const peek = await readFormData(args.request.clone());
  if (peek.get("intent") === "checklist") return checklistAction(args);
  return settingsFormAction(
    args,
    (_lng, today) => passportSchema(today),
    (uid, { passportExpiry }) => changeProfile(services, uid, { passportExpiresOn: passportExpiry }),
  );
}

async function checklistAction({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireMember(request, services);
  const parsed = await parseForm({ request, context }, checklistSchema);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const data = { data: { form: "checklist" as const } };
  if (submission.status !== "success") return invalid(submission, data);
  const done = await saveChecklist(services, member.uid, submission.value, Date.now());
  if (!done.ok) return refuse(submission, done.problem, data);
  return redirect("/mypage/visa?checklist=saved#my-kit");
}

/** The page that chooses `code` (a status, or a sub-type: its status's page with it chosen). */
function visaChoiceHref(status: string, code?: string) {
  return `/mypage/visa/${status}${code && code !== status ? `?choose=${encodeURIComponent(code)}` : ""}`;
}

export default function MyVisaRoute() {
  const { t } = useTranslation("mypage");
  const { visa, expiresOn, query, families, quick, saved, kit, appointment } = useLoaderData<typeof loader>();
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
        {kit ? <KitWindow /> : null}
      </section>
      <AppointmentCard appointment={appointment} compact />
      {kit ? <MyKit /> : null}
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
  const answer = useActionData<SubmissionResult<string[]> & { saved?: true; form?: "checklist" }>();
  // The checklist's answers are its own (MyKit).
  const lastResult = answer?.form === "checklist" ? undefined : answer;
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

/** When the member's window opens, and the days until it or the days left (domain facts §2: 4 months before). */
function KitWindow() {
  const { t } = useTranslation("mypage");
  const { kit } = useLoaderData<typeof loader>();
  const plan = kit?.window;
  // A stay that is not extended (the warning says what instead) or has no end (F-5) has no window.
  if (!kit || kit.kit.extendable.answer !== "yes") return null;
  if (!plan) {
    return (
      <div className="kit-window">
        <p className="field__hint">{t("myKit.noExpiry")}</p>
      </div>
    );
  }
  return (
    <div className="kit-window">
      <p>
        <SentenceWithValues sentence={(v) => t("myKit.opensOn", v)} values={{ date: plan.extensionFrom }} />
      </p>
      {plan.state === "extensionOpen" ? <p>{t("myKit.openNow")}</p> : null}
      <p className="kit-window__days">
        {plan.state === "upcoming"
          ? t("myKit.opensIn", { count: plan.daysUntilOpen })
          : plan.state === "extensionOpen"
            ? t("summary.daysLeft", { count: plan.daysLeft })
            : t("myKit.expired")}
      </p>
    </div>
  );
}

/** A warning's sources, each with its day, a secondary one marked as not confirmed. */
function WarningSources({ kind }: { kind: "passport" | "healthInsurance" }) {
  const { t } = useTranslation("visaFinder");
  const { warningSources } = useLoaderData<typeof loader>();
  return (
    <ul className="kit-warning__sources">
      {warningSources[kind].map((source) => (
        <li key={source.url}>
          <a href={source.url} rel="external noopener noreferrer" className="kit__cite">
            <bdi lang="ko">{source.name}</bdi>
          </a>{" "}
          <span className="muted">
            (<SentenceWithValues sentence={(v) => t("extension.checkedOn", v)} values={{ date: source.checkedOn }} />)
          </span>{" "}
          {source.secondary ? <span className="kit__unverified">{t("extension.unverified")}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The member's kit: the warnings that apply, then the kit with its documents as the checklist. */
function MyKit() {
  const { t } = useTranslation("mypage");
  const { t: tCommon } = useTranslation();
  const { kit, checklistSaved, nhis } = useLoaderData<typeof loader>();
  const answer = useActionData<SubmissionResult<string[]> & { form?: "checklist" }>();
  const lastResult = answer?.form === "checklist" ? answer : undefined;
  if (!kit) return null;
  const error = translateFormMessage(
    tCommon,
    lastResult?.error?.[""]?.[0] ?? lastResult?.error?.kit?.[0] ?? lastResult?.error?.documents?.[0],
  );
  // Refused: the boxes as the member ticked them; else as stored.
  const typed = lastResult?.initialValue?.documents;
  const ticked = new Set(
    lastResult ? (Array.isArray(typed) ? typed : typeof typed === "string" ? [typed] : []) : kit.ticked,
  );
  // Open once the window is (or after a save or a refusal); before it, and with no date, one line keeps the page short.
  const state = kit.window?.state;
  const open = state === "extensionOpen" || state === "expired" || checklistSaved || Boolean(lastResult);
  return (
    <section className="settings-card my-kit" id="my-kit" aria-labelledby="my-kit-heading">
      <h2 id="my-kit-heading" className="settings-section">
        {t("myKit.heading")}
      </h2>
      {kit.warnings.length > 0 ? (
        <ul className="kit-warnings" aria-label={t("myKit.warnings")}>
          {kit.warnings.map((warning) => (
            <li key={warning.kind} className="notice notice--warning kit-warning">
              {warning.kind === "passport" ? (
                <>
                  <p>
                    <SentenceWithValues
                      sentence={(v) => t(warning.beforeStay ? "myKit.passportBeforeStay" : "myKit.passport", v)}
                      values={{ date: warning.passportExpiresOn }}
                    />
                  </p>
                  <p>{t("myKit.passportDo")}</p>
                  <WarningSources kind="passport" />
                </>
              ) : warning.kind === "healthInsurance" ? (
                <>
                  <p>{t("myKit.healthInsurance")}</p>
                  <p>
                    {t("myKit.healthCheck")}{" "}
                    <a href={nhis.url} rel="external noopener noreferrer">
                      <bdi dir="ltr">nhis.go.kr</bdi>
                    </a>{" "}
                    ·{" "}
                    <a href={`tel:${nhis.phone}`} className="kit__tel">
                      <bdi dir="ltr">{nhis.phone}</bdi>
                    </a>{" "}
                    <span className="muted">
                      (
                      <SentenceWithValues
                        sentence={(v) => t("myKit.healthForeign", v)}
                        values={{ phone: nhis.foreignLanguages }}
                      />
                      )
                    </span>
                  </p>
                  <WarningSources kind="healthInsurance" />
                </>
              ) : (
                <p>{t("myKit.changeStatus")}</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="visa-family my-kit__kit" open={open}>
        <summary className="visa-family__name">
          {/* One run of text: the flex summary would set the count apart in a column of its own. */}
          <span>
            {t("myKit.details")}{" "}
            <span className="visa-family__count">
              {t("myKit.ready", { ready: kit.ticked.length, total: kit.kit.documents.length })}
            </span>
          </span>
        </summary>
        <ExtensionKit
          kit={kit.kit}
          documents={(documents) => (
            <Form method="post" className="form kit-checklist" id="kit-checklist" preventScrollReset noValidate>
              <input type="hidden" name="intent" value="checklist" />
              <input type="hidden" name="kit" value={kit.kit.code} />
              {error ? (
                <p className="form-error" role="alert" id="kit-checklist-error">
                  <Branded>{error}</Branded>
                </p>
              ) : null}
              {checklistSaved && !lastResult ? (
                <Confirmation answer={checklistSaved}>
                  <p>{t("myKit.saved")}</p>
                </Confirmation>
              ) : null}
              <p className="field__hint" id="kit-checklist-hint">
                {t("myKit.checklistHint")}
              </p>
              <ul className="kit-checklist__items" aria-describedby="kit-checklist-hint">
                {documents.map((document) => (
                  <li key={document.key}>
                    <label className="kit-checklist__item">
                      <input
                        type="checkbox"
                        name="documents"
                        value={document.key}
                        // A new answer redraws the boxes with it.
                        key={`${lastResult?.status ?? ""}${ticked.has(document.key)}`}
                        defaultChecked={ticked.has(document.key)}
                      />
                      <span>
                        <KitDocumentLine document={document} />
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              <button type="submit" className="button button--secondary button--block">
                {t("myKit.save")}
              </button>
            </Form>
          )}
        />
      </details>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
