import { Link, useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { Icon } from "../Icon";

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
    <Link className="app-header__back" to={fallback} onClick={onClick} aria-label={t("nav.back")}>
      <Icon name="back" className="icon--back" />
    </Link>
  );
}

export function AppHeader({
  title,
  back,
  actions,
  heading = true,
}: {
  title: string;
  back?: string | null;
  actions?: ReactNode;
  /** False where the page draws its own <h1> (PageHandle.ownHeading). */
  heading?: boolean;
}) {
  const Title = heading ? "h1" : "p";
  return (
    <header className="app-header">
      {back ? <BackButton fallback={back} /> : <span className="app-header__spacer" />}
      <Title className="app-header__title">{title}</Title>
      <div className="app-header__actions">{actions}</div>
    </header>
  );
}
