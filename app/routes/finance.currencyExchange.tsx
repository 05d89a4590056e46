/**
 * Currency exchange: what an amount is worth in another currency at the base rates (매매기준율) in force, KRW both
 * ways and between two foreign currencies through KRW. A GET form: the inputs are in the address, the server draws
 * the answer (so it works without JavaScript, and can be shared or bookmarked). Beside the answer, each rate used
 * with its TTB/TTS, source, day and age; a sample or stale rate says so; a currency without a rate gets no number.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, KoreanTerms, RateTag, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { AmountWords, numberExamples, ReadBackLine, ResultHeading, resultAction } from "~/kits/finance";
import {
  exchangePage,
  json,
  languageOf,
  lastUseHeaders,
  pageSeo,
  passLastUseCookie,
  readSession,
  rememberLastUse,
  type RateView,
} from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.forms, featureStyles.exchange],
  i18n: ["exchange"],
  layout: "default",
  title: "titles.exchange",
  description: "descriptions.exchange",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lng, member] = await Promise.all([languageOf(request), readSession(request, context.services)]);
  const params = new URL(request.url).searchParams;
  const page = await exchangePage(context.services, { lng, params, uid: member?.uid ?? null });
  // An answer is the member's own question: the page's address for search engines is the calculator's.
  const seo = pageSeo(request, context.services.config, lng);
  // A member's answered question is kept as their last use, for the home page's link (decision 0102).
  const setCookie = page.answer ? await rememberLastUse(request, context.services, member?.uid, "exchange") : null;
  return json({ ...page, seo }, { headers: lastUseHeaders(setCookie) });
}

export const headers = passLastUseCookie;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const PATH = "/finance/currencyExchange";

/**
 * The swap with JavaScript: the opposite question of the fields as they are now (an amount edited since the last
 * answer included), asked at once. Without JavaScript the link asks the opposite of the last answer's question.
 */
function swapAsTyped(event: MouseEvent<HTMLAnchorElement>, submit: ReturnType<typeof useSubmit>) {
  const form = event.currentTarget.closest("form");
  if (!form || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  const typed = new FormData(form);
  const from = String(typed.get("from") ?? "");
  typed.set("from", String(typed.get("to") ?? ""));
  typed.set("to", from);
  submit(typed, { method: "get", action: resultAction(PATH) });
}

export default function CurrencyExchangeRoute() {
  const { t, language } = useTranslation("exchange");
  const data = useLoaderData<typeof loader>();
  const { input, problems, understood, currencies, rates, missing, answer, sample } = data;
  const busy = useNavigation().state === "loading";
  const { search } = useLocation();
  const submit = useSubmit();
  const nameOf = (code: string) => currencies.find((c) => c.code === code)?.name ?? code;
  const problemText = (name: string | undefined) => (name ? t(`exchange.problems.${name}`) : null);
  // The opposite question, with the amount typed (none when none was: an empty one would be a question asked).
  const swapped = new URLSearchParams({
    from: input.to,
    to: input.from,
    ...(input.amount ? { amount: input.amount } : {}),
  });
  return (
    <div className="exchange">
      <p className="exchange__intro">
        <KoreanTerms>{t("exchange.intro")}</KoreanTerms>
      </p>
      {sample ? (
        <p className="exchange__sample" role="note">
          {t("exchange.sampleNote")}
        </p>
      ) : null}
      {/* Keyed on the question: after any navigation (an answer, the swap, Back) the fields show what was computed. */}
      <Form key={search} method="get" action={resultAction(PATH)} className="form exchange__form" noValidate>
        <Field
          id="amount"
          label={t("exchange.amount")}
          hint={t("numbers.hint", { examples: numberExamples(language, true) })}
          error={
            problems.amount ? (
              <>
                {problemText(problems.amount)}
                <ReadBackLine readBack={understood} />
              </>
            ) : null
          }
        >
          <input
            id="amount"
            name="amount"
            className="input exchange__amount"
            // Won has no decimals: a phone shows digits only; any other currency may have cents.
            inputMode={input.from === "KRW" ? "numeric" : "decimal"}
            autoComplete="off"
            dir="ltr"
            defaultValue={input.amount}
            aria-invalid={problems.amount ? true : undefined}
            aria-describedby={problems.amount ? "amount-hint amount-words amount-error" : "amount-hint amount-words"}
          />
          <AmountWords inputId="amount" value={input.amount} unit={input.from} unitFrom="from" />
        </Field>
        <CurrencyField id="from" label={t("exchange.from")} data={data} error={problemText(problems.from)} />
        <p className="exchange__swap">
          <Link to={`?${swapped}#result`} rel="nofollow" onClick={(event) => swapAsTyped(event, submit)}>
            {t("exchange.swap")}
          </Link>
        </p>
        <CurrencyField id="to" label={t("exchange.to")} data={data} error={problemText(problems.to)} />
        <button type="submit" className="button button--primary">
          {t("exchange.convert")}
        </button>
      </Form>
      <section className="exchange__result" aria-labelledby="result" aria-live="polite" aria-busy={busy}>
        {/* Drawn once there is something under it; before that it only names the live region. */}
        <ResultHeading className={answer || missing.length ? undefined : "visually-hidden"}>
          {t("exchange.resultHeading")}
        </ResultHeading>
        {missing.map((code) => (
          <p key={code} className="exchange__missing" role="alert">
            <SentenceWithValues
              sentence={(v) => t("exchange.noRate", v)}
              values={{ code }}
              words={{ name: nameOf(code) }}
            />
          </p>
        ))}
        {answer ? (
          <>
            <p className="exchange__answer">
              <bdi dir="ltr" className="exchange__figure">
                {answer.amount.text} {answer.amount.currency}
              </bdi>{" "}
              <span aria-hidden="true">=</span>{" "}
              <strong>
                <bdi dir="ltr" className="exchange__figure exchange__figure--result">
                  {answer.result.text} {answer.result.currency}
                </bdi>
              </strong>
            </p>
            <p className="exchange__note">{t(sample ? "exchange.atBaseRateSample" : "exchange.atBaseRate")}</p>
            {/* Each rate used, on the answer itself: the sample said so, its source and day, its age when old. */}
            {rates.map((rate) => (
              <p key={rate.currency} className="exchange__note exchange__used">
                {t("exchange.baseRate")}:{" "}
                <bdi dir="ltr" className="exchange__figure">
                  {rate.unit} {rate.currency} = {rate.base} KRW
                </bdi>{" "}
                <RateTag
                  rate={{
                    sample: rate.source === "sample",
                    source: rate.sourceName,
                    day: rate.day,
                    ageDays: rate.ageDays,
                    old: rate.stale,
                  }}
                />
              </p>
            ))}
            {answer.byTransfer ? (
              <p className="exchange__note">
                <SentenceWithValues
                  sentence={(v) => t("exchange.byTransfer", v)}
                  values={{ amount: `${answer.byTransfer.text} ${answer.byTransfer.currency}` }}
                />
              </p>
            ) : null}
            <p className="exchange__note muted">{t("exchange.rounding")}</p>
          </>
        ) : null}
      </section>
      {rates.map((rate) => (
        <RateCard key={rate.currency} rate={rate} name={nameOf(rate.currency)} />
      ))}
    </div>
  );
}

function CurrencyField({
  id,
  label,
  data,
  error,
}: {
  id: "from" | "to";
  label: string;
  data: Data;
  error: string | null;
}) {
  const { t } = useTranslation("exchange");
  const chosen = data.input[id];
  const known = data.currencies.some((c) => c.code === chosen);
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        name={id}
        className="input"
        defaultValue={chosen}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {/* An unknown code stays chosen, so the member sees what was asked and the message beside it. */}
        {known ? null : <option value={chosen}>{chosen || t("exchange.choose")}</option>}
        {data.currencies.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} · {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function RateCard({ rate, name }: { rate: RateView; name: string }) {
  const { t } = useTranslation("exchange");
  const per = (figure: string) => (
    <bdi dir="ltr" className="exchange__figure">
      {figure} KRW / {rate.unit} {rate.currency}
    </bdi>
  );
  return (
    <article className="card exchange__rate" aria-labelledby={`rate-${rate.currency}`}>
      <h2 id={`rate-${rate.currency}`} className="exchange__rate-title">
        <bdi dir="ltr">{rate.currency}</bdi> · {name}
        {rate.source === "sample" ? <span className="exchange__badge">{t("exchange.sampleBadge")}</span> : null}
      </h2>
      <dl className="exchange__facts">
        <div>
          <dt>
            <KoreanTerms>{t("exchange.baseRate")}</KoreanTerms>
          </dt>
          <dd>{per(rate.base)}</dd>
        </div>
        <div>
          <dt>{t("exchange.tts")}</dt>
          <dd>{rate.tts ? per(rate.tts) : <span className="muted">{t("exchange.notPublished")}</span>}</dd>
        </div>
        <div>
          <dt>{t("exchange.ttb")}</dt>
          <dd>{rate.ttb ? per(rate.ttb) : <span className="muted">{t("exchange.notPublished")}</span>}</dd>
        </div>
      </dl>
      <p className="exchange__source">
        <SentenceWithValues
          sentence={(v) => t(`exchange.source.${rate.source}`, v)}
          values={{ day: rate.day }}
          words={{ name: rate.sourceName }}
        />
        {rate.storedAt ? (
          <>
            {" "}
            <SentenceWithValues sentence={(v) => t("exchange.storedAt", v)} values={{ time: rate.storedAt }} />
          </>
        ) : null}
        {rate.sourceUrl ? (
          <>
            {" "}
            <a href={rate.sourceUrl} rel="external noopener noreferrer">
              {t("exchange.sourceLink")}
            </a>
          </>
        ) : null}
      </p>
      {rate.stale ? (
        <p className="exchange__stale" role="note">
          <SentenceWithValues
            sentence={(v) => t("exchange.stale", v)}
            values={{ day: rate.day }}
            count={rate.ageDays}
          />
        </p>
      ) : null}
    </article>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
