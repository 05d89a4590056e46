/**
 * Leaving Korea, what you're owed: a GET form of nationality and visa (the names issue 44 fixed, so a link can be
 * shared and it works without JavaScript) whose answer the server renders from leaving.ts: the National Pension
 * refund by visa or by the nationality's row of the refund table, the EPS insurances for E-9 and H-2 workers, unpaid
 * wages and severance, health insurance, the year-end tax settlement and the housing deposit; each row with its
 * source, the number to call and what to bring (decision 0111).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { FieldProblem, ResultHeading, resultAction, RuleLine, WorkHelp, WorkToolLinks } from "~/kits/finance";
import type { LeavingField, LeavingRowView } from "~/routeKit.server";
import { json, languageOf, leavingPage, pageSeo } from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor who sends the same inputs (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.forms, featureStyles.benefits, featureStyles.loan],
  i18n: ["work"],
  layout: "default",
  title: "titles.leavingKorea",
  description: "descriptions.leavingKorea",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  const page = await leavingPage(context.services, { url: new URL(request.url), lng });
  return json({ ...page, seo: pageSeo(request, context.services.config, lng) });
}

/** The checklist rows' words by item code (the work namespace's `work.leaving.rows.*`). */
const ROW_KEYS = {
  "leaving-pension-refund": "pension",
  "leaving-pension-by-visa": "pension",
  "leaving-departure-insurance": "departure",
  "leaving-return-cost": "returnCost",
  "leaving-dormant-insurance": "dormant",
  "leaving-wages": "wages",
  "leaving-health-insurance": "health",
  "leaving-tax": "tax",
  "leaving-housing-deposit": "housing",
} as const;

/** Whom each row's number reaches (the work namespace's `work.leaving.contacts.*`). */
const CONTACTS = {
  pension: "nps",
  departure: "hrd",
  returnCost: "hrd",
  dormant: "hrd",
  wages: "moel",
  health: "nhis",
  tax: "nts",
  housing: "legalAid",
} as const;

export default function LeavingKoreaRoute() {
  const { t } = useTranslation("work");
  const { t: tc } = useTranslation();
  const { values, problems, countries, visas, chosen, result } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const problemOf = (field: LeavingField) => problems[field] ?? null;
  const described = (field: LeavingField) => (problems[field] ? `${field}-hint ${field}-error` : `${field}-hint`);
  const knownCountry = countries.some((c) => c.code === chosen.nationality);

  const call = (phone: string | null, key: keyof typeof CONTACTS) =>
    phone ? (
      <p className="work-call">
        <SentenceWithValues
          sentence={(v) => t("work.leaving.call", v)}
          values={{ phone }}
          words={{ who: t(`work.leaving.contacts.${CONTACTS[key]}`) }}
          href={{ phone: `tel:${phone}` }}
        />
      </p>
    ) : null;

  const row = ({ code, rule }: LeavingRowView) => {
    const key = ROW_KEYS[code];
    const titleId = `row-${key}`;
    return (
      <li key={code}>
        <section className="card work-row" aria-labelledby={titleId}>
          <h3 id={titleId}>{t(`work.leaving.rows.${key}.title`)}</h3>
          {result?.eps && (key === "departure" || key === "returnCost" || key === "dormant") ? (
            <p className="benefit__category">{t("work.leaving.epsOnly")}</p>
          ) : null}
          {key === "pension" && result ? (
            <RuleLine rule={result.pension.rule}>
              <SentenceWithValues
                sentence={(v) => t(`work.leaving.rows.pension.${result.pension.because}`, v)}
                values={{ visa: result.status }}
                words={{ country: result.country.name }}
              />
            </RuleLine>
          ) : null}
          <RuleLine rule={rule}>{t(`work.leaving.rows.${key}.text`)}</RuleLine>
          {key === "wages" ? (
            <ul className="work-row__links">
              <li>
                <Link to="/finance/severance">{tc("titles.severance")}</Link>
              </li>
              <li>
                <Link to="/finance/pay">{tc("titles.pay")}</Link>
              </li>
            </ul>
          ) : (
            <p>
              <strong>{t("work.leaving.bring")}</strong> {t(`work.leaving.rows.${key}.bring`)}
            </p>
          )}
          {call(rule?.phone ?? null, key)}
        </section>
      </li>
    );
  };

  return (
    <div className="loan">
      <p className="muted">{t("work.leaving.intro")}</p>
      <Form key={search} method="get" action={resultAction("/finance/leavingKorea")} className="form" noValidate>
        <div className="field">
          <label className="field__label" htmlFor="nationality">
            {t("work.leaving.nationality")}
          </label>
          <p className="field__hint" id="nationality-hint">
            {t("work.leaving.nationalityHint")}
          </p>
          <select
            id="nationality"
            name="nationality"
            className="input"
            defaultValue={chosen.nationality}
            aria-invalid={problems.nationality ? true : undefined}
            aria-describedby={described("nationality")}
          >
            <option value="">{t("work.leaving.choose")}</option>
            {/* What a link carried that is no country: kept, as typed, to be corrected. */}
            {values.nationality && !knownCountry ? (
              <option value={values.nationality}>{values.nationality}</option>
            ) : null}
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          <FieldProblem id="nationality-error" t={t} problem={problemOf("nationality")} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="visa">
            {t("work.leaving.visa")}
          </label>
          <p className="field__hint" id="visa-hint">
            {t("work.leaving.visaHint")}
          </p>
          <select
            id="visa"
            name="visa"
            className="input"
            defaultValue={chosen.visa}
            aria-invalid={problems.visa ? true : undefined}
            aria-describedby={described("visa")}
          >
            <option value="">{t("work.leaving.choose")}</option>
            {values.visa && !visas.includes(chosen.visa) ? <option value={values.visa}>{values.visa}</option> : null}
            {visas.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <FieldProblem id="visa-error" t={t} problem={problemOf("visa")} />
        </div>
        <button type="submit" className="button button--primary button--block">
          {t("work.leaving.check")}
        </button>
      </Form>
      {result ? (
        <section className="loan__result" aria-labelledby="result">
          <ResultHeading>{t("work.leaving.result.title")}</ResultHeading>
          <p className="notice">
            <SentenceWithValues
              sentence={(v) => t("work.leaving.result.for", v)}
              values={{ visa: result.status }}
              words={{ country: result.country.name }}
            />
          </p>
          <ul className="card-list">{result.rows.map(row)}</ul>
        </section>
      ) : null}
      <WorkHelp />
      <WorkToolLinks current="leavingKorea" />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
