/**
 * Benefits: the public services foreign residents use, by category (links that
 * filter on the server, so without JavaScript too), each with what it gives, who
 * can use it, how to apply, its numbers to call, site, hours, languages and source;
 * what the research could not confirm is marked unverified. A member sees the
 * services for their visa first. An unknown `?category=` shows them all.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import {
  featureStyles,
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
  styles: [featureStyles.benefits],
  i18n: ["benefit"],
  layout: "default",
  title: "titles.benefit",
  description: "descriptions.benefit",
  tab: "benefit",
  back: null,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lng, member] = await Promise.all([languageOf(request), readSession(request, context.services)]);
  const page = await benefitsPage(context.services, {
    lng,
    category: new URL(request.url).searchParams.get("category"),
    uid: member?.uid ?? null,
  });
  // A category's page is its own address; an unknown one shows all, so its address is the page's own.
  const seo = pageSeo(request, context.services.config, lng, { query: page.category ? ["category"] : [] });
  return json({ ...page, seo });
}

export default function BenefitRoute() {
  const { t } = useTranslation("benefit");
  const { categories, category, visa, forVisa, others } = useLoaderData<typeof loader>();
  return (
    <div className="benefits">
      <p className="benefits__intro">{t("benefit.intro")}</p>
      <nav className="category-tabs" aria-label={t("benefit.categoriesLabel")}>
        <ul>
          <li>
            <Link to="/benefit" aria-current={category === null ? "page" : undefined}>
              {t("benefit.all")}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c}>
              <Link to={`/benefit?category=${c}`} aria-current={category === c ? "page" : undefined}>
                {t(`benefit.categories.${c}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {visa ? (
        <section className="benefits__group" aria-labelledby="benefits-for-visa">
          <h2 id="benefits-for-visa">
            <SentenceWithValues sentence={(v) => t("benefit.forYourVisa", v)} values={{ visa }} />
          </h2>
          <BenefitList benefits={forVisa} showCategory={category === null} />
        </section>
      ) : null}
      <section className="benefits__group" aria-labelledby="benefits-all">
        <h2 id="benefits-all">{t(visa ? "benefit.otherServices" : "benefit.allServices")}</h2>
        {others.length ? (
          <BenefitList benefits={others} showCategory={category === null} />
        ) : (
          <p className="muted">{t("benefit.empty")}</p>
        )}
      </section>
    </div>
  );
}

function BenefitList({ benefits, showCategory }: { benefits: BenefitView[]; showCategory: boolean }) {
  return (
    <ul className="card-list">
      {benefits.map((benefit) => (
        <li key={benefit.itemCd}>
          <BenefitCard benefit={benefit} showCategory={showCategory} />
        </li>
      ))}
    </ul>
  );
}

function BenefitCard({ benefit, showCategory }: { benefit: BenefitView; showCategory: boolean }) {
  const { t } = useTranslation("benefit");
  const { text, lang, hours, languages, source } = benefit;
  const titleId = `benefit-${benefit.itemCd}`;
  /** The content's words, marked with their language (and its direction) when they are not the page's. */
  const marks = languageMarks(lang?.code);
  const words = (value: string) => (lang ? <span {...marks}>{value}</span> : value);
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
        {text.name}
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
        {row(t("benefit.eligible"), "eligible", words(text.eligible))}
        {row(t("benefit.apply"), "apply", words(text.apply))}
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
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
