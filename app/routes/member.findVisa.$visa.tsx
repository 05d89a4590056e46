/**
 * One sojourn status and its sub-types, or one sub-type (/member/findVisa/D-2-2), each with its extension kit
 * (decision 0105): what to bring, pay and do to extend the stay, server-rendered for crawlers. With `returnTo`
 * (the finder is a picker) each sub-type, and the status itself for anyone unsure, is a link that takes the
 * choice back. With `mine` (the join's completion page links here) the member's own code is marked. An unknown
 * code (a legacy one included: no list offers it) is a 404 from this route's boundary.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, particleRo, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import {
  extensionKitView,
  json,
  languageOf,
  notFound,
  pageSeo,
  safeRedirect,
  statusOfVisa,
  visaEntryIn,
} from "~/routeKit.server";
import { choiceHref, ExtensionKit, WorkBadge } from "~/kits/visa";

export const handle: PageHandle = {
  styles: [featureStyles.visaFinder],
  i18n: ["visaFinder"],
  layout: "default",
  title: "titles.selectVisa",
  back: "/member/findVisa",
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  const code = params.visa ?? "";
  // A status ("D-2"), or one of its current sub-types ("D-2-2"): the sub-type's page shows its status beside it.
  const statusCode = statusOfVisa(code)?.code ?? "";
  const status = await visaEntryIn(statusCode, lng);
  const subtype = status?.subtypes.find((sub) => sub.code === code) ?? null;
  if (!status || (code !== status.code && !subtype)) notFound(request);
  const kit = await extensionKitView(context.services, code, lng);
  const url = new URL(request.url);
  const returnTo = url.searchParams.has("returnTo") ? safeRedirect(url.searchParams.get("returnTo"), "") : "";
  const mine = url.searchParams.get("mine") ?? "";
  return json({
    status,
    subtype,
    kit,
    returnTo,
    mine: statusOfVisa(mine)?.code === status.code ? mine : null,
    seo: pageSeo(request, context.services.config, lng, {
      description: subtype ? `${subtype.code} ${subtype.name}: ${status.description}` : status.description,
    }),
  });
}

export default function SelectVisaRoute() {
  const { t } = useTranslation("visaFinder");
  const { status, subtype, kit, returnTo, mine } = useLoaderData<typeof loader>();
  const yours = <span className="visa-item__mine">{t("visaFinder.yours")}</span>;
  const back = `/member/findVisa${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`;
  const kitPart = kit ? <ExtensionKit kit={kit} /> : <p className="muted">{t("extension.missing")}</p>;
  if (subtype) {
    return (
      <div className="visa-detail">
        <h2 className="visa-detail__heading">
          <span className="visa-item__code">{subtype.code}</span> {subtype.name}
        </h2>
        <p>
          <span className="visa-item__code">{status.code}</span> {status.name}
        </p>
        {subtype.verification !== "verified" ? <p className="muted">{t("extension.unverified")}</p> : null}
        <WorkBadge work={status.work} />
        {kitPart}
        <p>
          <Link className="visa-detail__all" to={`/member/findVisa/${status.code}`}>
            <SentenceWithValues sentence={(v) => t("extension.subtypeOf", v)} values={{ code: status.code }} />
          </Link>
        </p>
        <p>
          <Link className="visa-detail__all" to={back}>
            {t("visaFinder.allVisas")}
          </Link>
        </p>
      </div>
    );
  }
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
                  <Link
                    className="visa-item"
                    to={`/member/findVisa/${sub.code}`}
                    aria-current={mine === sub.code ? "true" : undefined}
                  >
                    <span className="visa-item__code">{sub.code}</span>
                    <span className="visa-item__name">{sub.name}</span>
                    {mine === sub.code ? yours : null}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {returnTo ? null : kitPart}
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
