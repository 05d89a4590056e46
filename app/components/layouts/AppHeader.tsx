import { useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The back button: a real link (to the page's declared parent) so it works
 * without JavaScript; with JavaScript it goes back in history when there is one.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <a className="app-header__back" href={fallback} onClick={onClick} aria-label={t("nav.back")}>
      <svg className="icon icon--back" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </a>
  );
}

export function AppHeader({ title, back, actions }: { title: string; back?: string | null; actions?: ReactNode }) {
  return (
    <header className="app-header">
      {back ? <BackButton fallback={back} /> : <span className="app-header__spacer" />}
      <h1 className="app-header__title">{title}</h1>
      <div className="app-header__actions">{actions}</div>
    </header>
  );
}
