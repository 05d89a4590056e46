/**
 * The visa finder: every sojourn status, grouped by family, with a search that
 * runs on the server (a GET form, so it works without JavaScript). With
 * `returnTo` it is a picker: the chosen visa goes back to that page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import {
  featureStyles,
  RouteErrorBoundary,
  safeRedirect,
  SentenceWithLtr,
  SentenceWithValues,
  WorkBadge,
} from "~/pageKit";
import { json, languageOf, quickVisaCodes, searchVisas } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.visaFinder],
  i18n: ["visaFinder"],
  layout: "default",
  title: "titles.findVisa",
  back: "/",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const returnTo = url.searchParams.has("returnTo") ? safeRedirect(url.searchParams.get("returnTo"), "") : "";
  // The page's data is what the list shows: sub-types and older codes, four fifths of the catalogue's bytes, stay
  // on the server, where the search reads them (a slow phone parses this data before its first paint).
  const families = (await searchVisas(query, await languageOf(request))).map((f) => ({
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
  const quick = query.trim() ? [] : quickVisaCodes.flatMap((code) => statuses.get(code) ?? []);
  return json({ query: query.trim(), returnTo, families, quick });
}

export default function FindVisaRoute() {
  const { t } = useTranslation("visaFinder");
  const { query, returnTo, families, quick } = useLoaderData<typeof loader>();
  const count = families.reduce((sum, f) => sum + f.statuses.length, 0);
  const detail = (code: string) =>
    `/member/findVisa/${code}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`;
  return (
    <div className="visa-finder">
      <p className="visa-finder__intro">{t("visaFinder.intro")}</p>
      <Form method="get" role="search" className="visa-search">
        <label htmlFor="visa-q" className="visually-hidden">
          {t("visaFinder.search")}
        </label>
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <input
          id="visa-q"
          type="search"
          name="q"
          defaultValue={query}
          // The hint is shown under the field: a placeholder this long is cut off on a 360 px phone.
          placeholder="D-2"
          aria-describedby="visa-q-hint"
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="button button--primary">
          {t("visaFinder.searchButton")}
        </button>
        <p id="visa-q-hint" className="visa-search__hint">
          {t("visaFinder.searchHint")}
        </p>
      </Form>
      {query ? (
        <p className="visa-finder__results" role="status">
          {count > 0 ? (
            <SentenceWithValues sentence={(v) => t("visaFinder.results", v)} words={{ query }} count={count} />
          ) : (
            <SentenceWithValues sentence={(v) => t("visaFinder.noResults", v)} words={{ query }} />
          )}{" "}
          <Link to={`/member/findVisa${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`}>
            {t("visaFinder.showAll")}
          </Link>
        </p>
      ) : null}
      {quick.length ? (
        <section className="visa-quick" aria-labelledby="visa-quick-title">
          <h2 id="visa-quick-title" className="visa-family__name">
            {t("visaFinder.quick")}
          </h2>
          <ul className="visa-quick__list">
            {quick.map((status) => (
              <li key={status.code}>
                <Link className="visa-chip" to={detail(status.code)}>
                  <span className="visa-chip__code">{status.code}</span>
                  <span className="visa-chip__name">{status.name}</span>
                  {status.closedSince ? <span className="visa-chip__closed">{t("visaFinder.closed")}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {families.map((family) => (
        <section key={family.family} className="visa-family" aria-labelledby={`family-${family.family}`}>
          <h2 id={`family-${family.family}`} className="visa-family__name">
            {family.name}
          </h2>
          <ul className="visa-list">
            {family.statuses.map((status) => (
              <li key={status.code}>
                <Link className="visa-item" to={detail(status.code)}>
                  <span className="visa-item__code">{status.code}</span>
                  <span className="visa-item__body">
                    <span className="visa-item__name">{status.name}</span>
                    <span className="visa-item__description">{status.description}</span>
                    <WorkBadge work={status.work} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="visa-finder__source">
        <SentenceWithLtr sentence={(phone) => t("visaFinder.source", { phone })} value="1345" href="tel:1345" />
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
