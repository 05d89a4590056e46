import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { PageLanguage, useCatalog } from "~/i18n/useTranslation";
import { Analytics } from "./components/Analytics";
import { BuildCheck } from "./components/BuildCheck";
import { PageShell } from "./components/layouts/PageShell";
import { ModulePreloads } from "./components/ModulePreloads";
import { PageHead } from "./components/PageHead";
import { TranslateWidget } from "./components/TranslateWidget";
import {
  directionOf,
  ErrorView,
  fallbackLanguage,
  formatDate,
  InlineStylesheets,
  InlineTranslations,
  useHydratedMark,
  useNonce,
} from "./pageKit";
import {
  analyticsFor,
  isSsoPage,
  inboxUnread,
  json,
  readSession,
  publicConfig,
  languageOf,
  termsNoticeFor,
} from "~/routeKit.server";

// The stylesheets are inlined (InlineStylesheets): no request before the first paint.
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const handle = { i18n: ["common"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context.services;
  const [member, locale] = await Promise.all([readSession(request, context.services), languageOf(request)]);
  // Asked at once: on a shared database each is a round trip.
  const [unread, termsNotice] = member
    ? await Promise.all([
        inboxUnread(context.services, member.uid),
        termsNoticeFor(context.services, member.uid, request, locale),
      ])
    : [0, null];
  return json({
    locale,
    member: member ? { uid: member.uid } : null,
    // The inbox badge in every layout, with the page's own data: no request of its own.
    unread,
    // Terms versions the member has yet to answer, on every page (docs/decisions/0057).
    termsNotice,
    // Single sign-on's pages load nothing from third parties (their policy would refuse it anyway).
    analytics: isSsoPage(new URL(request.url)) ? null : analyticsFor(new URL(request.url).host, config),
    client: publicConfig(config),
    // The clock is read here, not while rendering: a render is a function of the loaders' data (the render cache relies on it).
    year: formatDate(new Date()).slice(0, 4),
    development: config.NODE_ENV === "development",
  });
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { catalog } = useCatalog();
  const locale = data?.locale ?? catalog.language ?? fallbackLanguage;
  // Everything below, the document's own title included, speaks the root loader's language.
  return (
    <PageLanguage language={locale}>
      <Document locale={locale}>{children}</Document>
    </PageLanguage>
  );
}

function Document({ locale, children }: { locale: string; children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  useHydratedMark();
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta
          name="viewport"
          content="width=device-width, initial-scale=1, viewport-fit=cover, interactive-widget=resizes-content"
        />
        <meta name="theme-color" content="#1f5fd6" />
        <PageHead />
        <Meta />
        <InlineStylesheets />
        <ModulePreloads />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* After the scripts: their preloads come first in the byte stream; modules run once all is parsed. */}
        <InlineTranslations />
        {data?.analytics ? <Analytics settings={data.analytics} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const { locale, client } = useLoaderData<typeof loader>();
  const { switchLanguage } = useCatalog();
  // The language page's choice reaches the root's data: the page follows once its words are here.
  useEffect(() => switchLanguage(locale), [locale, switchLanguage]);
  return (
    <>
      <PageShell>
        <Outlet />
      </PageShell>
      <BuildCheck intervalMs={client.buildCheckIntervalMs} />
      {client.translateWidget ? <TranslateWidget language={locale} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return (
    <PageShell layout="none">
      <ErrorView />
    </PageShell>
  );
}
