/**
 * The extension kits (issue 43, decision 0105): one per visa status of the catalogue, in their order, each with its
 * status, whether it can be extended, its sources' newest day and its languages, and a link to edit it. Admins only
 * (the guard answers 404); works without JavaScript. A kit is never added here: the catalogue has one per status.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import { AdminItemList, ItemFacts } from "~/kits/adminList";
import { adminListLoader } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin"],
  title: "titles.adminExtensionKits",
  back: "/admin",
  secret: true,
};

export const loader = (args: LoaderFunctionArgs) =>
  adminListLoader(
    (stores) => stores.extensionKits.list(),
    (k) => ({
      itemCd: k.itemCd,
      checkedOn:
        k.sources
          .map((s) => s.checkedOn)
          .sort()
          .at(-1) ?? "",
      languages: Object.keys(k.translations).join(" "),
    }),
  )(args);

export default function AdminExtensionKitsRoute() {
  const { t } = useTranslation(["admin"]);
  const { items } = useLoaderData<typeof loader>();
  return (
    <AdminItemList
      newTo="/admin/extensionKits/edit"
      emptyText={t("admin.kits.empty")}
      editLabel={t("admin.notices.edit")}
      items={items.map((k) => ({
        key: k.itemCd,
        title: <strong dir="ltr">{k.itemCd}</strong>,
        meta: <ItemFacts facts={[{ ltr: k.checkedOn }, { ltr: k.languages }]} />,
      }))}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
