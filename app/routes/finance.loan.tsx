/**
 * The loan calculator: a GET form (the inputs are the URL, so an answer can be shared, bookmarked and gone back
 * to, and it works without JavaScript) whose answer the server renders from loan.ts in whole won: the monthly
 * payment, total interest and repaid, and the schedule (the first year shown, the rest behind a `<details>`).
 * A field with a problem says so beside it and keeps what was typed. Below it, loan products for foreign
 * residents, those for a signed-in member's visa first (docs/decisions/0064).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import {
  Branded,
  KoreanTerms,
  directionOf,
  featureStyles,
  Ltr,
  RouteErrorBoundary,
  SentenceWithValues,
  SourceLine,
} from "~/pageKit";
import {
  FieldProblem,
  NumberField as KitNumberField,
  numberExamples,
  ResultHeading,
  resultAction,
  WorkToolLinks,
} from "~/kits/finance";
import type { LoanField, LoanProductView, RangeView } from "~/routeKit.server";
import {
  json,
  languageOf,
  lastUseHeaders,
  loanPage,
  pageSeo,
  passLastUseCookie,
  readSession,
  rememberLastUse,
} from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor who sends the same inputs: the server may answer it again for a few seconds
  // (server/pageCache.ts; a member's answer, with their visa's products first, is never kept).
  shared: true,
  styles: [featureStyles.forms, featureStyles.benefits, featureStyles.loan],
  i18n: ["loan"],
  layout: "default",
  title: "titles.loan",
  description: "descriptions.loan",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lng, member] = await Promise.all([languageOf(request), readSession(request, context.services)]);
  const page = await loanPage(context.services, { url: new URL(request.url), lng, uid: member?.uid ?? null });
  // A member's answered question is kept as their last use, for the home page's link (decision 0102).
  const setCookie = page.result ? await rememberLastUse(request, context.services, member?.uid, "loan") : null;
  // One page whatever was asked: the calculator's address is its canonical one.
  return json({ ...page, seo: pageSeo(request, context.services.config, lng) }, { headers: lastUseHeaders(setCookie) });
}

export const headers = passLastUseCookie;

export default function LoanRoute() {
  const { t, language } = useTranslation("loan");
  const { values, problems, understood, result, methods, limits, units, products } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const problemOf = (field: LoanField) => problems[field] ?? null;
  const readOf = (field: LoanField) => understood[field] ?? null;
  const headers = (
    <thead>
      <tr>
        <th scope="col">{t("loan.schedule.month")}</th>
        <th scope="col">{t("loan.schedule.payment")}</th>
        <th scope="col">{t("loan.schedule.principal")}</th>
        <th scope="col">{t("loan.schedule.interest")}</th>
        <th scope="col">{t("loan.schedule.balance")}</th>
      </tr>
    </thead>
  );
  return (
    <div className="loan">
      <p className="muted">{t("loan.intro")}</p>
      {/* Keyed on the question: after an answer or Back the fields show what the answer computed. */}
      <Form key={search} method="get" action={resultAction("/finance/loan")} className="form" noValidate>
        <NumberField
          name="amount"
          label={t("loan.amount")}
          hint={t("numbers.hint", { examples: numberExamples(language, false) })}
          value={values.amount}
          problem={problemOf("amount")}
          readBack={readOf("amount")}
          words
        />
        <NumberField
          name="rate"
          label={t("loan.rate")}
          value={values.rate}
          problem={problemOf("rate")}
          readBack={readOf("rate")}
          decimal
        />
        <NumberField
          name="months"
          label={t("loan.months")}
          hint={t("loan.monthsHint", { max: limits.maxMonths, years: limits.maxYears })}
          value={values.months}
          problem={problemOf("months")}
          readBack={readOf("months")}
        >
          <label className="visually-hidden" htmlFor="unit">
            {t("loan.termUnit")}
          </label>
          <select id="unit" name="unit" className="input loan__unit" defaultValue={values.unit}>
            {units.map((unit) => (
              <option key={unit} value={unit}>
                {t(`loan.units.${unit}`)}
              </option>
            ))}
          </select>
        </NumberField>
        <fieldset className="loan__methods" aria-describedby={problems.method ? "method-error" : undefined}>
          <legend>{t("loan.method")}</legend>
          {methods.map((method) => (
            <label key={method} className="loan__method">
              <input type="radio" name="method" value={method} defaultChecked={values.method === method} />
              <span>
                <KoreanTerms>{t(`loan.methods.${method}.name`)}</KoreanTerms>
              </span>
              <small>{t(`loan.methods.${method}.about`)}</small>
            </label>
          ))}
          <FieldProblem id="method-error" t={t} problem={problemOf("method")} />
        </fieldset>
        <NumberField
          name="grace"
          label={t("loan.grace")}
          hint={t("loan.graceHint")}
          value={values.grace}
          problem={problemOf("grace")}
          readBack={readOf("grace")}
        />
        <button type="submit" className="button button--primary button--block">
          {t("loan.calculate")}
        </button>
      </Form>
      {result ? (
        <section className="loan__result" aria-labelledby="result">
          <ResultHeading>{t("loan.result.title")}</ResultHeading>
          <dl className="loan__figures">
            {result.gracePayment ? (
              <Figure label={t("loan.result.grace", { count: result.graceMonths })} value={result.gracePayment} />
            ) : null}
            <Figure
              // Equal principal's payment falls every month: its first is named so. The others' is the monthly one.
              label={t(
                result.method === "equalPrincipal" && result.lastPayment
                  ? "loan.result.firstPayment"
                  : "loan.result.monthlyPayment",
              )}
              value={result.firstPayment}
            />
            {result.lastPayment ? <Figure label={t("loan.result.lastPayment")} value={result.lastPayment} /> : null}
            <Figure label={t("loan.result.totalInterest")} value={result.totalInterest} />
            <Figure label={t("loan.result.totalRepaid")} value={result.totalRepaid} />
          </dl>
          <p className="loan__rule">{t("loan.result.rounding")}</p>
          <p className="loan__rule">
            <Branded>{t("loan.result.estimate")}</Branded>
          </p>
          <div className="loan__table-wrap">
            <table className="loan__schedule">
              <caption>{t("loan.schedule.title")}</caption>
              {headers}
              <tbody dangerouslySetInnerHTML={{ __html: scheduleRows(result.shownRows) }} />
            </table>
          </div>
          {result.restCount > 0 ? (
            <details className="loan__rest">
              <summary>{t("loan.schedule.showRest", { from: result.restFrom, to: result.months })}</summary>
              <div className="loan__table-wrap">
                <table className="loan__schedule">
                  <caption className="visually-hidden">{t("loan.schedule.title")}</caption>
                  {headers}
                  <tbody dangerouslySetInnerHTML={{ __html: scheduleRows(result.restRows) }} />
                </table>
              </div>
            </details>
          ) : null}
        </section>
      ) : null}
      <section className="loan__products" aria-labelledby="loan-products">
        <h2 id="loan-products">{t("loan.products.title")}</h2>
        <p className="muted">{t("loan.products.intro")}</p>
        {products.visa ? (
          <>
            <h3>
              <SentenceWithValues
                sentence={(v) => t("loan.products.forYourVisa", v)}
                values={{ visa: products.visa }}
              />
            </h3>
            <ProductList products={products.forVisa} />
            {products.others.length ? <h3>{t("loan.products.others")}</h3> : null}
          </>
        ) : null}
        {products.others.length || products.forVisa.length ? (
          <ProductList products={products.others} />
        ) : (
          <p className="muted">{t("loan.products.empty")}</p>
        )}
      </section>
      <WorkToolLinks />
    </div>
  );
}

/**
 * The schedule's rows as one HTML string (loanPage.server.ts's rowsText: a month a line, figures separated by
 * spaces): 1,800 cells React neither builds nor hydrates. Only digits and commas are kept, so nothing but the
 * figures can reach the markup.
 */
function scheduleRows(text: string): string {
  let html = "";
  for (const line of text.split("\n")) {
    const [month, ...figures] = line.replace(/[^\d, ]/g, "").split(" ");
    // The end tags of rows and cells are implied (HTML's own rule): a third of 360 rows' bytes, to gzip each time.
    if (month) html += `<tr><th scope=row>${month}<td>${figures.join("<td>")}`;
  }
  return html;
}

/** The form kit's number field in the loan namespace, the term's unit beside it. */
function NumberField(
  props: Omit<ComponentProps<typeof KitNumberField>, "t" | "besideClassName"> & { name: LoanField },
) {
  const { t } = useTranslation("loan");
  return <KitNumberField {...props} t={t} besideClassName="loan__term" />;
}

function Figure({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation("loan");
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <SentenceWithValues sentence={(v) => t("loan.won", v)} values={{ amount: value }} />
      </dd>
    </>
  );
}

function ProductList({ products }: { products: LoanProductView[] }) {
  return (
    <ul className="card-list">
      {products.map((product) => (
        <li key={product.itemCd}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

function ProductCard({ product }: { product: LoanProductView }) {
  const { t } = useTranslation("loan");
  const { text, lang, source } = product;
  const marks = lang ? { lang: lang.code, dir: directionOf(lang.code) } : {};
  const titleId = `loan-product-${product.itemCd}`;
  const notStated = <span className="muted">{t("loan.products.notStated")}</span>;
  const range = (r: RangeView | null) => {
    if (!r) return notStated;
    if (r.min && r.max && r.min === r.max) return <Ltr>{r.min}</Ltr>;
    const form = r.min && r.max ? "both" : r.max ? "upTo" : "from";
    const values: Record<string, string> = {};
    if (r.min) values.min = r.min;
    if (r.max) values.max = r.max;
    return <SentenceWithValues sentence={(v) => t(`loan.products.range.${form}`, v)} values={values} />;
  };
  const row = (label: string, value: ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <article className="card benefit" aria-labelledby={titleId}>
      <p className="benefit__category">{product.lender}</p>
      <h3 id={titleId} className="benefit__name" {...marks}>
        {text.name}
      </h3>
      {product.koreanName ? (
        <p className="benefit__korean">
          <span className="muted">{t("loan.products.inKorean")}</span>{" "}
          <bdi lang="ko" dir="ltr">
            {product.koreanName}
          </bdi>
        </p>
      ) : null}
      {lang ? (
        <p className="benefit__untranslated muted">{t("loan.products.untranslated", { language: lang.name })}</p>
      ) : null}
      <dl className="benefit__facts">
        {row(t("loan.products.visas"), product.visas.length ? <Ltr>{product.visas.join(", ")}</Ltr> : notStated)}
        {row(t("loan.products.amount"), range(product.amountKrw))}
        {row(t("loan.products.rate"), range(product.ratePercent))}
        {row(t("loan.products.term"), range(product.termMonths))}
        {/* A block of its own: untranslated English lines start at the left in an Urdu page. */}
        {row(t("loan.products.conditions"), <p {...marks}>{text.conditions}</p>)}
        {product.link
          ? row(
              t("loan.products.site"),
              <a className="benefit__link" href={product.link.href} rel="external noopener noreferrer" dir="ltr">
                {product.link.host}
              </a>,
            )
          : null}
      </dl>
      <p className="notice notice--warning">{t("loan.products.checkWithLender")}</p>
      <SourceLine
        source={source}
        named={(v) => t("loan.products.source", v)}
        own={(v) => t("loan.products.sourceOwn", v)}
        linkText={t("loan.products.sourceLink")}
      />
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
