/**
 * The visa finder: the statuses most members hold first, then every sojourn
 * status in one closed group per family (open after a search), with a search that
 * runs on the server (a GET form, so it works without JavaScript). With
 * `returnTo` it is a picker: the chosen visa goes back to that page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithLtr } from "~/pageKit";
import { VisaFamilies, VisaQuick, VisaSearch, WorkBadge } from "~/kits/visa";
import { json, languageOf, pageSeo, quickVisaCodes, safeRedirect, searchVisas } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.visaFinder],
  i18n: ["visaFinder"],
  layout: "default",
  title: "titles.findVisa",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const returnTo = url.searchParams.has("returnTo") ? safeRedirect(url.searchParams.get("returnTo"), "") : "";
  // The page's data is what the list shows: sub-types and older codes, four fifths of the catalogue's bytes, stay
  // on the server, where the search reads them (a slow phone parses this data before its first paint).
  const lng = await languageOf(request);
  const families = (await searchVisas(query, lng)).map((f) => ({
    family: f.family,
    name: f.name,
    statuses: f.statuses.map(({ code, name, description, work, closedSince }) => ({
      code,
      name,
      description,
      work,
      closedSince,
    })),
  }));
  // Without a search, the statuses most members hold come first as quick choices.
  const statuses = new Map(families.flatMap((f) => f.statuses.map((s) => [s.code, s])));
  const quick = query.trim()
    ? []
    : quickVisaCodes.flatMap((code) => {
        const status = statuses.get(code);
        return status ? [{ code, name: status.name, closed: Boolean(status.closedSince) }] : [];
      });
  // A search is not a page of its own: its canonical address is the finder's.
  return json({ query: query.trim(), returnTo, families, quick, seo: pageSeo(request, context.services.config, lng) });
}

export default function FindVisaRoute() {
  const { t } = useTranslation("visaFinder");
  const { query, returnTo, families, quick } = useLoaderData<typeof loader>();
  const count = families.reduce((sum, f) => sum + f.statuses.length, 0);
  const keep = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  const detail = (code: string) => `/member/findVisa/${code}${keep}`;
  return (
    <div className="visa-finder">
      <p className="visa-finder__intro">{t("visaFinder.intro")}</p>
      <VisaSearch
        action="/member/findVisa"
        query={query}
        hidden={returnTo ? { returnTo } : {}}
        resultCount={count}
        showAllHref={`/member/findVisa${keep}`}
      />
      <VisaQuick statuses={quick} href={detail} />
      <VisaFamilies
        families={families}
        open={Boolean(query)}
        item={(status) => (
          <Link className="visa-item" to={detail(status.code)}>
            <span className="visa-item__code">{status.code}</span>
            <span className="visa-item__body">
              <span className="visa-item__name">{status.name}</span>
              <span className="visa-item__description">{status.description}</span>
              <WorkBadge work={status.work} />
            </span>
          </Link>
        )}
      />
      <p className="visa-finder__source">
        <SentenceWithLtr sentence={(phone) => t("visaFinder.source", { phone })} value="1345" href="tel:1345" />
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
