import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { isbot } from "isbot";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/ErrorView";
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
  { key: "visa", to: "/member/findVisa", icon: "M4 4h16v16H4zM8 9h8M8 13h8M8 17h5" },
  { key: "community", to: "/community", icon: "M4 5h16v11H8l-4 4z" },
  { key: "loan", to: "/finance/loan", icon: "M3 10l9-6 9 6M5 10v8M19 10v8M9 10v8M15 10v8M3 20h18" },
  { key: "exchange", to: "/finance/currencyExchange", icon: "M4 8h13l-3-3M20 16H7l3 3" },
  { key: "remittance", to: "/finance/remittance", icon: "M3 12h14M13 6l6 6-6 6" },
  { key: "benefit", to: "/benefit", icon: "M4 9h16v11H4zM2 6h20v3H2zM12 6v14" },
  { key: "mypage", to: "/mypage", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6" },
] as const;

export default function MainRoute() {
  const { t } = useTranslation();
  return (
    <>
      <header className="main-header">
        <Link to="/" className="main-header__logo">
          <img src="/images/logo.svg" alt={t("app.name")} width="120" height="30" />
        </Link>
        <div className="main-header__actions">
          <Link to="/language?redirectTo=%2F" className="icon-button" aria-label={t("main.changeLanguage")}>
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
            </svg>
          </Link>
          <Link to="/noti" className="icon-button inbox-link" aria-label={t("main.inbox")}>
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
            {/* Unread badge slot: filled with the member's unread count once sign-in exists. */}
            <span className="badge" data-slot="unread" hidden />
          </Link>
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
              <Link to={entry.to} className="entry-card">
                <svg className="icon entry-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={entry.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
                </svg>
                <span className="entry-card__label">{t(`main.entries.${entry.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TodayPopup />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
