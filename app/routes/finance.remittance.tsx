/**
 * Remittance estimate: a GET form (country, currency where a corridor offers more than one, and either the
 * won to send or the amount to arrive) whose answer the server renders, so it works without JavaScript and
 * can be bookmarked. The answer is itemised (amount, fee, total, base rate, margin, rate applied, amount
 * received) with whose figures they are, their day and source, the rate's source and day (sample rates said
 * so), and the legal limits beside it. Problems are said next to their field, with what was typed kept.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { RateView, RemittanceField, RemittancePage } from "~/finance/remittancePage.server";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import {
  featureStyles,
  describedBy,
  LabelledField,
  RateTag,
  type RateTagFacts,
  RouteErrorBoundary,
  SentenceWithValues,
  translateFormMessage,
} from "~/pageKit";
import { AmountWords, numberExamples, ReadBackLine, ResultHeading, resultAction } from "~/kits/finance";
import {
  json,
  languageOf,
  lastUseHeaders,
  pageSeo,
  passLastUseCookie,
  readSession,
  rememberLastUse,
  remittancePage,
} from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.forms, featureStyles.benefits, featureStyles.remittance],
  i18n: ["remittance"],
  layout: "default",
  title: "titles.remittance",
  description: "descriptions.remittance",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lng, member] = await Promise.all([languageOf(request), readSession(request, context.services)]);
  const page = await remittancePage(context.services, { url: new URL(request.url), lng, uid: member?.uid ?? null });
  // One address for search engines: the estimate's inputs are the member's, not the page's.
  const seo = pageSeo(request, context.services.config, lng);
  // A member's answered question is kept as their last use, for the home page's link (decision 0102).
  const setCookie = page.result ? await rememberLastUse(request, context.services, member?.uid, "remittance") : null;
  return json({ ...page, seo }, { headers: lastUseHeaders(setCookie) });
}

export const headers = passLastUseCookie;

export default function RemittanceRoute() {
  const { t, language } = useTranslation("remittance");
  const page = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { form, errors, understood, result, corridor, limits } = page;
  const message = (name: RemittanceField) => translateFormMessage(t, errors[name]) ?? null;
  const errorOf = (name: RemittanceField) => {
    const text = message(name);
    const back = name === "send" || name === "receive" ? understood[name] : null;
    return text && back ? (
      <>
        {text}
        <ReadBackLine readBack={back} />
      </>
    ) : (
      text
    );
  };
  const invalid = (name: RemittanceField) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  return (
    <div className="remittance">
      <p className="remittance__intro">{t("remittance.intro")}</p>
      {/* Keyed on the question: after an answer or Back the fields show what the answer computed. */}
      <Form
        key={search}
        method="get"
        action={resultAction("/finance/remittance")}
        className="form remittance__form"
        noValidate
      >
        <CorridorFields page={page} errorOf={errorOf} invalid={invalid} />
        <fieldset className="remittance__amounts" aria-describedby={errors.amount ? "amount-error" : undefined}>
          <legend className="field__label">{t("remittance.amountLegend")}</legend>
          <p className="field__hint">{t("numbers.hint", { examples: numberExamples(language, true) })}</p>
          {errors.amount ? (
            <p id="amount-error" className="field__error">
              {errorOf("amount")}
            </p>
          ) : null}
          <LabelledField id="send" label={t("remittance.send")} error={errorOf("send")}>
            <input
              id="send"
              name="send"
              className="input"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              defaultValue={form.send}
              {...invalid("send")}
            />
            <AmountWords inputId="send" value={form.send} unit="won" />
          </LabelledField>
          <p className="remittance__or">{t("remittance.or")}</p>
          <LabelledField id="receive" label={t("remittance.receive")} error={errorOf("receive")}>
            <input
              id="receive"
              name="receive"
              className="input"
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              defaultValue={form.receive}
              {...invalid("receive")}
            />
            <AmountWords
              inputId="receive"
              value={form.receive}
              unit={result?.currency ?? form.currency}
              unitFrom="currency"
            />
          </LabelledField>
        </fieldset>
        <button type="submit" className="button button--primary button--block">
          {t("remittance.calculate")}
        </button>
      </Form>

      {result ? (
        <section className="card remittance__result" aria-labelledby="result" aria-live="polite">
          <ResultHeading>{t("remittance.resultTitle")}</ResultHeading>
          <p className="remittance__estimate">{t("remittance.estimateNote")}</p>
          {result.via ? (
            <p className="remittance__through" role="note">
              <SentenceWithValues
                sentence={(v) => t("remittance.throughUsd", v)}
                values={{ currency: result.via.currency }}
              />
            </p>
          ) : null}
          <dl className="remittance__items">
            <Row label={t("remittance.items.send")} value={`${result.send} KRW`} />
            <Row
              label={t("remittance.items.fee")}
              value={`${result.fee} KRW`}
              unverified={corridor?.unverified.includes("fee") ? t("remittance.unverified") : null}
            />
            <Row label={t("remittance.items.total")} value={`${result.total} KRW`} strong />
            <Row
              label={t("remittance.items.baseRate")}
              value={`${result.unit} ${result.currency} = ${result.baseRate} KRW`}
              tag={page.rate ? tagOf(page.rate) : null}
            />
            <Row
              label={t("remittance.items.margin")}
              value={`+${result.marginPercent}% (+${result.margin} KRW)`}
              unverified={corridor?.unverified.includes("margin") ? t("remittance.unverified") : null}
            />
            <Row
              label={t("remittance.items.appliedRate")}
              value={`${result.unit} ${result.currency} = ${result.appliedRate} KRW`}
            />
            <Row label={t("remittance.items.receive")} value={`${result.receive} ${result.currency}`} strong />
            {result.via?.cross ? (
              <Row
                label={t("remittance.items.crossReceive", { currency: result.via.currency })}
                value={`≈ ${result.via.cross.amount} ${result.via.currency}`}
                tag={{
                  sample: false,
                  source: result.via.cross.sourceName,
                  day: result.via.cross.day,
                  ageDays: result.via.cross.ageDays,
                  old: result.via.cross.old,
                }}
              />
            ) : null}
          </dl>
          {result.via ? (
            <>
              <p className="remittance__note">
                {result.via.cross ? (
                  <SentenceWithValues
                    sentence={(v) => t("remittance.crossSource", v)}
                    values={{
                      date: result.via.cross.day,
                      rate: `1 USD = ${result.via.cross.perUsd} ${result.via.currency}`,
                    }}
                    words={{ source: result.via.cross.sourceName }}
                  />
                ) : (
                  <SentenceWithValues
                    sentence={(v) => t("remittance.crossNone", v)}
                    values={{ currency: result.via.currency }}
                  />
                )}
                {result.via.cross?.sourceUrl ? (
                  <>
                    {" "}
                    <a href={result.via.cross.sourceUrl} rel="external noopener noreferrer" dir="ltr">
                      {t("remittance.sourceLink")}
                    </a>
                  </>
                ) : null}
              </p>
              <p className="remittance__note">
                <SentenceWithValues
                  sentence={(v) => t("remittance.payoutDepends", v)}
                  values={{ currency: result.via.currency }}
                />
              </p>
            </>
          ) : null}
          <p className="remittance__note">
            {t(result.direction === "send" ? "remittance.roundingSend" : "remittance.roundingReceive")}
          </p>
        </section>
      ) : null}

      {corridor ? (
        <section className="remittance__sources" aria-labelledby="remittance-sources">
          <h2 id="remittance-sources">{t("remittance.sourcesTitle")}</h2>
          <p>
            {corridor.provider === null ? (
              <SentenceWithValues
                sentence={(v) => t("remittance.figuresTypical", v)}
                values={{ date: corridor.asOf }}
                words={{ country: corridor.countryName }}
              />
            ) : (
              <SentenceWithValues
                sentence={(v) => t("remittance.figuresProvider", v)}
                values={{ date: corridor.asOf }}
                words={{ provider: corridor.provider, country: corridor.countryName }}
              />
            )}{" "}
            {corridor.source === null ? (
              t("remittance.sourceResearch")
            ) : corridor.sourceIsLink ? (
              <a href={corridor.source} rel="external noopener noreferrer" dir="ltr">
                {t("remittance.sourceLink")}
              </a>
            ) : (
              <SentenceWithValues
                sentence={(v) => t("remittance.sourceNamed", v)}
                words={{ source: corridor.source }}
              />
            )}
          </p>
          {corridor.unverified.includes("margin") ? <p>{t("remittance.marginAssumed")}</p> : null}
          {corridor.unverified.includes("currencies") ? <p>{t("remittance.currenciesAssumed")}</p> : null}
          {corridor.bankCounter ? <p>{t("remittance.bankExtras")}</p> : null}
          {page.rate ? <RateLine rate={page.rate} currency={result?.currency ?? form.currency} /> : null}
        </section>
      ) : null}

      <section className="remittance__limits" aria-labelledby="remittance-limits">
        <h2 id="remittance-limits">{t("remittance.limitsTitle")}</h2>
        <p>
          {limits.perTransactionKrw ? (
            <SentenceWithValues
              sentence={(v) => t("remittance.limitPerTransaction", v)}
              values={{ usd: limits.perTransactionUsd, krw: limits.perTransactionKrw }}
            />
          ) : (
            <SentenceWithValues
              sentence={(v) => t("remittance.limitPerTransactionUsd", v)}
              values={{ usd: limits.perTransactionUsd }}
            />
          )}
        </p>
        <p>
          <SentenceWithValues
            sentence={(v) => t("remittance.limitYearly", v)}
            values={{ usd: limits.yearlyUsd, date: limits.yearlySince }}
          />
        </p>
        {page.usdRate && limits.perTransactionKrw ? <RateLine rate={page.usdRate} currency="USD" /> : null}
      </section>
    </div>
  );
}

function RateLine({ rate, currency }: { rate: RateView; currency: string }) {
  const { t } = useTranslation("remittance");
  return (
    <p className={rate.kind === "sample" || rate.old ? "remittance__rate remittance__rate--warn" : "remittance__rate"}>
      <SentenceWithValues
        sentence={(v) => t("remittance.rateSource", v)}
        values={{ currency: currency || "—", date: rate.day }}
        words={{ source: rate.name }}
      />
      {rate.kind === "sample" ? <strong> {t("remittance.rateSample")}</strong> : null}
      {rate.kind !== "sample" && rate.old ? <strong> {t("remittance.rateOld")}</strong> : null}
    </p>
  );
}

/** The rate's facts as every figure from it carries them (the sample said so, the day, the age when old). */
const tagOf = (rate: RateView): RateTagFacts => ({
  sample: rate.kind === "sample",
  source: rate.name,
  day: rate.day,
  ageDays: rate.ageDays,
  old: rate.old,
});

type Data = Pick<RemittancePage, "form" | "countries" | "currencies" | "currenciesByCountry">;

/**
 * The country and the currency paid out. With JavaScript the currency list follows the country as it is chosen
 * (every corridor's list came with the page); without it the list is the chosen country's, or before one is
 * chosen every currency a corridor pays (US dollars first), and the server says when a pair does not exist.
 */
function CorridorFields({
  page,
  errorOf,
  invalid,
}: {
  page: Data;
  errorOf: (name: RemittanceField) => ReactNode;
  invalid: (name: RemittanceField) => Record<string, unknown>;
}) {
  const { t } = useTranslation("remittance");
  const { form } = page;
  const [country, setCountry] = useState(form.country);
  // The country's list once one is chosen (the server's, before any change without JavaScript).
  const currencies = page.currenciesByCountry[country] ?? page.currencies;
  return (
    <>
      <LabelledField id="country" label={t("remittance.country")} error={errorOf("country")}>
        <select
          id="country"
          name="country"
          className="input"
          defaultValue={form.country}
          onChange={(event) => setCountry(event.currentTarget.value)}
          {...invalid("country")}
        >
          <option value="">{t("remittance.chooseCountry")}</option>
          {page.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField
        id="currency"
        label={t("remittance.currency")}
        hint={t("remittance.currencyHint")}
        error={errorOf("currency")}
      >
        <select
          id="currency"
          name="currency"
          className="input"
          defaultValue={form.currency}
          {...invalid("currency")}
          aria-describedby={describedBy("currency", { hint: true, error: errorOf("currency") })}
        >
          <option value="">{t("remittance.currencyFirst")}</option>
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
          {form.currency && !currencies.some((c) => c.code === form.currency) ? (
            <option value={form.currency}>{form.currency}</option>
          ) : null}
        </select>
      </LabelledField>
    </>
  );
}

function Row({
  label,
  value,
  strong = false,
  unverified = null,
  tag = null,
}: {
  label: string;
  value: string;
  strong?: boolean;
  unverified?: string | null;
  tag?: RateTagFacts | null;
}) {
  return (
    <div className={strong ? "remittance__row remittance__row--total" : "remittance__row"}>
      <dt>{label}</dt>
      <dd>
        <bdi dir="ltr">{value}</bdi>
        {unverified ? <span className="unverified">{unverified}</span> : null}
        {tag ? <RateTag rate={tag} /> : null}
      </dd>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
