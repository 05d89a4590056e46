/**
 * The loan products shown below /finance/loan's calculator (shipped ones included), in their order: each with
 * its lender, name, date checked and languages, and a link to edit it; and a link to add one. Admins only (the
 * guard answers 404); works without JavaScript.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import { AdminItemList, ItemFacts } from "~/kits/adminList";
import { adminListLoader } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin", "loan"],
  title: "titles.adminLoanProducts",
  back: "/admin",
  secret: true,
};

export const loader = (args: LoaderFunctionArgs) =>
  adminListLoader(
    (stores) => stores.loanProducts.list(),
    (p) => ({
      itemCd: p.itemCd,
      lender: p.lender,
      name: p.translations.ko?.name ?? p.itemCd,
      checkedOn: p.source.checkedOn,
      languages: Object.keys(p.translations).join(" "),
    }),
  )(args);

export default function AdminLoanProductsRoute() {
  const { t } = useTranslation(["admin", "loan"]);
  const { items } = useLoaderData<typeof loader>();
  return (
    <AdminItemList
      newTo="/admin/loanProducts/edit"
      newLabel={t("loanAdmin.new")}
      emptyText={t("loanAdmin.empty")}
      editLabel={t("admin.notices.edit")}
      items={items.map((p) => ({
        key: p.itemCd,
        title: <strong lang="ko">{p.name}</strong>,
        meta: <ItemFacts facts={[{ text: p.lender }, { ltr: p.itemCd }, { ltr: p.checkedOn }, { ltr: p.languages }]} />,
      }))}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
