/**
 * The document's title, description and search tags: the deepest route whose data
 * has `seo` (lib/seo.ts) gives its canonical address, language alternates and Open
 * Graph tags; every other page keeps its handle's title and description (the app's when the
 * handle has none).
 */
import { useMatches } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import { usePage } from "~/lib/page";
import { seoLinks, type PageSeo } from "~/lib/seo";

function usePageSeo(): PageSeo | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const seo = (matches[i]!.data as { seo?: PageSeo } | undefined)?.seo;
    if (seo) return seo;
  }
  return null;
}

export function PageHead() {
  const { t } = useTranslation();
  const { titleKey, descriptionKey } = usePage();
  const seo = usePageSeo();
  const appName = t("app.name");
  const heading = seo?.title ?? t(titleKey);
  const title = !seo?.title && titleKey === "titles.main" ? appName : `${heading} | ${appName}`;
  const description = seo?.description ?? t(descriptionKey);
  const links = seo ? seoLinks(seo) : null;
  return (
    <>
      <meta name="description" content={description} />
      <title>{title}</title>
      {links ? (
        <>
          <link rel="canonical" href={links.canonical} />
          {links.alternates.map((a) => (
            <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
          ))}
          <meta property="og:title" content={seo!.title ?? (titleKey === "titles.main" ? appName : heading)} />
          <meta property="og:description" content={description} />
          <meta property="og:url" content={links.canonical} />
          <meta property="og:locale" content={seo!.ogLocale} />
          <meta property="og:type" content={seo!.type} />
          <meta property="og:site_name" content={appName} />
        </>
      ) : null}
    </>
  );
}
