import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";

export const handle: PageHandle = { i18n: ["shop"], layout: "blank", title: "titles.shop" };

export default function ShopRoute() {
  const { t } = useTranslation("shop");
  return (
    <section className="coming-soon" aria-labelledby="shop-title">
      <h1 id="shop-title">{t("shop.title")}</h1>
      <p>{t("shop.message")}</p>
      <Link className="button button--primary" to="/">
        {t("errors.goHome")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
