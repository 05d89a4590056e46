/**
 * The visa finder's parts, shared by the finder (/member/findVisa) and my visa
 * (/mypage/visa): the search (a GET form, so it works without JavaScript), the
 * quick choices (the statuses most members hold) and the catalogue as one
 * collapsed group per family (<details>: opens without JavaScript too), so neither
 * page is a long scroll on a phone.
 */
import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import { SentenceWithValues } from "./SentenceWithLtr";

export function VisaSearch({
  action,
  query,
  hidden = {},
  resultCount,
  showAllHref,
}: {
  action: string;
  query: string;
  /** Kept with every search (the finder as a picker: `returnTo`). */
  hidden?: Record<string, string>;
  resultCount: number;
  showAllHref: string;
}) {
  const { t } = useTranslation("visaFinder");
  return (
    <>
      <Form method="get" action={action} role="search" className="visa-search">
        <label htmlFor="visa-q" className="visually-hidden">
          {t("visaFinder.search")}
        </label>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
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
          {resultCount > 0 ? (
            <SentenceWithValues sentence={(v) => t("visaFinder.results", v)} words={{ query }} count={resultCount} />
          ) : (
            <SentenceWithValues sentence={(v) => t("visaFinder.noResults", v)} words={{ query }} />
          )}{" "}
          <Link to={showAllHref}>{t("visaFinder.showAll")}</Link>
        </p>
      ) : null}
    </>
  );
}

export function VisaQuick({
  statuses,
  href,
}: {
  statuses: readonly { code: string; name: string; closed: boolean }[];
  href: (code: string) => string;
}) {
  const { t } = useTranslation("visaFinder");
  if (!statuses.length) return null;
  return (
    <section className="visa-quick" aria-labelledby="visa-quick-title">
      <h2 id="visa-quick-title" className="visa-family__name">
        {t("visaFinder.quick")}
      </h2>
      <ul className="visa-quick__list">
        {statuses.map((status) => (
          <li key={status.code}>
            <Link className="visa-chip" to={href(status.code)}>
              <span className="visa-chip__code">{status.code}</span>
              <span className="visa-chip__name">{status.name}</span>
              {status.closed ? <span className="visa-chip__closed">{t("visaFinder.closed")}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each family a closed group (open when `open`: a search's results), its statuses drawn by `item`. */
export function VisaFamilies<S extends { code: string }>({
  families,
  open,
  item,
}: {
  families: readonly { family: string; name: string; statuses: readonly S[] }[];
  open: boolean;
  item: (status: S) => ReactNode;
}) {
  return (
    <>
      {families.map((family) => (
        <details key={family.family} className="visa-family" open={open}>
          <summary className="visa-family__name">
            {family.name} <span className="visa-family__count">({family.statuses.length})</span>
          </summary>
          <ul className="visa-list">
            {family.statuses.map((status) => (
              <li key={status.code}>{item(status)}</li>
            ))}
          </ul>
        </details>
      ))}
    </>
  );
}
