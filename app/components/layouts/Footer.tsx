import { useTranslation } from "react-i18next";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <img className="app-footer__logo" src="/images/logo-footer.svg" alt={t("app.name")} width="96" height="24" />
      <p className="app-footer__text">{t("footer.about")}</p>
      <p className="app-footer__copy">{t("footer.copyright", { year: 2026 })}</p>
    </footer>
  );
}
