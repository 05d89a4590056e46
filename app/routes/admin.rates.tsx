/**
 * Operator exchange rates (decision 0060): the rates entered for the currencies the Eximbank's AP01 does not carry,
 * each with its day and source, and a form to enter or update one (`?currency=` fills it from the stored rate).
 * Checked by the schema the content import's `rates` key uses; every change is in the audit log. Above them, the
 * state of the scheduled Eximbank fetch. A plain form: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { formatDate, RouteErrorBoundary } from "~/pageKit";
import { AdminField, AdminFormError, AdminInput, AdminSelect, useAdminForm } from "~/kits/editing";
import {
  decimalText,
  invalid,
  json,
  OPERATOR_CURRENCIES,
  operatorRateItem,
  parseForm,
  rateCoverage,
  rateOutcomeLabel,
  redirect,
  requireAdmin,
  saveOperatorRate,
} from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin", "exchange"],
  title: "titles.adminRates",
  back: "/admin",
  secret: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const { stores, config } = context.services;
  const [operator, fetch, coverage] = await Promise.all([
    stores.rates.list("operator"),
    stores.rates.fetchState("eximbank"),
    rateCoverage(stores),
  ]);
  const rates = operator.map((rate) => ({
    currency: rate.currency,
    unit: rate.base.unit,
    base: decimalText(rate.base.krw),
    ttb: rate.ttb && decimalText(rate.ttb),
    tts: rate.tts && decimalText(rate.tts),
    day: rate.day,
    sourceName: rate.sourceName,
    sourceUrl: rate.sourceUrl,
    storedOn: formatDate(rate.storedAt),
  }));
  const asked = new URL(request.url).searchParams.get("currency");
  return json({
    rates,
    editing: rates.find((rate) => rate.currency === asked) ?? null,
    currencies: OPERATOR_CURRENCIES,
    coverage,
    eximbank: {
      configured: Boolean(config.EXIMBANK_AUTH_KEY),
      attemptedOn: fetch ? formatDate(fetch.attemptedAt) : null,
      outcome: fetch ? rateOutcomeLabel(fetch.outcome) : null,
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const parsed = await parseForm({ request, context }, operatorRateItem);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  await saveOperatorRate(context.services.stores, submission.value, admin.actor, Date.now());
  return redirect("/admin/rates");
}

const FIELDS = ["base", "ttb", "tts", "day", "sourceName", "sourceUrl"] as const;

export default function AdminRatesRoute() {
  const { t } = useTranslation(["admin", "exchange"]);
  const { rates, editing, currencies, eximbank, coverage } = useLoaderData<typeof loader>();
  const crossed = coverage.throughUsd.filter((item) => item.crossRate);
  const { errorOf, formError, field, textAt } = useAdminForm(t, editing);
  return (
    <>
      <p className="admin-rates__status">
        {eximbank.configured
          ? eximbank.attemptedOn
            ? t("exchange.admin.eximbankLast", {
                day: eximbank.attemptedOn,
                outcome: eximbank.outcome ? t(eximbank.outcome) : "",
              })
            : t("exchange.admin.eximbankWaiting")
          : t("exchange.admin.eximbankOff")}
      </p>
      {/* What the public pages quote today, so an operator sees what is missing and what is only the sample. */}
      <h2>{t("exchange.admin.coverageHeading")}</h2>
      <ul className="admin-rates__coverage">
        {coverage.usdMissing ? <li>{t("exchange.admin.usdMissing")}</li> : null}
        <li>
          {coverage.throughUsd.length
            ? t("exchange.admin.throughUsd", { list: coverage.throughUsd.map((item) => item.currency).join(", ") })
            : t("exchange.admin.throughUsdNone")}
        </li>
        {crossed.length ? (
          <li>
            {t("exchange.admin.crossRates", {
              list: crossed
                .map((item) => `${item.currency} (${item.crossRate!.sourceName}, ${item.crossRate!.day})`)
                .join(", "),
            })}
          </li>
        ) : null}
        {coverage.fromSample.currencies.length ? (
          <li>
            {t("exchange.admin.fromSample", {
              day: coverage.fromSample.day ?? "",
              list: coverage.fromSample.currencies.join(", "),
            })}
          </li>
        ) : null}
      </ul>
      <h2>{t("exchange.admin.listHeading")}</h2>
      {rates.length === 0 ? <p className="notice-empty">{t("exchange.admin.empty")}</p> : null}
      <ul className="admin-table">
        {rates.map((rate) => (
          <li key={rate.currency} className="admin-row">
            <strong dir="ltr">
              {rate.currency}: {rate.base} KRW / {rate.unit}
            </strong>
            <span className="notice-meta">
              <span dir="ltr">{rate.day}</span>
              <span dir="ltr">
                TTB {rate.ttb ?? "–"} · TTS {rate.tts ?? "–"}
              </span>
              <span>{rate.sourceName}</span>
            </span>
            <div className="admin-row__actions">
              <Link
                className="button button--secondary"
                to={`/admin/rates?currency=${encodeURIComponent(rate.currency)}`}
              >
                {t("admin.notices.edit")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <h2 id="rate-form">{t(editing ? "exchange.admin.editHeading" : "exchange.admin.newHeading")}</h2>
      <Form method="post" className="form" noValidate aria-labelledby="rate-form">
        <AdminFormError message={formError} />
        <AdminSelect
          {...field("currency")}
          label={t("exchange.admin.currency")}
          choose={t("exchange.choose")}
          choices={currencies}
          required
        />
        <AdminField label={t("exchange.admin.unit")} error={errorOf("unit")} id="unit">
          <select id="unit" name="unit" className="input" defaultValue={textAt("unit") || "1"}>
            <option value="1">1</option>
            <option value="100">100</option>
          </select>
        </AdminField>
        {FIELDS.map((name) => (
          <AdminInput
            key={name}
            {...field(name)}
            label={t(`exchange.admin.${name}`)}
            dir="ltr"
            type={name === "day" ? "date" : name === "sourceUrl" ? "url" : "text"}
            inputMode={name === "base" || name === "ttb" || name === "tts" ? "decimal" : undefined}
          />
        ))}
        <button type="submit" className="button button--primary">
          {t("admin.edit.save")}
        </button>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
