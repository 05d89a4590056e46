/**
 * The remittance corridors /finance/remittance quotes, by country: whose figures, currencies with their margin,
 * the fee, the day they were read and where; each with a link to its form.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { formatDate, formatNumber, RouteErrorBoundary } from "~/pageKit";
import { AdminItemList } from "~/kits/adminList";
import { adminListLoader, corridorFactLabel, countryName, OWN_RESEARCH, TYPICAL_BANK_COUNTER } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["remittance"],
  title: "titles.adminCorridors",
  back: "/admin",
  secret: true,
};

/** Each fact in the operator's words (issue 41: no stored token such as "typicalBankCounter" or "research" shown). */
export const loader = (args: LoaderFunctionArgs) =>
  adminListLoader(
    (stores) => stores.corridors.list(),
    (c, lng) => {
      const fee = c.fee;
      return {
        country: c.country,
        countryName: countryName(c.country, lng),
        // The sentinels the form takes (finance/corridors.server.ts) by what they stand for; a provider or source by name.
        provider: c.provider === TYPICAL_BANK_COUNTER ? null : c.provider,
        source: c.source === OWN_RESEARCH ? null : c.source,
        asOf: c.asOf,
        margins: c.offers.map((o) => ({ currency: o.currency, percent: (o.marginBasisPoints / 100).toFixed(2) })),
        fee:
          fee.kind === "flat"
            ? { kind: "flat" as const, krw: formatNumber(fee.krw), currency: null, tiers: [] }
            : {
                kind: "tiered" as const,
                krw: null,
                currency: fee.tierCurrency,
                tiers: fee.tiers.map((t) => ({
                  upTo: t.upTo === null ? null : formatNumber(t.upTo),
                  krw: formatNumber(t.krw),
                })),
              },
        unverified: c.unverified.map(corridorFactLabel),
        updatedOn: formatDate(c.updatedAt),
      };
    },
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
            <strong>
              <bdi>{c.countryName}</bdi> <span dir="ltr">({c.country})</span> ·{" "}
              {c.provider === null ? t("corridorAdmin.providerTypical") : <bdi>{c.provider}</bdi>}
            </strong>
          ),
          meta: (
            <>
              <span className="notice-meta">
                <span dir="ltr">{c.asOf}</span>
                <span>{c.source === null ? t("corridorAdmin.sourceResearch") : <bdi>{c.source}</bdi>}</span>
              </span>
              <span className="notice-meta">
                <span>
                  {t("corridorAdmin.margins")}:{" "}
                  {c.margins
                    .map((m) => t("corridorAdmin.marginOf", { currency: m.currency, percent: m.percent }))
                    .join(", ")}
                </span>
                <span>
                  {t("corridorAdmin.fees")}:{" "}
                  {c.fee.kind === "flat"
                    ? t("corridorAdmin.feeFlatOf", { krw: c.fee.krw })
                    : c.fee.tiers
                        .map((tier) =>
                          tier.upTo === null
                            ? t("corridorAdmin.tierAbove", { krw: tier.krw })
                            : t("corridorAdmin.tierOf", { upTo: tier.upTo, currency: c.fee.currency, krw: tier.krw }),
                        )
                        .join(" · ")}
                </span>
                {c.unverified.length ? (
                  <span className="notice-tag">
                    {t("corridorAdmin.unverifiedList", { list: c.unverified.map((key) => t(key)).join(", ") })}
                  </span>
                ) : null}
                <span>
                  {t("corridorAdmin.updated")}: <span dir="ltr">{c.updatedOn}</span>
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
