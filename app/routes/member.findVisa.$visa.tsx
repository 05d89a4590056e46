/**
 * One sojourn status and its sub-types. With `returnTo` (the finder is a
 * picker) each sub-type, and the status itself for anyone unsure, is a link that
 * takes the choice back. With `mine` (the join's completion page links here) the
 * member's own code is marked. An unknown status is a 404 from this route's boundary.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, particleRo, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { json, languageOf, notFound, pageSeo, safeRedirect, statusOfVisa, visaEntryIn } from "~/routeKit.server";
import { choiceHref, WorkBadge } from "~/kits/visa";

export const handle: PageHandle = {
  styles: [featureStyles.visaFinder],
  i18n: ["visaFinder"],
  layout: "default",
  title: "titles.selectVisa",
  back: "/member/findVisa",
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  const status = await visaEntryIn(params.visa ?? "", lng);
  if (!status) notFound(request);
  const url = new URL(request.url);
  const returnTo = url.searchParams.has("returnTo") ? safeRedirect(url.searchParams.get("returnTo"), "") : "";
  const mine = url.searchParams.get("mine") ?? "";
  return json({
    status,
    returnTo,
    mine: statusOfVisa(mine)?.code === status.code ? mine : null,
    seo: pageSeo(request, context.services.config, lng, { description: status.description }),
  });
}

export default function SelectVisaRoute() {
  const { t } = useTranslation("visaFinder");
  const { status, returnTo, mine } = useLoaderData<typeof loader>();
  const yours = <span className="visa-item__mine">{t("visaFinder.yours")}</span>;
  const back = `/member/findVisa${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`;
  return (
    <div className="visa-detail">
      <h2 className="visa-detail__heading">
        <span className="visa-item__code">{status.code}</span> {status.name}
      </h2>
      {mine === status.code ? <p>{yours}</p> : null}
      <p>{status.description}</p>
      {status.closedSince ? <p className="visa-detail__closed">{t("visaFinder.closed")}</p> : null}
      <WorkBadge work={status.work} />
      {status.subtypes.length > 0 ? (
        <section aria-labelledby="subtypes-heading">
          <h3 id="subtypes-heading">{returnTo ? t("visaFinder.chooseSubtype") : t("visaFinder.subtypes")}</h3>
          <ul className="visa-list">
            {status.subtypes.map((sub) => (
              <li key={sub.code}>
                {returnTo ? (
                  <Link className="visa-item" to={choiceHref(returnTo, sub.code)}>
                    <span className="visa-item__code">{sub.code}</span>
                    <span className="visa-item__name">{sub.name}</span>
                  </Link>
                ) : (
                  <span className="visa-item" aria-current={mine === sub.code ? "true" : undefined}>
                    <span className="visa-item__code">{sub.code}</span>
                    <span className="visa-item__name">{sub.name}</span>
                    {mine === sub.code ? yours : null}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {returnTo ? (
        <Link className="button button--secondary button--block" to={choiceHref(returnTo, status.code)}>
          {status.subtypes.length > 0 ? (
            <SentenceWithValues
              sentence={(v) => t("visaFinder.chooseStatus", { ...v, ro: particleRo(status.code) })}
              values={{ code: status.code }}
            />
          ) : (
            t("visaFinder.choose")
          )}
        </Link>
      ) : null}
      <p>
        <Link className="visa-detail__all" to={back}>
          {t("visaFinder.allVisas")}
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
