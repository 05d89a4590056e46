/**
 * Every benefit, the shipped ones too (content/benefits.json, stored at start), in
 * the order /benefit lists them: to edit one or add one. Plain links: it works
 * without JavaScript.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { formatDate, RouteErrorBoundary } from "~/pageKit";
import { AdminItemList, ItemFacts } from "~/kits/adminList";
import { adminListLoader } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin", "benefit"],
  title: "titles.adminBenefits",
  back: "/admin",
  secret: true,
};

export const loader = (args: LoaderFunctionArgs) =>
  adminListLoader(
    (stores) => stores.benefits.list({}),
    (b) => ({
      itemCd: b.itemCd,
      name: b.translations.ko?.name ?? b.itemCd,
      category: b.category,
      checkedOn: b.source.checkedOn,
      updatedOn: formatDate(b.updatedAt),
      languages: Object.keys(b.translations).join(" "),
    }),
  )(args);

export default function AdminBenefitsRoute() {
  const { t } = useTranslation(["admin", "benefit"]);
  const { items } = useLoaderData<typeof loader>();
  return (
    <AdminItemList
      newTo="/admin/benefits/edit"
      newLabel={t("admin.benefits.new")}
      emptyText={t("benefit.empty")}
      editLabel={t("admin.notices.edit")}
      items={items.map((b) => ({
        key: b.itemCd,
        title: <strong lang="ko">{b.name}</strong>,
        meta: (
          <ItemFacts
            facts={[
              { ltr: b.itemCd },
              { tag: t(`benefit.categories.${b.category}`) },
              { ltr: b.checkedOn },
              { ltr: b.languages },
            ]}
          />
        ),
      }))}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
