/**
 * The remittance corridors /finance/remittance quotes, by country: whose figures, currencies with their margin,
 * the fee, the day they were read and where; each with a link to its form.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { AdminItemList, formatDate, RouteErrorBoundary } from "~/pageKit";
import { adminListLoader } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["remittance"],
  title: "titles.adminCorridors",
  back: "/admin",
  secret: true,
};

export const loader = (args: LoaderFunctionArgs) =>
  adminListLoader(
    (stores) => stores.corridors.list(),
    (c) => ({
      country: c.country,
      provider: c.provider,
      asOf: c.asOf,
      source: c.source,
      margins: c.offers.map((o) => `${o.currency} ${o.marginBasisPoints} bp`).join(", "),
      fee:
        c.fee.kind === "flat"
          ? `${c.fee.krw} KRW`
          : c.fee.tiers
              .map(
                (t) =>
                  `${t.upTo === null ? "…" : `≤ ${t.upTo} ${c.fee.kind === "tiered" ? c.fee.tierCurrency : ""}`}: ${t.krw}`,
              )
              .join(" · "),
      unverified: c.unverified,
      updatedOn: formatDate(c.updatedAt),
    }),
  )(args);

export default function AdminCorridorsRoute() {
  const { t } = useTranslation("remittance");
  const { items } = useLoaderData<typeof loader>();
  return (
    <>
      <p>{t("corridorAdmin.intro")}</p>
      <AdminItemList
        newTo="/admin/corridors/edit"
        by="country"
        newLabel={t("corridorAdmin.new")}
        emptyText={t("corridorAdmin.empty")}
        editLabel={t("corridorAdmin.edit")}
        items={items.map((c) => ({
          key: c.country,
          title: (
            <strong dir="ltr">
              {c.country} · {c.provider}
            </strong>
          ),
          meta: (
            <>
              <span className="notice-meta" dir="ltr">
                <span>{c.asOf}</span>
                <span>{c.source}</span>
              </span>
              <span className="notice-meta" dir="ltr">
                <span>
                  {t("corridorAdmin.margins")}: {c.margins}
                </span>
                <span>
                  {t("corridorAdmin.fees")}: {c.fee}
                </span>
                {c.unverified.length ? <span className="notice-tag">{c.unverified.join(", ")}</span> : null}
                <span>
                  {t("corridorAdmin.updated")}: {c.updatedOn}
                </span>
              </span>
            </>
          ),
        }))}
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
