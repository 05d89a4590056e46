/**
 * Is my pay legal: a GET form (the inputs are the URL, named as issue 44 fixed them, so an answer can be shared and
 * it works without JavaScript) whose answer the server renders from pay.ts in whole won: at or above the year's
 * minimum wage, or the shortfall a month, with the weekly paid holiday; beside every figure its rule and source
 * (the rules content), and what to do (decision 0106).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import {
  FieldProblem,
  NumberField,
  numberExamples,
  ResultHeading,
  resultAction,
  RuleLine,
  WorkHelp,
  WorkToolLinks,
} from "~/kits/finance";
import type { PayField } from "~/routeKit.server";
import { json, languageOf, pageSeo, payPage } from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor who sends the same inputs (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.forms, featureStyles.benefits, featureStyles.loan],
  i18n: ["work"],
  layout: "default",
  title: "titles.pay",
  description: "descriptions.pay",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  const page = await payPage(context.services, { url: new URL(request.url), lng });
  return json({ ...page, seo: pageSeo(request, context.services.config, lng) });
}

export default function PayRoute() {
  const { t, language } = useTranslation("work");
  const { values, problems, understood, result, periods, years, wage, rules } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const problemOf = (field: PayField) => problems[field] ?? null;
  const won = (amount: string) => <SentenceWithValues sentence={(v) => t("work.won", v)} values={{ amount }} />;
  const hours = (value: string) => (
    <SentenceWithValues sentence={(v) => t("work.hours", v)} values={{ hours: value }} />
  );
  return (
    <div className="loan">
      <p className="muted">{t("work.pay.intro")}</p>
      <Form key={search} method="get" action={resultAction("/finance/pay")} className="form" noValidate>
        <NumberField
          name="amount"
          t={t}
          label={t("work.pay.amount")}
          hint={t("numbers.hint", { examples: numberExamples(language, false) })}
          value={values.amount}
          problem={problemOf("amount")}
          readBack={understood.amount ?? null}
          words
        />
        <fieldset className="loan__methods" aria-describedby={problems.per ? "per-error" : undefined}>
          <legend>{t("work.pay.per")}</legend>
          {periods.map((per) => (
            <label key={per} className="loan__method">
              <input type="radio" name="per" value={per} defaultChecked={values.per === per} />
              <span>{t(`work.pay.periods.${per}`)}</span>
            </label>
          ))}
          <FieldProblem id="per-error" t={t} problem={problemOf("per")} />
        </fieldset>
        <NumberField
          name="weeklyHours"
          t={t}
          label={t("work.pay.weeklyHours")}
          hint={t("work.pay.weeklyHoursHint")}
          value={values.weeklyHours}
          problem={problemOf("weeklyHours")}
          readBack={understood.weeklyHours ?? null}
          decimal
        />
        <div className="field">
          <label className="field__label" htmlFor="year">
            {t("work.pay.year")}
          </label>
          <select
            id="year"
            name="year"
            className="input"
            defaultValue={values.year}
            aria-invalid={problems.year ? true : undefined}
            aria-describedby={problems.year ? "year-error" : undefined}
          >
            {years.includes(Number(values.year)) ? null : <option value={values.year}>{values.year}</option>}
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
          <FieldProblem id="year-error" t={t} problem={problemOf("year")} />
        </div>
        <button type="submit" className="button button--primary button--block">
          {t("work.pay.check")}
        </button>
      </Form>
      {result ? (
        <section className="loan__result" aria-labelledby="result">
          <ResultHeading>{t("work.pay.result.title")}</ResultHeading>
          <p className={result.atOrAbove ? "notice" : "notice notice--warning"}>
            {result.atOrAbove ? (
              <SentenceWithValues
                sentence={(v) => t("work.pay.result.atOrAbove", v)}
                values={{ year: String(result.year) }}
              />
            ) : (
              <SentenceWithValues
                sentence={(v) => t("work.pay.result.below", v)}
                values={{ year: String(result.year), amount: result.shortfallPerMonth }}
              />
            )}
          </p>
          <dl className="loan__figures">
            <dt>{t("work.pay.result.hourlyPay")}</dt>
            <dd>{won(result.hourlyPay)}</dd>
            <dt>
              <SentenceWithValues
                sentence={(v) => t("work.pay.result.minimumHourly", v)}
                values={{ year: String(result.year) }}
              />
            </dt>
            <dd>{won(result.minimumHourly)}</dd>
          </dl>
          <RuleLine rule={wage}>{t(`work.pay.rules.hourly.${result.per}`)}</RuleLine>
          <dl className="loan__figures">
            <dt>{t("work.pay.result.monthlyHours")}</dt>
            <dd>{hours(result.monthlyHours)}</dd>
            <dt>{t("work.pay.result.weeklyHoliday")}</dt>
            <dd>
              {hours(result.holidayHours)}
              {result.weeklyHolidayPay ? <> · {won(result.weeklyHolidayPay)}</> : null}
            </dd>
          </dl>
          <RuleLine rule={rules.weeklyHoliday}>
            {t(result.holidayOwed ? "work.pay.rules.holiday" : "work.pay.rules.noHoliday")}
          </RuleLine>
          <dl className="loan__figures">
            <dt>{t("work.pay.result.monthlyPay")}</dt>
            <dd>{won(result.monthlyPay)}</dd>
            <dt>{t("work.pay.result.monthlyMinimum")}</dt>
            <dd>{won(result.monthlyMinimum)}</dd>
            {result.atOrAbove ? null : (
              <>
                <dt>{t("work.pay.result.shortfall")}</dt>
                <dd>{won(result.shortfallPerMonth)}</dd>
              </>
            )}
          </dl>
          <RuleLine rule={rules.monthlyHours}>{t("work.pay.rules.monthlyHours")}</RuleLine>
          <p className="loan__rule">{t("work.truncated")}</p>
        </section>
      ) : null}
      <WorkHelp />
      <WorkToolLinks current="pay" />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
