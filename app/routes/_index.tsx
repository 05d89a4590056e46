import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { isbot } from "isbot";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { Icon } from "~/components/Icon";
import { useLinkNavigation } from "~/components/useLinkNavigation";
import { TodayPopup } from "~/components/TodayPopup";
import { hasChosenLanguage } from "~/i18n/languageChoice.server";
import type { PageHandle } from "~/lib/page";

export const handle: PageHandle = { layout: "main", title: "titles.main", tab: "home" };

export async function loader({ request }: LoaderFunctionArgs) {
  // A person's first visit is offered language selection; crawlers never are.
  if (!isbot(request.headers.get("user-agent")) && !(await hasChosenLanguage(request))) {
    throw redirect("/language?redirectTo=%2F");
  }
  return json({});
}

const entries = [
  { key: "visa", to: "/member/findVisa" },
  { key: "community", to: "/community" },
  { key: "loan", to: "/finance/loan" },
  { key: "exchange", to: "/finance/currencyExchange" },
  { key: "remittance", to: "/finance/remittance" },
  { key: "benefit", to: "/benefit" },
  { key: "mypage", to: "/mypage" },
] as const;

export default function MainRoute() {
  const { t } = useTranslation();
  const onClick = useLinkNavigation();
  return (
    <>
      <header className="main-header">
        <a href="/" className="main-header__logo" onClick={onClick}>
          <img src="/images/logo.svg" alt={t("app.name")} width="120" height="30" />
        </a>
        <div className="main-header__actions">
          <a
            href="/language?redirectTo=%2F"
            className="icon-button"
            onClick={onClick}
            aria-label={t("main.changeLanguage")}
          >
            <Icon name="language" />
          </a>
          <a href="/noti" className="icon-button inbox-link" onClick={onClick} aria-label={t("main.inbox")}>
            <Icon name="noti" />
            {/* Unread badge slot: filled with the member's unread count once sign-in exists. */}
            <span className="badge" data-slot="unread" hidden />
          </a>
        </div>
      </header>

      <section className="hero">
        <h1 className="hero__title">{t("main.greeting")}</h1>
        <p className="hero__text">{t("main.intro")}</p>
      </section>

      <nav aria-label={t("main.services")}>
        <ul className="entry-grid">
          {entries.map((entry) => (
            <li key={entry.key}>
              <a href={entry.to} className="entry-card" onClick={onClick}>
                <Icon name={entry.key} className="entry-card__icon" />
                <span className="entry-card__label">{t(`main.entries.${entry.key}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <TodayPopup />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
