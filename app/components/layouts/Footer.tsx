import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <img className="app-footer__logo" src="/images/logo-footer.svg" alt={t("app.name")} width="96" height="24" />
      <p className="app-footer__text">{t("footer.about")}</p>
      <p className="app-footer__copy">{t("footer.copyright", { year: formatDate(new Date()).slice(0, 4) })}</p>
    </footer>
  );
}
