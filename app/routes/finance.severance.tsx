/**
 * What am I owed on leaving: a GET form (the inputs are the URL, named as issue 44 fixed them) whose answer the
 * server renders from severance.ts in whole won: the severance pay owed by law and its due day, how the EPS
 * departure-guarantee insurance counts toward it, and the annual leave of the same dates with its pay; beside every
 * figure its rule and source (the rules content), and what to do (decision 0106).
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
import type { SeveranceField } from "~/routeKit.server";
import { json, languageOf, pageSeo, severancePage } from "~/routeKit.server";

export const handle: PageHandle = {
  shared: true,
  styles: [featureStyles.forms, featureStyles.benefits, featureStyles.loan],
  i18n: ["work"],
  layout: "default",
  title: "titles.severance",
  description: "descriptions.severance",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  const page = await severancePage(context.services, { url: new URL(request.url), lng });
  return json({ ...page, seo: pageSeo(request, context.services.config, lng) });
}

export default function SeveranceRoute() {
  const { t, language } = useTranslation("work");
  const { values, problems, understood, result, rules } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const problemOf = (field: SeveranceField) => problems[field] ?? null;
  const amountHint = t("numbers.hint", { examples: numberExamples(language, false) });
  const won = (amount: string) => <SentenceWithValues sentence={(v) => t("work.won", v)} values={{ amount }} />;
  const dateField = (name: "start" | "end") => (
    <div className="field">
      <label className="field__label" htmlFor={name}>
        {t(`work.severance.${name}`)}
      </label>
      <p className="field__hint" id={`${name}-hint`}>
        {t("work.severance.dateHint")}
      </p>
      <input
        id={name}
        name={name}
        // A date the browser's picker cannot show (typed by hand in a link) is kept as text, to be corrected.
        type={problems[name]?.key === "work.problems.dateFormat" ? "text" : "date"}
        className="input"
        dir="ltr"
        defaultValue={values[name]}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${name}-hint ${name}-error` : `${name}-hint`}
      />
      <FieldProblem id={`${name}-error`} t={t} problem={problemOf(name)} />
    </div>
  );
  const amountField = (name: "lastThreeMonthsPay" | "yearlyBonus" | "unusedLeavePay") => (
    <NumberField
      name={name}
      t={t}
      label={t(`work.severance.${name}`)}
      hint={amountHint}
      value={values[name]}
      problem={problemOf(name)}
      readBack={understood[name] ?? null}
      words
    />
  );
  return (
    <div className="loan">
      <p className="muted">{t("work.severance.intro")}</p>
      <Form key={search} method="get" action={resultAction("/finance/severance")} className="form" noValidate>
        {dateField("start")}
        {dateField("end")}
        {amountField("lastThreeMonthsPay")}
        {amountField("yearlyBonus")}
        {amountField("unusedLeavePay")}
        <NumberField
          name="weeklyHours"
          t={t}
          label={t("work.severance.weeklyHours")}
          hint={t("work.pay.weeklyHoursHint")}
          value={values.weeklyHours}
          problem={problemOf("weeklyHours")}
          readBack={understood.weeklyHours ?? null}
          decimal
        />
        <NumberField
          name="employees"
          t={t}
          label={t("work.severance.employees")}
          hint={t("work.severance.employeesHint")}
          value={values.employees}
          problem={problemOf("employees")}
          readBack={understood.employees ?? null}
        />
        <button type="submit" className="button button--primary button--block">
          {t("work.severance.calculate")}
        </button>
      </Form>
      {result ? (
        <section className="loan__result" aria-labelledby="result">
          <ResultHeading>{t("work.severance.result.title")}</ResultHeading>
          <p className={result.eligible ? "notice" : "notice notice--warning"}>
            {result.eligible ? (
              <SentenceWithValues
                sentence={(v) => t("work.severance.result.owed", v)}
                values={{ amount: result.severance, date: result.dueBy }}
              />
            ) : (
              <SentenceWithValues
                sentence={(v) =>
                  t(
                    result.notOwedBecause === "underHours"
                      ? "work.severance.result.notOwedHours"
                      : "work.severance.result.notOwedYear",
                    v,
                  )
                }
                values={{ days: result.days }}
              />
            )}
          </p>
          <dl className="loan__figures">
            <dt>{t("work.severance.result.days")}</dt>
            <dd>
              <SentenceWithValues
                sentence={(v) => t("work.severance.result.daysValue", v)}
                values={{ days: result.days, from: result.start, to: result.lastDayWorked }}
              />
            </dd>
            <dt>{t("work.severance.result.window")}</dt>
            <dd>
              <SentenceWithValues
                sentence={(v) => t("work.severance.result.windowValue", v)}
                values={{ from: result.window.from, to: result.window.to, days: result.window.days }}
              />
            </dd>
            <dt>{t("work.severance.result.windowWages")}</dt>
            <dd>
              {won(result.windowWages)}
              {result.hasShares ? (
                <small>
                  {" "}
                  <SentenceWithValues
                    sentence={(v) => t("work.severance.result.windowWagesParts", v)}
                    values={{ pay: result.threeMonthsPay, bonus: result.bonusShare, leave: result.leaveShare }}
                  />
                </small>
              ) : null}
            </dd>
            <dt>{t("work.severance.result.averageDaily")}</dt>
            <dd>{won(result.averageDailyWage)}</dd>
          </dl>
          <RuleLine rule={rules["average-wage"]}>{t("work.severance.rules.averageWage")}</RuleLine>
          {result.hasShares ? <RuleLine rule={rules["bonus-share"]}>{t("work.severance.rules.bonus")}</RuleLine> : null}
          <dl className="loan__figures">
            <dt>{t("work.severance.result.severance")}</dt>
            <dd>{result.eligible ? won(result.severance) : t("work.severance.result.none")}</dd>
          </dl>
          <RuleLine rule={rules.severance}>{t("work.severance.rules.severance")}</RuleLine>
          {result.hoursSaid ? null : <p className="loan__rule">{t("work.severance.rules.hoursAssumed")}</p>}
          {result.eligible ? (
            <>
              <dl className="loan__figures">
                <dt>{t("work.severance.result.dueBy")}</dt>
                <dd>
                  <bdi dir="ltr">{result.dueBy}</bdi>
                </dd>
              </dl>
              <RuleLine rule={rules["severance-due"]}>{t("work.severance.rules.due")}</RuleLine>
              <section className="card" aria-labelledby="eps">
                <h3 id="eps">{t("work.severance.eps.title")}</h3>
                <RuleLine rule={rules["eps-insurance"]}>{t("work.severance.eps.text")}</RuleLine>
              </section>
            </>
          ) : null}
          <h3>{t("work.severance.leave.title")}</h3>
          <dl className="loan__figures">
            <dt>{t("work.severance.leave.days")}</dt>
            <dd>
              {result.leave.applies ? (
                <SentenceWithValues
                  sentence={(v) =>
                    result.leave.basis === "monthly"
                      ? t("work.severance.leave.monthly", v)
                      : t("work.severance.leave.yearly", v)
                  }
                  count={result.leave.days}
                  values={{ year: String(result.leave.leaveYears + 1) }}
                />
              ) : (
                t("work.severance.leave.none")
              )}
            </dd>
            {result.leave.applies && result.leave.days > 0 ? (
              <>
                <dt>{t("work.severance.leave.pay")}</dt>
                <dd>{won(result.leave.payEstimate)}</dd>
              </>
            ) : null}
          </dl>
          <RuleLine rule={rules["annual-leave"]}>{t("work.severance.leave.rule")}</RuleLine>
          {result.leave.applies && result.leave.leaveYears === 0 && result.fullYears >= 1 ? (
            <RuleLine rule={rules["leave-after-one-year"]}>{t("work.severance.leave.oneYear")}</RuleLine>
          ) : null}
          {result.leave.applies ? (
            <>
              <p className="loan__rule">{t("work.severance.leave.assumedAttendance")}</p>
              {result.leave.employeesSaid ? null : (
                <p className="loan__rule">{t("work.severance.leave.assumedEmployees")}</p>
              )}
              {result.leave.days > 0 ? <p className="loan__rule">{t("work.severance.leave.payRule")}</p> : null}
            </>
          ) : null}
          <p className="loan__rule">{t("work.truncated")}</p>
        </section>
      ) : null}
      <WorkHelp />
      <WorkToolLinks current="severance" />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
