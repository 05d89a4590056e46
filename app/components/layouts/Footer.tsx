import { Form, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import footerLogo from "~/assets/logo-footer.svg";
import type { loader as rootLoader } from "~/root";
import { Branded } from "../Branded";

export function Footer() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <footer className="app-footer">
      <img
        className="app-footer__logo"
        src={footerLogo}
        alt={t("app.name")}
        width="96"
        height="24"
        loading="lazy"
        decoding="async"
      />
      <p className="app-footer__text">{t("footer.about")}</p>
      {root?.member ? (
        <Form method="post" action="/member/signOut" className="app-footer__signout">
          <button type="submit" className="link-button">
            {t("nav.signOut")}
          </button>
        </Form>
      ) : null}
      <p className="app-footer__copy">
        {root?.year ? <Branded>{t("footer.copyright", { year: root.year })}</Branded> : null}
      </p>
    </footer>
  );
}
