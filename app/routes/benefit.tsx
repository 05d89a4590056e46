/**
 * Benefits: the public services foreign residents use, by category (links that
 * filter on the server, so without JavaScript too), each with what it gives, who
 * can use it, how to apply, its numbers to call, site, hours, languages and source;
 * what the research could not confirm is marked unverified. A member sees the
 * services for their visa first. An unknown `?category=` shows them all. A search
 * (`?q=`) and a region (`?region=`, one of the 17 provinces and metropolitan cities)
 * narrow the list in a plain GET form; an unknown region is ignored and the page says
 * so. Each card shows what it gives and how to reach it; the rest opens on demand.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { codeRuns } from "~/lib/codeRuns";
import type { PageHandle } from "~/lib/page";
import {
  featureStyles,
  KoreanTerms,
  languageMarks,
  RouteErrorBoundary,
  SentenceWithValues,
  SourceLine,
  UntranslatedNote,
} from "~/pageKit";
import type { BenefitView } from "~/benefits/benefits.server";
import type { BenefitFact } from "~/stores/benefits";
import { benefitsPage, json, languageOf, pageSeo, readSession } from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.forms, featureStyles.benefits],
  i18n: ["benefit"],
  layout: "default",
  title: "titles.benefit",
  description: "descriptions.benefit",
  tab: "benefit",
  back: null,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lng, member] = await Promise.all([languageOf(request), readSession(request, context.services)]);
  const params = new URL(request.url).searchParams;
  const page = await benefitsPage(context.services, {
    lng,
    category: params.get("category"),
    uid: member?.uid ?? null,
    q: params.get("q"),
    region: params.get("region"),
  });
  // A category's page (and a region's) is its own address; an unknown one shows all, so its address is the page's
  // own. A search is not a page of its own.
  const query = [...(page.category ? ["category"] : []), ...(page.region ? ["region"] : [])];
  const seo = pageSeo(request, context.services.config, lng, { query });
  return json({ ...page, seo });
}

/** The address of the list with these filters (the empty ones left out). */
function listHref(filters: { category?: string | null; q?: string; region?: string | null }): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.q) params.set("q", filters.q);
  if (filters.region) params.set("region", filters.region);
  const search = params.toString();
  return search ? `/benefit?${search}` : "/benefit";
}

export default function BenefitRoute() {
  const { t } = useTranslation("benefit");
  const { categories, category, regions, region, query, notes, visa, forVisa, others } = useLoaderData<typeof loader>();
  const filtered = Boolean(query || region);
  const count = forVisa.length + others.length;
  const categoryName = category ? t(`benefit.categories.${category}`) : null;
  const heading = visa
    ? categoryName
      ? t("benefit.moreInCategory", { category: categoryName })
      : t("benefit.otherServices")
    : (categoryName ?? t("benefit.allServices"));
  return (
    <div className="benefits">
      <p className="benefits__intro">{t("benefit.intro")}</p>
      <Form method="get" action="/benefit" className="benefit-search" role="search">
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <label className="field__label" htmlFor="benefit-q">
          {t("benefit.search")}
        </label>
        <div className="benefit-search__row">
          <input
            id="benefit-q"
            name="q"
            type="search"
            className="input"
            defaultValue={query}
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <label className="field__label" htmlFor="benefit-region">
          {t("benefit.region")}
        </label>
        <div className="benefit-search__row">
          <select id="benefit-region" name="region" className="input" defaultValue={region ?? ""}>
            <option value="">{t("benefit.allRegions")}</option>
            {regions.map((r) => (
              <option key={r} value={r}>
                {t(`benefit.regions.${r}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary">
            {t("benefit.searchButton")}
          </button>
        </div>
        {notes.map((note) => (
          <p key={note} className="field__error" role="status">
            {note === "queryCut" ? (
              <SentenceWithValues sentence={(v) => t("benefit.queryCut", v)} values={{ max: 100 }} />
            ) : (
              t("benefit.unknownRegion")
            )}
          </p>
        ))}
      </Form>
      <nav className="category-tabs" aria-label={t("benefit.categoriesLabel")}>
        <ul>
          <li>
            <Link to={listHref({ q: query, region })} aria-current={category === null ? "page" : undefined}>
              {t("benefit.all")}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c}>
              <Link to={listHref({ category: c, q: query, region })} aria-current={category === c ? "page" : undefined}>
                {t(`benefit.categories.${c}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {filtered ? (
        <p className="benefits__found" role="status">
          <SentenceWithValues sentence={(v) => t("benefit.found", v)} count={count} />{" "}
          <Link to={listHref({ category })}>{t("benefit.clear")}</Link>
        </p>
      ) : null}
      {visa ? (
        <section className="benefits__group" aria-labelledby="benefits-for-visa">
          <h2 id="benefits-for-visa">
            <SentenceWithValues sentence={(v) => t("benefit.forYourVisa", v)} values={{ visa }} />
          </h2>
          <BenefitList benefits={forVisa} showCategory={category === null} open={Boolean(query)} />
        </section>
      ) : null}
      <section className="benefits__group" aria-labelledby="benefits-all">
        <h2 id="benefits-all">{heading}</h2>
        {others.length === 0 ? (
          <p className="muted">{t(filtered ? "benefit.noMatch" : "benefit.empty")}</p>
        ) : category === null && !filtered ? (
          // All of them, nothing chosen: each category a line with its count that opens on its cards (every fact
          // stays in the page, and without JavaScript too), so the page is a list to choose from, not 18 cards.
          <ul className="benefit-categories">
            {categories.map((c) => {
              const inCategory = others.filter((benefit) => benefit.category === c);
              if (inCategory.length === 0) return null;
              return (
                <li key={c}>
                  <details className="benefit-category">
                    <summary>
                      <span className="benefit-category__name">{t(`benefit.categories.${c}`)}</span>
                      <span className="benefit-category__count">
                        <SentenceWithValues sentence={(v) => t("benefit.categoryCount", v)} count={inCategory.length} />
                      </span>
                    </summary>
                    <BenefitList benefits={inCategory} showCategory={false} open={false} />
                  </details>
                </li>
              );
            })}
          </ul>
        ) : (
          <BenefitList benefits={others} showCategory={category === null} open={Boolean(query)} />
        )}
      </section>
      <p className="benefits__shop">
        <Link to="/shop">{t("benefit.shopLink")}</Link>
      </p>
    </div>
  );
}

/**
 * Content text with its visa codes kept on one line each ("G-1-6" never breaks at a hyphen) and the Korean terms
 * it quotes isolated (in Urdu "(건강보험)" neither breaks nor mirrors). `lang`: the text's language when it is not
 * the page's.
 */
function Unbroken({ text, lang }: { text: string; lang?: string }) {
  return (
    <>
      {codeRuns(text).map((run, i) =>
        run.code ? (
          <span key={i} className="nowrap">
            {run.text}
          </span>
        ) : (
          <KoreanTerms key={i} lang={lang}>
            {run.text}
          </KoreanTerms>
        ),
      )}
    </>
  );
}

function BenefitList(props: { benefits: BenefitView[]; showCategory: boolean; open: boolean }) {
  const { benefits, showCategory, open } = props;
  return (
    <ul className="card-list">
      {benefits.map((benefit) => (
        <li key={benefit.itemCd}>
          <BenefitCard benefit={benefit} showCategory={showCategory} open={open} />
        </li>
      ))}
    </ul>
  );
}

/** Services a work tool answers for (issue 44): the card links to it, in the tool's title. */
const CARD_TOOLS: Record<string, { to: string; title: "pay" | "severance" | "leavingKorea" }> = {
  eps: { to: "/finance/leavingKorea", title: "leavingKorea" },
  "departure-guarantee-insurance": { to: "/finance/leavingKorea", title: "leavingKorea" },
  "return-cost-insurance": { to: "/finance/leavingKorea", title: "leavingKorea" },
  "labour-helpline-1350": { to: "/finance/pay", title: "pay" },
};

/** A service: what it gives and how to reach it; who may use it, how to apply, hours, languages and source open below. */
function BenefitCard({ benefit, showCategory, open }: { benefit: BenefitView; showCategory: boolean; open: boolean }) {
  const { t } = useTranslation("benefit");
  const { t: tc } = useTranslation();
  const { text, lang, hours, languages, source } = benefit;
  const tool = CARD_TOOLS[benefit.itemCd];
  const titleId = `benefit-${benefit.itemCd}`;
  /** The content's words, marked with their language (and its direction) when they are not the page's. */
  const marks = languageMarks(lang?.code);
  const words = (value: string) =>
    lang ? (
      <span {...marks}>
        <Unbroken text={value} lang={lang.code} />
      </span>
    ) : (
      <Unbroken text={value} />
    );
  const unverified = (fact: BenefitFact) =>
    benefit.unverified.includes(fact) ? <span className="unverified">{t("benefit.unverified")}</span> : null;
  const row = (label: string, fact: BenefitFact, value: ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>
        {value}
        {unverified(fact)}
      </dd>
    </div>
  );
  return (
    <article className="card benefit" aria-labelledby={titleId}>
      {showCategory ? <p className="benefit__category">{t(`benefit.categories.${benefit.category}`)}</p> : null}
      <h3 id={titleId} className="benefit__name" {...marks}>
        <KoreanTerms lang={lang?.code}>{text.name}</KoreanTerms>
      </h3>
      {benefit.koreanName ? (
        <p className="benefit__korean">
          <span className="muted">{t("benefit.inKorean")}</span>{" "}
          <bdi lang="ko" dir="ltr">
            {benefit.koreanName}
          </bdi>
        </p>
      ) : null}
      {lang ? <UntranslatedNote language={lang.name} /> : null}
      <dl className="benefit__facts">
        {row(t("benefit.gives"), "gives", words(text.gives))}
        {benefit.phones.length
          ? row(
              t("benefit.phone"),
              "phones",
              <span className="benefit__phones">
                {benefit.phones.map((phone) => (
                  <a key={phone.number} className="benefit__phone" href={phone.href}>
                    <bdi dir="ltr">{phone.number}</bdi>
                  </a>
                ))}
              </span>,
            )
          : null}
        {benefit.link
          ? row(
              t("benefit.officialSite"),
              "link",
              <a className="benefit__link" href={benefit.link.href} rel="external noopener noreferrer" dir="ltr">
                {benefit.link.host}
              </a>,
            )
          : null}
      </dl>
      {tool ? (
        <p className="benefit__tool">
          <Link to={tool.to}>{tc(`titles.${tool.title}`)}</Link>
        </p>
      ) : null}
      <details className="benefit__more" open={open || undefined}>
        <summary>{t("benefit.details")}</summary>
        <dl className="benefit__facts">
          {row(t("benefit.eligible"), "eligible", words(text.eligible))}
          {row(t("benefit.apply"), "apply", words(text.apply))}
          {hours
            ? row(
                t("benefit.hours"),
                "hours",
                <>
                  {hours.days === "always" ? (
                    t("benefit.hoursAlways")
                  ) : (
                    <SentenceWithValues
                      sentence={(v) =>
                        t(hours.days === "weekdays" ? "benefit.hoursWeekdays" : "benefit.hoursEveryDay", v)
                      }
                      values={{ time: `${hours.opens}–${hours.closes}` }}
                    />
                  )}
                  {text.hoursNote ? <span className="benefit__note">{words(text.hoursNote)}</span> : null}
                </>,
              )
            : null}
          {languages
            ? row(
                t("benefit.languages"),
                "languages",
                languages.names ?? (
                  <SentenceWithValues
                    sentence={(v) => t(languages.about ? "benefit.languagesAbout" : "benefit.languagesCount", v)}
                    count={languages.count ?? 0}
                  />
                ),
              )
            : null}
        </dl>
        <SourceLine
          source={source}
          named={(v) => t("benefit.source", v)}
          own={(v) => t("benefit.sourceOwn", v)}
          linkText={t("benefit.sourceLink")}
          hideLink={source.url === benefit.link?.href}
        />
      </details>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
