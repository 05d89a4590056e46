/** Every partner offer in the order /shop lists them: to edit one or add one. Plain links: it works without JavaScript. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import { AdminItemList, ItemFacts } from "~/kits/adminList";
import { adminListLoader } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin", "shop"],
  title: "titles.adminOffers",
  back: "/admin",
  secret: true,
};

export const loader = (args: LoaderFunctionArgs) =>
  adminListLoader(
    (stores) => stores.offers.list(),
    (o) => ({
      itemCd: o.itemCd,
      partner: o.partner,
      title: o.translations.ko?.title ?? o.itemCd,
      checkedOn: o.checkedOn,
      languages: Object.keys(o.translations).join(" "),
    }),
  )(args);

export default function AdminOffersRoute() {
  const { t } = useTranslation(["admin", "shop"]);
  const { items } = useLoaderData<typeof loader>();
  return (
    <AdminItemList
      newTo="/admin/offers/edit"
      newLabel={t("admin.offers.new")}
      emptyText={t("shop.empty")}
      editLabel={t("admin.notices.edit")}
      items={items.map((o) => ({
        key: o.itemCd,
        title: <strong lang="ko">{o.title}</strong>,
        meta: (
          <ItemFacts facts={[{ ltr: o.itemCd }, { name: o.partner }, { ltr: o.checkedOn }, { ltr: o.languages }]} />
        ),
      }))}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
