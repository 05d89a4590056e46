import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import { TodayPopup } from "~/components/TodayPopup";
import { VisaCard } from "~/components/VisaCard";
import type { PageHandle } from "~/lib/page";
import { Logo } from "~/components/Logo";
import { leavingLinkFor } from "~/finance/leaving";
import type { loader as rootLoader } from "~/root";
import {
  AppointmentCard,
  featureStyles,
  Icon,
  InboxBell,
  KoreanTerms,
  languageMarks,
  RateTag,
  RouteErrorBoundary,
  SentenceWithValues,
} from "~/pageKit";
import {
  appointmentView,
  json,
  redirect,
  hasChosenLanguage,
  homeRate,
  isCrawler,
  languageOf,
  lastUseLinks,
  memberHome,
  pageSeo,
  pinnedNoticeLine,
  readSession,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.home],
  i18n: ["home"],
  layout: "main",
  title: "titles.main",
  tab: "home",
  // A visitor's home is the same for everyone with the same cookies and languages (a member's is private and never
  // kept): the most read page is answered again for a few seconds like the notices (decision 0115).
  shared: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A person's first visit is offered language selection; crawlers never are.
  if (!isCrawler(request.headers.get("user-agent")) && !(await hasChosenLanguage(request))) {
    throw redirect("/language?redirectTo=%2F");
  }
  const session = await readSession(request, context.services);
  const lng = await languageOf(request);
  const [member, pinned, appointment] = await Promise.all([
    session ? memberHome(context.services, session.uid, lng) : null,
    // The pinned notice, one line for visitors and members alike.
    pinnedNoticeLine(context.services, lng, Date.now()),
    // The member's upcoming appointment at an immigration office (issue 43).
    session ? appointmentView(context.services, session.uid) : null,
  ]);
  // The member's corridor's rate (visitors: the US dollar's), one tap from the estimate.
  const [rate, tools] = await Promise.all([
    homeRate(context.services, { nationality: member?.nationality ?? null, lng }),
    // A member's links open each money tool on the values they last used (decision 0102); a visitor's are bare.
    lastUseLinks(request, context.services, member ? session?.uid : null),
  ]);
  // The rate's estimate too, when the last one was for the same country.
  const lastCountry = new URLSearchParams(tools.remittance.split("?")[1] ?? "").get("country");
  if (rate?.country && lastCountry === rate.country.code) rate.href = tools.remittance;
  return json({
    member,
    appointment: member ? appointment : null,
    pinned,
    rate,
    tools,
    seo: pageSeo(request, context.services.config, lng),
  });
}

/** The services after the visa finder, which leads the page as a wide tile. */
const entries = [
  { key: "community", to: "/community" },
  { key: "loan", to: "/finance/loan", tool: "loan" },
  { key: "exchange", to: "/finance/currencyExchange", tool: "exchange" },
  { key: "remittance", to: "/finance/remittance", tool: "remittance" },
  { key: "benefit", to: "/benefit" },
  { key: "shop", to: "/shop" },
  { key: "mypage", to: "/mypage" },
] as const;

export default function MainRoute() {
  const { member, appointment, pinned, rate, tools } = useLoaderData<typeof loader>();
  const unread = useRouteLoaderData<typeof rootLoader>("root")?.unread ?? 0;
  const { t } = useTranslation("home");
  const { t: tc } = useTranslation("common");
  // E-9 and H-2 workers are shown what they are owed on leaving, for their nationality and visa (issue 44).
  const leavingLink = leavingLinkFor({
    nationality: member?.nationality ?? null,
    status: member?.visa?.status ?? null,
  });
  return (
    <>
      <header className="main-header">
        <Link to="/" className="main-header__logo">
          <Logo />
        </Link>
        <div className="main-header__actions">
          <Link to="/language?redirectTo=%2F" className="icon-button" aria-label={t("main.changeLanguage")}>
            <Icon name="language" />
          </Link>
          <InboxBell unread={unread} className="icon-button inbox-link" />
        </div>
      </header>

      {pinned ? (
        <Link to={`/mypage/noticeDetail?itemCd=${encodeURIComponent(pinned.itemCd)}`} className="home-notice">
          <span className="home-notice__tag">{t("main.pinnedNotice")}</span>
          <span className="home-notice__title" {...languageMarks(pinned.lang?.code)}>
            <KoreanTerms lang={pinned.lang?.code}>{pinned.title}</KoreanTerms>
          </span>
          {pinned.lang ? (
            <span className="home-notice__shown-in">{tc("content.shownIn", { language: pinned.lang.name })}</span>
          ) : null}
          <Icon name="chevron" className="icon--chevron home-notice__chevron" />
        </Link>
      ) : null}

      {member ? (
        <>
          <h1 className="member-greeting">{t("main.memberGreeting", { name: member.name })}</h1>
          <VisaCard visa={member.visa} stay={member.stay} />
          <AppointmentCard appointment={appointment} />
          {leavingLink ? (
            <Link to={leavingLink} className="visa-tile home-leaving">
              <Icon name="benefit" className="visa-tile__icon" />
              <span className="visa-tile__text">
                <strong>{t("main.leaving.title")}</strong>
                <span>{t("main.leaving.text")}</span>
              </span>
              <Icon name="chevron" className="icon--chevron visa-tile__chevron" />
            </Link>
          ) : null}
        </>
      ) : (
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" className="hero__title">
            {t("main.greeting")}
          </h1>
          <p className="hero__text">{t("main.intro")}</p>
          <ul className="hero__points">
            <li>{t("main.points.visa")}</li>
            <li>{t("main.points.community")}</li>
            <li>{t("main.points.money")}</li>
          </ul>
          <Link to="/member/start" className="button button--block hero__start">
            {t("main.start")}
          </Link>
          <p className="hero__hint">{t("main.startHint")}</p>
        </section>
      )}

      {rate ? (
        <section className="home-rate" aria-labelledby="home-rate-title">
          <h2 id="home-rate-title" className="home-rate__title">
            {rate.country ? t("main.rate.titleCountry", { country: rate.country.name }) : t("main.rate.title")}
          </h2>
          <p className="home-rate__figure">
            <bdi dir="ltr">
              {rate.unit} {rate.currency} = {rate.krw} KRW
            </bdi>
          </p>
          <RateTag rate={rate.rate} />
          {rate.throughUsd ? (
            <p className="home-rate__through">
              <SentenceWithValues
                sentence={(v) => t("main.rate.throughUsd", v)}
                values={{ currency: rate.throughUsd }}
              />
            </p>
          ) : null}
          <Link to={rate.href} className="button button--secondary home-rate__link">
            {rate.country ? t("main.rate.estimateCountry", { country: rate.country.name }) : t("main.rate.estimate")}
          </Link>
        </section>
      ) : null}

      <nav aria-labelledby="services-title" className="services">
        <h2 id="services-title" className="services__title">
          {t("main.services")}
        </h2>
        <Link to="/member/findVisa" className="visa-tile">
          <Icon name="visa" className="visa-tile__icon" />
          <span className="visa-tile__text">
            <strong>{t("main.visaTile.title")}</strong>
            <span>{t("main.visaTile.text")}</span>
          </span>
          <Icon name="chevron" className="icon--chevron visa-tile__chevron" />
        </Link>
        <ul className="entry-grid">
          {entries.map((entry) => (
            <li key={entry.key}>
              <Link to={"tool" in entry ? tools[entry.tool] : entry.to} className="entry-card">
                <Icon name={entry.key} className="entry-card__icon" />
                <span className="entry-card__label">{t(`main.entries.${entry.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TodayPopup message={member?.stay ? "popup.messageRegistered" : "popup.message"} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
