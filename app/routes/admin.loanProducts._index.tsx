/**
 * The loan products shown below /finance/loan's calculator (shipped ones included), in their order: each with
 * its lender, name, date checked and languages, and a link to edit it; and a link to add one. Admins only (the
 * guard answers 404); works without JavaScript.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { AdminItemList, RouteErrorBoundary } from "~/pageKit";
import { json, requireAdmin } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin", "loan"],
  title: "titles.adminLoanProducts",
  back: "/admin",
  secret: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const products = await context.services.stores.loanProducts.list();
  return json({
    items: products.map((p) => ({
      itemCd: p.itemCd,
      lender: p.lender,
      name: p.translations.ko?.name ?? p.itemCd,
      checkedOn: p.source.checkedOn,
      languages: Object.keys(p.translations),
    })),
  });
}

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
        meta: (
          <span className="notice-meta">
            <span>{p.lender}</span>
            <span dir="ltr">{p.itemCd}</span>
            <span dir="ltr">{p.checkedOn}</span>
            <span dir="ltr">{p.languages.join(" ")}</span>
          </span>
        ),
        editTo: `/admin/loanProducts/edit?itemCd=${encodeURIComponent(p.itemCd)}`,
      }))}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
